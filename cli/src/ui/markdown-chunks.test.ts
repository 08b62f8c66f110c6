import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitMarkdown } from "./markdown-chunks.ts";

const line = fc.oneof(
  fc.constant(""),
  fc.constant("```js"),
  fc.constant("```"),
  fc.constant("- item"),
  fc.string({ unit: fc.constantFrom("a", " ", "é", "*", "`"), maxLength: 20 }),
);

describe("long Markdown cut into pieces", () => {
  it("keeps short texts whole", () => {
    expect(splitMarkdown("# Title\n\ntext", 10)).toEqual(["# Title\n\ntext"]);
  });

  it("cuts at blank lines, each piece of bounded size, nothing lost but blank lines", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 400 }), fc.integer({ min: 3, max: 30 }), (lines, max) => {
        const text = lines.join("\n");
        const chunks = splitMarkdown(text, max);
        for (const chunk of chunks) expect(chunk.split("\n").length).toBeLessThanOrEqual(max * 2 + 2);
        const nonBlank = (value: string) => value.split("\n").filter((entry) => entry.trim() !== "" && !entry.trim().startsWith("```"));
        expect(chunks.flatMap(nonBlank)).toEqual(nonBlank(text));
      }),
    );
  });

  it("closes and reopens a code block that is cut", () => {
    const code = ["```ts", ...Array.from({ length: 30 }, (_, index) => `line ${index}`), "```"].join("\n");
    const chunks = splitMarkdown(code, 10);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.startsWith("```ts")).toBe(true);
      expect(chunk.endsWith("```")).toBe(true);
    }
  });

  it("cuts a 1,000-paragraph history into pieces of about 80 lines", () => {
    const history = Array.from({ length: 1_000 }, (_, index) => `Paragraph ${index}.`).join("\n\n");
    const chunks = splitMarkdown(history);
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.join("\n\n")).toBe(history);
  });
});
