import fc from "fast-check";
import { renderToString, Static, Text } from "ink";
import { createElement, Fragment } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { answerStaticText } from "./answer-static-text.ts";
import { AnswerStream, markdownAnswers, type AnswerPart } from "./answer-stream.ts";
import { LogItem } from "./components/log-entry-view.tsx";
import type { LogEntry } from "./log-entry.ts";
import { loadMarkdown } from "./markdown.ts";

beforeAll(() => loadMarkdown());

/** What Ink's <Static> writes for these parts as the log's entries (app.tsx), a terminal of `width` columns. */
function writtenByStatic(parts: readonly AnswerPart[], width: number): string {
  const entries: LogEntry[] = parts.map((part, index) => ({ kind: "answer", ...part, id: index + 1 }));
  const item = (entry: LogEntry) => createElement(LogItem, { key: entry.id, entry, width, env: {} });
  // A row drawn below <Static>, so that the new line ending its output is kept (and can be told from no output).
  const below = createElement(Text, null, "below");
  const output = renderToString(createElement(Fragment, null, createElement(Static<LogEntry>, { items: entries, children: item }), below), { columns: width });
  return output.slice(0, -"below".length);
}

/** The parts of an answer streamed a line per frame, formatted at `width` as the interactive UI does. */
function streamed(text: string, width: number): AnswerPart[] {
  const answer = new AnswerStream(markdownAnswers({}, () => width));
  const parts: AnswerPart[] = [];
  for (const line of text.split(/(?<=\n)/)) {
    answer.append(line);
    parts.push(...answer.drain());
  }
  return [...parts, ...answer.finish()];
}

const markdownLine = fc.oneof(
  fc.constantFrom("", "# Title", "## Sub **bold** and `code`", "- item *em*", "  - nested", "1. first", "> quote", "```ts", "```", "| a | b |", "| --- | --- |", "| 1 | **2** |"),
  fc.constantFrom("a very long line of words ".repeat(8), "trailing spaces   ", "non\u00a0breaking\u00a0space\u00a0", "~~gone~~ [link](https://example.com)"),
  fc.constantFrom("wide 界界界 and emoji 🙂👍🏽", "combining e\u0301 and a\u0308", "zero\u200bwidth\u200djoiner", "\u001b[31mred\u001b[0m source", "tab\tstop"),
  fc.string({ unit: fc.constantFrom("a", " ", "é", "*", "_", "`", "|", "-", "#", "界", "🙂", "\u0301", "\u00a0"), maxLength: 40 }),
);
const markdownText = fc.array(markdownLine, { maxLength: 40 }).map((lines) => lines.join("\n"));

describe("an answer's rows written above the live area", () => {
  it("are exactly what <Static> writes for them, when written at all (else they go through <Static>)", () => {
    fc.assert(
      fc.property(markdownText, fc.integer({ min: 20, max: 140 }), fc.integer({ min: 10, max: 140 }), (text, formatWidth, width) => {
        for (const part of streamed(text, formatWidth)) {
          const written = answerStaticText(part, width);
          if (written !== undefined) expect(written).toBe(writtenByStatic([part], width));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("write several parts one after the other as <Static> writes them in one frame", () => {
    fc.assert(
      fc.property(markdownText, (text) => {
        const parts = streamed(text, 100).filter((part) => answerStaticText(part, 100) !== undefined);
        expect(parts.map((part) => answerStaticText(part, 100)).join("")).toBe(writtenByStatic(parts, 100));
      }),
      { numRuns: 80 },
    );
  });

  it("take this path for a whole Markdown answer formatted at the terminal's width", () => {
    const answer = [
      "# A long answer",
      "",
      "The **module** reads its configuration once, keeps it in a `Map`, and hands each caller a frozen copy — « déjà » vu.",
      "",
      "- it validates the input",
      "  1. nested",
      "",
      "| option | default | meaning |",
      "| --- | --- | --- |",
      "| `retries` | 3 | how many times a failed call is tried again |",
      "",
      "```ts",
      "export function load(path: string): Config {",
      '  return Object.freeze(parse(readFileSync(path, "utf8")));',
      "}",
      "```",
      "",
      "> A quote, and a [link](https://example.com).",
    ].join("\n");
    const parts = streamed(answer, 100);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) expect(answerStaticText(part, 100)).toBe(writtenByStatic([part], 100));
  });

  it("leave to <Static> what it would wrap or rewrite: a row wider than the terminal, an escape sequence, a combining mark", () => {
    expect(answerStaticText({ text: "x".repeat(41), gapBefore: 0, gapAfter: 0 }, 40)).toBeUndefined();
    expect(answerStaticText({ text: "界".repeat(21), gapBefore: 0, gapAfter: 0 }, 40)).toBeUndefined();
    expect(answerStaticText({ text: "before \u001b[2J after", gapBefore: 0, gapAfter: 0 }, 40)).toBeUndefined();
    expect(answerStaticText({ text: "e\u0301", gapBefore: 0, gapAfter: 0 }, 40)).toBeUndefined();
    expect(answerStaticText({ text: "x".repeat(40), gapBefore: 1, gapAfter: 2 }, 40)).toBe(`\n${"x".repeat(40)}\n\n\n`);
    expect(answerStaticText({ text: "", gapBefore: 0, gapAfter: 1 }, 40)).toBe(writtenByStatic([{ text: "", gapBefore: 0, gapAfter: 1 }], 40));
  });
});
