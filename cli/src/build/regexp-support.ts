/**
 * Regular-expression features Node 22 runs as written but that esbuild's tables would lower to `new RegExp(...)`
 * calls: Unicode property escapes (`\p{…}`), the `v` flag, lookbehind. A literal's pattern is compiled once; a
 * `new RegExp` in a callback builds a regular expression at every call — Ink's renderer filtered each character of
 * each frame's text through one (issue 41). Given to esbuild as its `supported` option in every build.
 */
export const REGEXP_SUPPORT: Readonly<Record<string, boolean>> = {
  "regexp-unicode-property-escapes": true,
  "regexp-set-notation": true,
  "regexp-lookbehind-assertions": true,
};
