/** One terminal cell: its character and the colours and attributes it is drawn with. */
export interface Cell {
  char: string;
  fg?: string;
  bg?: string;
  dim: boolean;
  inverse: boolean;
}

/**
 * What a terminal shows for `text`, cell by cell (the SGR codes chalk writes: true colours, the 16 colours and
 * their bright forms, dim, inverse, resets), without trailing blank cells: two texts that draw the same screen
 * give the same cells however their escape sequences were grouped.
 */
export function cells(text: string): Cell[][] {
  return text.split("\n").map((line) => {
    const row: Cell[] = [];
    let state: Omit<Cell, "char"> = { dim: false, inverse: false };
    // eslint-disable-next-line no-control-regex -- the escape sequences are what is parsed.
    for (const [, params, char] of line.matchAll(/\u001b\[([0-9;]*)m|([^\u001b])/gu)) {
      if (char !== undefined) {
        row.push({ char, ...state });
        continue;
      }
      const codes = (params || "0").split(";").map(Number);
      for (let index = 0; index < codes.length; index += 1) {
        const code = codes[index];
        if (code === 0) state = { dim: false, inverse: false };
        else if (code === 2) state = { ...state, dim: true };
        else if (code === 22) state = { ...state, dim: false };
        else if (code === 7) state = { ...state, inverse: true };
        else if (code === 27) state = { ...state, inverse: false };
        else if (code === 39) state = { ...state, fg: undefined };
        else if (code === 49) state = { ...state, bg: undefined };
        else if ((code === 38 || code === 48) && codes[index + 1] === 2) {
          const colour = codes.slice(index + 2, index + 5).join(",");
          state = code === 38 ? { ...state, fg: colour } : { ...state, bg: colour };
          index += 4;
        } else if (code !== undefined && ((code >= 30 && code <= 37) || (code >= 90 && code <= 97))) state = { ...state, fg: `ansi${code}` };
      }
    }
    while (row.length > 0 && row.at(-1)?.char === " " && row.at(-1)?.bg === undefined && !row.at(-1)?.inverse) row.pop();
    return row;
  });
}
