import { beforeAll, describe, expect, it } from "vitest";
import { loadMarkdown, markdownDisabled, renderMarkdown } from "./markdown.ts";

beforeAll(() => loadMarkdown());

// eslint-disable-next-line no-control-regex -- colours are what is removed.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

describe("Markdown answers (seed § 15.3)", () => {
  it("formats headings, emphasis, lists and code, and keeps paragraphs apart", () => {
    const shown = plain(renderMarkdown("# Titre\n\nUn **mot** et `du code`.\n\nSecond paragraphe.\n\n- a\n- b", 60, {}));
    expect(shown).toBe("Titre\n\nUn mot et du code.\n\nSecond paragraphe.\n\n- a\n- b");
  });

  it("colours when the terminal may, and not with NO_COLOR", () => {
    expect(renderMarkdown("**gras**", 60, {})).toContain("\u001b[");
    expect(renderMarkdown("**gras**", 60, { NO_COLOR: "1" })).toBe("gras");
  });

  it("shows the text as written with MAIA_NO_MARKDOWN=1", () => {
    expect(renderMarkdown("**gras**", 60, { MAIA_NO_MARKDOWN: "1" })).toBe("**gras**");
    expect(markdownDisabled({ MAIA_NO_MARKDOWN: "0" })).toBe(false);
    expect(markdownDisabled({ MAIA_NO_MARKDOWN: "" })).toBe(false);
    expect(markdownDisabled({ MAIA_NO_MARKDOWN: "true" })).toBe(true);
  });

  it("wraps to the width it is given", () => {
    const shown = plain(renderMarkdown("mot ".repeat(40).trim(), 30, {}));
    for (const line of shown.split("\n")) expect(line.length).toBeLessThanOrEqual(30);
  });
});
