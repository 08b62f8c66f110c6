import fc from "fast-check";

/**
 * Test support: random regular expressions (JavaScript syntax, no `u` flag) together with a string each one
 * matches, for the property tests of Grep's literal prefilter and line matcher.
 */
export interface RegexSample {
  source: string;
  text: string;
}

const SPECIAL = new Set([..."\\^$.|?*+()[]{}/"]);
const escape = (char: string) => (SPECIAL.has(char) ? `\\${char}` : char);

const literal: fc.Arbitrary<RegexSample> = fc
  .constantFrom(..."abcxyzAB -_.*+?()[]{}|^$\\/\n\té")
  .map((char) => ({ source: escape(char), text: char }));

const classes: fc.Arbitrary<RegexSample> = fc.constantFrom(
  { source: "[abc]", text: "b" },
  { source: "[^a]", text: "z" },
  { source: "[a-c]", text: "c" },
  { source: "\\d", text: "7" },
  { source: "\\w", text: "q" },
  { source: "\\s", text: " " },
  { source: "\\S", text: "x" },
  { source: ".", text: "y" },
  { source: "\\x41", text: "A" },
  { source: "\\u0062", text: "b" },
  { source: "[]]", text: "" },
);

function quantified(atom: RegexSample, repeat: number): fc.Arbitrary<RegexSample> {
  const times = (count: number) => atom.text.repeat(count);
  return fc.constantFrom(
    { source: `${atom.source}*`, text: times(repeat) },
    { source: `${atom.source}+`, text: times(repeat + 1) },
    { source: `${atom.source}?`, text: times(Math.min(repeat, 1)) },
    { source: `${atom.source}{2}`, text: times(2) },
    { source: `${atom.source}{1,3}`, text: times(1 + (repeat % 3)) },
    { source: `${atom.source}*?`, text: times(repeat) },
  );
}

/** Characters and classes: the only atoms that get quantifiers (a quantified group such as `(?:.{1,3}|y*A)*?`
 * can backtrack for minutes, which would make the tests hang rather than fail). */
const simple = fc.oneof({ weight: 5, arbitrary: literal }, { weight: 2, arbitrary: classes.filter((sample) => sample.text !== "") });

const { node } = fc.letrec<{ node: RegexSample; sequence: RegexSample; atom: RegexSample }>((tie) => ({
  atom: fc.oneof(
    { depthSize: "small", maxDepth: 3, depthIdentifier: "regex" },
    { weight: 7, arbitrary: simple },
    { weight: 1, arbitrary: tie("sequence").map((inner) => ({ source: `(?:${inner.source})`, text: inner.text })) },
    { weight: 1, arbitrary: tie("sequence").map((inner) => ({ source: `(${inner.source})`, text: inner.text })) },
    {
      weight: 1,
      arbitrary: fc.tuple(tie("sequence"), tie("sequence"), fc.boolean()).map(([left, right, first]) => ({
        source: `(?:${left.source}|${right.source})`,
        text: first ? left.text : right.text,
      })),
    },
  ),
  sequence: fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: tie("atom") },
        { weight: 1, arbitrary: fc.tuple(simple, fc.nat(2)).chain(([atom, repeat]) => quantified(atom, repeat)) },
      ),
      { minLength: 1, maxLength: 4, depthIdentifier: "regex" },
    )
    .map((parts) => ({ source: parts.map((part) => part.source).join(""), text: parts.map((part) => part.text).join("") })),
  node: fc.oneof(
    { weight: 4, arbitrary: tie("sequence") },
    {
      weight: 1,
      arbitrary: fc.tuple(tie("sequence"), tie("sequence"), fc.boolean()).map(([left, right, first]) => ({
        source: `${left.source}|${right.source}`,
        text: first ? left.text : right.text,
      })),
    },
  ),
}));

/** A regex and a string it matches, with random text around it. */
export const regexSample: fc.Arbitrary<RegexSample> = fc
  .tuple(node, fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
  .map(([sample, before, after]) => ({ source: sample.source, text: before + sample.text + after }));

/** Arbitrary sources built from metacharacters: many are invalid, the valid ones are strange. */
export const hostileSource: fc.Arbitrary<string> = fc.string({ unit: fc.constantFrom(..."ab^$.|?*+()[]{}\\0123dwsbBk<>=!:-,"), maxLength: 14 });
