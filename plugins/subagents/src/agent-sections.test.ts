import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseTitle, parseSections, sectionOfTitle, stripHtmlComments } from "./agent-sections.ts";

describe("AGENT.md sections (seed § 20.1)", () => {
  it("recognises English and French titles at any level, without case, accents or a trailing parenthesis", () => {
    expect(sectionOfTitle("Instructions system")).toBe("instructions");
    expect(sectionOfTitle("INSTRUCTIONS SYSTÈME")).toBe("instructions");
    expect(sectionOfTitle("Instructions systeme")).toBe("instructions");
    expect(sectionOfTitle("Missions")).toBe("missions");
    expect(sectionOfTitle("Constraints (optional)")).toBe("constraints");
    expect(sectionOfTitle("Contraintes (optionnelle)")).toBe("constraints");
    expect(sectionOfTitle("output")).toBe("output");
    expect(sectionOfTitle("Sortie :")).toBe("output");
    expect(sectionOfTitle("Overview")).toBeUndefined();
    expect(normaliseTitle("  Contraintes   (optionnelle) (v2) ")).toBe("contraintes");
  });

  it("cuts each section at the next title of the same or a higher level, or at another recognised title", () => {
    const body = [
      "## Instructions système",
      "Be precise.",
      "### Details",
      "Still part of the instructions.",
      "# Missions",
      "Do it.",
      "#### Output",
      "A list.",
      "## Annex",
      "Not part of the output.",
    ].join("\n");
    const { sections } = parseSections(body, 10);
    expect(sections.instructions).toEqual({ text: "Be precise.\n### Details\nStill part of the instructions.", line: 10 });
    expect(sections.missions).toEqual({ text: "Do it.", line: 14 });
    expect(sections.output).toEqual({ text: "A list.", line: 16 });
    expect(sections.constraints).toBeUndefined();
  });

  it("ignores titles inside fenced code blocks", () => {
    const body = ["# Missions", "Run:", "```md", "# Output", "not a title", "```", "~~~", "## Output", "~~~", "# Output", "Done."].join("\n");
    const { sections } = parseSections(body);
    expect(sections.missions?.text).toBe("Run:\n```md\n# Output\nnot a title\n```\n~~~\n## Output\n~~~");
    expect(sections.output).toEqual({ text: "Done.", line: 10 });
  });

  it("removes HTML comments, titles in them included, and keeps line numbers right", () => {
    const body = ["<!-- a note", "# Output", "-->", "# Missions", "Do <!-- hidden --> it.", "# Output", "<!-- only a comment -->"].join("\n");
    const { sections } = parseSections(body, 5);
    expect(sections.missions).toEqual({ text: "Do  it.", line: 8 });
    expect(sections.output).toEqual({ text: "", line: 10 });
    expect(stripHtmlComments("a<!--\nb\n-->c")).toBe("a\n\nc");
  });

  it("reports a section given twice, with both lines", () => {
    const { duplicates } = parseSections("# Missions\na\n# missions\nb", 3);
    expect(duplicates).toEqual([{ id: "missions", line: 5, first: 3 }]);
  });

  it("finds back every section of a generated body, whatever the titles' level and case", () => {
    const words = fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 6 }).map((list) => list.join(" "));
    const title = (text: string) =>
      fc.tuple(fc.integer({ min: 1, max: 6 }), fc.boolean()).map(([level, upper]) => `${"#".repeat(level)} ${upper ? text.toUpperCase() : text}`);
    fc.assert(
      fc.property(title("Instructions system"), title("Missions"), title("Output"), words, words, words, (t1, t2, t3, a, b, c) => {
        const { sections } = parseSections([t1, a, t2, b, t3, c].join("\n"));
        expect(sections.instructions?.text).toBe(a);
        expect(sections.missions?.text).toBe(b);
        expect(sections.output?.text).toBe(c);
      }),
    );
  });

  it("never throws and never counts a title that sits in a code block", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom("# Missions", "```", "~~~", "<!--", "-->", "## Output")), { maxLength: 20 }), (lines) => {
        const fenced = ["```", ...lines.filter((line) => !line.includes("`")), "```"].join("\n");
        expect(parseSections(fenced).sections).toEqual({});
        parseSections(lines.join("\n"));
      }),
    );
  });
});
