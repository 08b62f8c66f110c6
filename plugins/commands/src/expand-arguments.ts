/**
 * A custom command's body for one use: `$ARGUMENTS` becomes everything typed after the command name, `$1`…`$9`
 * the words of it (a word in double or single quotes may hold blanks), a missing word becomes empty. The text is
 * replaced in one pass, so an argument that itself contains `$1` stays as typed. A body that names no placeholder
 * gets the arguments on an `ARGUMENTS:` line, as skills do, so that what the user typed is never lost.
 */
export function expandArguments(body: string, args: string): string {
  const all = args.trim();
  const words = splitArguments(all);
  let used = false;
  const expanded = body.replace(/\$(ARGUMENTS|[1-9])/g, (_match, key: string) => {
    used = true;
    return key === "ARGUMENTS" ? all : (words[Number(key) - 1] ?? "");
  });
  if (used || all === "") return expanded;
  return `${expanded.replace(/\s+$/, "")}\n\nARGUMENTS: ${all}`;
}

/**
 * The words of an argument line: blanks separate, `"…"` or `'…'` groups blanks into one word (quotes removed),
 * a backslash inside double quotes keeps the next `"` or `\`. An unclosed quote runs to the end. Never throws.
 */
export function splitArguments(line: string): string[] {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index] as string;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (quote === '"' && char === "\\" && (line[index + 1] === '"' || line[index + 1] === "\\")) {
        current += line[index + 1];
        index += 1;
      } else current += char;
      continue;
    }
    if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
      continue;
    }
    inWord = true;
    if (char === '"' || char === "'") quote = char;
    else current += char;
  }
  if (inWord) words.push(current);
  return words;
}
