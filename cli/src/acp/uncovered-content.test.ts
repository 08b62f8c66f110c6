import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { uncoveredContent } from "./uncovered-content.ts";

function textOf(parts: readonly string[]): string {
  const block = uncoveredContent(parts);
  return block?.content.type === "text" ? block.content.text : "";
}

/** The lines between the opening fence and the first line that closes it, as a Markdown reader sees them. */
function fenced(text: string): string[] {
  const lines = text.split("\n");
  const open = lines.findIndex((line) => /^`{3,}text$/.test(line));
  const fence = lines[open]?.replace(/text$/, "") ?? "```";
  const close = lines.findIndex((line, index) => index > open && line.startsWith(fence));
  return lines.slice(open + 1, close);
}

describe("uncoveredContent", () => {
  it("says nothing when every part is covered", () => {
    expect(uncoveredContent(undefined)).toBeUndefined();
    expect(uncoveredContent([])).toBeUndefined();
  });

  it("lists each part on its own line in a fenced block, longer than any backtick run of a command", () => {
    const text = textOf(["not covered by an allow rule: echo ```x``` `y`", "the redirection to out.txt is not covered by a Redirect allow rule"]);
    expect(text).toContain("\n````text\n");
    expect(fenced(text)).toEqual(["• not covered by an allow rule: echo ```x``` `y`", "• the redirection to out.txt is not covered by a Redirect allow rule"]);
  });

  it("shows control characters and line breaks of a command as visible stand-ins, never raw", () => {
    expect(fenced(textOf(["not covered: printf '\u001b[2J'\nrm -rf x"]))).toEqual(["• not covered: printf '␛[2J' rm -rf x"]);
  });

  it("keeps every part whole inside the block, whatever the command holds", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom("`", "a", " ", "\n", "*", "\u0007", "~") }), { minLength: 1, maxLength: 5 }), (parts) => {
        expect(fenced(textOf(parts))).toHaveLength(parts.length);
      }),
    );
  });
});
