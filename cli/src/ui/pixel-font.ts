/**
 * The 5 × 7 pixel font of the banner's title (seed § 15.4). Only the letters the title uses are drawn; any other
 * character is a blank cell of the same width, so a different title never breaks the layout.
 */
export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

const GLYPHS: Record<string, readonly string[]> = {
  M: ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
  a: [".....", ".....", ".###.", "....#", ".####", "#...#", ".####"],
  i: ["..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###."],
};

const BLANK: readonly string[] = Array.from({ length: GLYPH_HEIGHT }, () => ".".repeat(GLYPH_WIDTH));

/** The text as a pixel grid (true = ink), one blank column between letters. */
export function textPixels(text: string): boolean[][] {
  const letters = [...text].map((letter) => GLYPHS[letter] ?? BLANK);
  const width = letters.length === 0 ? 0 : letters.length * (GLYPH_WIDTH + 1) - 1;
  const grid = Array.from({ length: GLYPH_HEIGHT }, () => Array.from({ length: width }, () => false));
  letters.forEach((glyph, index) => {
    for (let y = 0; y < GLYPH_HEIGHT; y += 1) {
      for (let x = 0; x < GLYPH_WIDTH; x += 1) {
        const row = grid[y];
        if (row && glyph[y]?.[x] === "#") row[index * (GLYPH_WIDTH + 1) + x] = true;
      }
    }
  });
  return grid;
}
