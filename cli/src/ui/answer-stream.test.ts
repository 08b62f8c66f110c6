import fc from "fast-check";
import { renderToString } from "ink";
import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { AnswerStream, markdownAnswers, type AnswerFormat, type AnswerPart } from "./answer-stream.ts";
import { LogEntryView } from "./components/log-entry-view.tsx";
import type { LogEntry, LogEntryBody } from "./log-entry.ts";
import { splitMarkdown } from "./markdown-chunks.ts";
import { loadMarkdown, renderMarkdown, type BlockStreamer } from "./markdown.ts";
import { sanitize } from "./terminal-text.ts";

beforeAll(() => loadMarkdown());

const WIDTH = 100;
const format = (env: NodeJS.ProcessEnv = {}) => markdownAnswers(env, () => WIDTH);

/** The rows a finished answer leaves in the log when added whole: each piece formatted, a blank row after it. */
function rowsAddedWhole(text: string, env: NodeJS.ProcessEnv = {}): string[] {
  if (text.trim() === "") return [];
  return splitMarkdown(text).flatMap((piece) => [...renderMarkdown(sanitize(piece), WIDTH - 1, env).split("\n"), ""]);
}

function rowsOf(parts: readonly AnswerPart[]): string[] {
  return parts.flatMap((part) => [
    ...Array.from({ length: part.gapBefore }, () => ""),
    ...(part.text === "" ? [] : part.text.split("\n")),
    ...Array.from({ length: part.gapAfter }, () => ""),
  ]);
}

/** Streams `deltas`, a frame after each delta whose index is in `frames`; every part handed over, in order. */
function stream(deltas: readonly string[], frames: ReadonlySet<number>, answers: AnswerFormat = format()): AnswerPart[] {
  const answer = new AnswerStream(answers);
  const parts: AnswerPart[] = [];
  deltas.forEach((delta, index) => {
    answer.append(delta);
    if (frames.has(index)) parts.push(...answer.drain());
  });
  return [...parts, ...answer.finish()];
}

/** Cuts `text` at the given positions. */
function cut(text: string, at: readonly number[]): string[] {
  const points = [...new Set(at.map((point) => point % (text.length + 1)))].sort((a, b) => a - b);
  const deltas: string[] = [];
  let from = 0;
  for (const point of points) {
    deltas.push(text.slice(from, point));
    from = point;
  }
  deltas.push(text.slice(from));
  return deltas.filter((delta) => delta !== "");
}

const LONG_ANSWER = [
  "# A long answer",
  "",
  ...Array.from({ length: 12 }, (_, index) =>
    [
      `## ${index}. Step ${index}: the \`module-${index}\` code`,
      "",
      `The **module ${index}** reads its configuration once and hands each caller a frozen copy, which keeps the hot path free of allocations when the loop runs often.`,
      "",
      "- it validates the input",
      "- it caches the result",
      "",
      "| option | default |",
      "| --- | --- |",
      `| \`retries\` | ${index} |`,
      "",
      "```ts",
      `export function load${index}(path: string): Config {`,
      "",
      '  return parse(readFileSync(path, "utf8"));',
      "}",
      "```",
      "",
      "1. Run the tests.",
      "2. Fix the first failure.",
      "",
    ].join("\n"),
  ),
  "END",
].join("\n");

const markdownLine = fc.oneof(
  fc.constantFrom("", "   ", "# Title", "## Sub **bold**", "- item", "  - nested", "1. first", "> quote", "```", "```ts", "~~~", "| a | b |", "| --- | --- |", "| 1 | 2 |"),
  fc.constantFrom("text with `code` and *emphasis*", "a very long line ".repeat(12), "tab\tcolumn", "crlf\r", "lone\rcarriage"),
  fc.constantFrom("\u001b[31mred\u001b[0m", "osc \u001b]0;title", "bell\u0007 end", "esc \u001b\\ end", "\u0001ctrl"),
  fc.string({ unit: fc.constantFrom("a", " ", "é", "*", "`", "|", "-", "#", "界"), maxLength: 30 }),
);
const markdownText = fc.array(markdownLine, { maxLength: 220 }).map((lines) => lines.join("\n"));

describe("a streamed answer formatted block by block", () => {
  it("leaves the same rows in the log as the whole answer added at once, however it is cut into deltas and frames", () => {
    fc.assert(
      fc.property(markdownText, fc.array(fc.nat(), { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 30 }), (text, cuts, frames) => {
        const deltas = cut(text, cuts);
        const parts = stream(deltas, new Set(frames.map((frame) => frame % Math.max(1, deltas.length))));
        expect(rowsOf(parts)).toEqual(rowsAddedWhole(text));
      }),
      { numRuns: 150 },
    );
  });

  it("shows the answer as written with MAIA_NO_MARKDOWN=1, the same rows but for empty rows at its very start and end", () => {
    const env = { MAIA_NO_MARKDOWN: "1" };
    // An answer written whole shows them when short (one piece); streamed, an answer's edges are never shown.
    const edgesOff = (rows: string[]) => {
      const first = rows.findIndex((row) => row.trim() !== "");
      const last = rows.findLastIndex((row) => row.trim() !== "");
      return first === -1 ? [] : [...rows.slice(first, last + 1), ""];
    };
    fc.assert(
      fc.property(markdownText, fc.array(fc.nat(), { maxLength: 40 }), (text, cuts) => {
        const deltas = cut(text, cuts);
        const parts = stream(deltas, new Set(deltas.keys()), format(env));
        expect(edgesOff(rowsOf(parts))).toEqual(edgesOff(rowsAddedWhole(text, env)));
      }),
      { numRuns: 100 },
    );
  });

  it("writes exactly what <Static> writes for the whole answer, a long Markdown answer streamed 4 characters at a time", () => {
    const deltas = cut(LONG_ANSWER, Array.from({ length: LONG_ANSWER.length / 4 }, (_, index) => index * 4));
    const parts = stream(deltas, new Set(deltas.keys()));
    expect(parts.length).toBeGreaterThan(50);
    const draw = (bodies: LogEntryBody[]) =>
      bodies
        .map((body, index) => renderToString(createElement(LogEntryView, { entry: { ...body, id: index } as LogEntry, width: WIDTH, env: {} }), { columns: WIDTH }))
        .join("\n");
    const whole = splitMarkdown(LONG_ANSWER).map((text) => ({ kind: "markdown", text }) as const);
    expect(draw(parts.map((part) => ({ kind: "answer", ...part })))).toBe(draw(whole));
    expect(draw(whole)).toContain("┌");
  });

  it("formats each line once, when its block closes, and keeps the open block as written", () => {
    const given: string[] = [];
    const counting: AnswerFormat = {
      ready: () => undefined,
      blocks: () => {
        const blocks = format().blocks() as BlockStreamer;
        return { ...blocks, line: (line) => (given.push(line), blocks.line(line)), open: () => blocks.open() };
      },
    };
    const answer = new AnswerStream(counting);
    answer.append("Intro **bold**\n\n```ts\nconst a = 1;\n");
    const first = answer.drain();
    expect(rowsOf(first).join("\n")).toContain("Intro \u001b[1mbold\u001b[22m");
    expect(answer.openText()).toBe("\n```ts\nconst a = 1;");
    answer.append("```\n| a | b |\n| - | - |\n| 1 | 2 |\n\nlast li");
    const second = answer.drain();
    expect(rowsOf(second).join("\n")).toContain("const a = 1;");
    expect(rowsOf(second).join("\n")).toContain("┌");
    expect(answer.openText()).toBe("\nlast li");
    answer.append("ne");
    expect(answer.drain()).toEqual([]);
    const last = answer.finish();
    expect(rowsOf(last)).toEqual(["", "last line", ""]);
    expect(given).toEqual(["Intro **bold**", "", "```ts", "const a = 1;", "```", "| a | b |", "| - | - |", "| 1 | 2 |", "", "last line"]);
  });

  it("waits for the renderer: nothing is formatted before, everything stays as written in the live area", () => {
    let ready: Promise<void> | undefined = new Promise<void>(() => undefined);
    const answer = new AnswerStream({ ready: () => ready, blocks: () => format().blocks() });
    answer.append("# Title\n\nsome text\u0007\n");
    expect(answer.drain()).toEqual([]);
    expect(answer.openText()).toBe("# Title\n\nsome text\n");
    expect(answer.unformatted).toBe("# Title\n\nsome text\u0007\n");
    ready = undefined;
    expect(rowsOf(answer.drain())).toEqual(renderMarkdown("# Title\n\nsome text", WIDTH - 1, {}).split("\n"));
  });

  it("formats the blocks that close after a resize at the new width, those written before keep theirs", () => {
    let columns = 100;
    const answer = new AnswerStream(markdownAnswers({}, () => columns));
    const long = "word ".repeat(40).trim();
    answer.append(`${long}\n\n`);
    const before = rowsOf(answer.drain());
    columns = 40;
    answer.append(`${long}\n`);
    const after = rowsOf(answer.finish());
    expect(before[0]?.length).toBeGreaterThan(60);
    expect(after.filter((row) => row !== "").every((row) => row.length <= 39)).toBe(true);
  });

  it("removes an OSC sequence over the lines it spans, as for the whole text", () => {
    const text = "before\nstart \u001b]0;a title\nstill in it\nend\u0007 after\nnext";
    expect(rowsOf(stream(cut(text, [3, 9, 20, 30, 41]), new Set([0, 1, 2, 3, 4, 5])))).toEqual(rowsAddedWhole(text));
    const shown = rowsOf(stream([text], new Set([0]))).join("\n");
    expect(shown).toContain("after");
    expect(shown).not.toMatch(/title|still in it/);
  });
});
