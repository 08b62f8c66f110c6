import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { styledCharsFromTokens, styledCharsToString, tokenize, type StyledChar } from "@alcalzone/ansi-tokenize";
import fc from "fast-check";
import { Box, render, renderToString, Text } from "ink";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { FakeTerminal, IdleKeyboard } from "./testing/fake-terminal.ts";

// MAIA's patch of Ink (patches/ink@8.0.0.patch, docs/interactive.md): text written above the output with the next
// frame (writeAbove), caches shared by all frames, trailing empty cells left out of a row, a row written by one
// line taken from that line's string.

const BEGIN = "\u001b[?2026h";
const END = "\u001b[?2026l";
// Past Ink's own frame limit (30 per second: a frame drawn less than 33 ms after the last one waits).
const frame = () => new Promise((resolve) => setTimeout(resolve, 60));
let unmount: (() => void) | undefined;

function mount(text: string) {
  const terminal = new FakeTerminal(60, 20);
  const options = { stdout: terminal.stream, stdin: new IdleKeyboard().stream, exitOnCtrlC: false, incrementalRendering: true, interactive: true, patchConsole: false };
  const instance = render(createElement(Text, null, text), options);
  unmount = () => instance.unmount();
  return { terminal, instance };
}

/** The synchronized updates written since `from`, as written. */
const updates = (terminal: FakeTerminal, from = 0) =>
  terminal.text
    .slice(from)
    .split(BEGIN)
    .slice(1)
    .map((update) => update.split(END)[0] ?? "");

afterEach(() => {
  unmount?.();
  unmount = undefined;
});

describe("Ink's writeAbove (patched)", () => {
  it("writes the text and the next frame in one synchronized update, the text above it", async () => {
    const { terminal, instance } = mount("first frame");
    await frame();
    const from = terminal.text.length;
    instance.writeAbove("written above\n");
    instance.rerender(createElement(Text, null, "second frame"));
    await frame();
    const [update, ...others] = updates(terminal, from);
    expect(others).toEqual([]);
    expect(update).toContain("written above\n");
    expect(update?.indexOf("second frame")).toBeGreaterThan(update?.indexOf("written above") ?? Infinity);
  });

  it("draws a frame for the text when nothing in the tree changes after it (React then commits nothing)", async () => {
    const { terminal, instance } = mount("the same frame");
    await frame();
    const from = terminal.text.length;
    instance.writeAbove("alone\n");
    await frame();
    const written = updates(terminal, from).join("");
    expect(written).toContain("alone\n");
    expect(written).toContain("the same frame");
  });
});

describe("Ink's output (patched caches)", () => {
  const styled = fc.record({
    text: fc.string({ unit: fc.constantFrom("a", " ", "界", "🙂", "\n", "é", "-", "\u001b[1m", "\u001b[22m", "\u001b[44m", "\u001b[0m"), maxLength: 30 }),
    color: fc.constantFrom(undefined, "red", "#336699"),
    backgroundColor: fc.constantFrom(undefined, "blue"),
    bold: fc.boolean(),
    width: fc.integer({ min: 4, max: 40 }),
  });
  type Styled = { text: string; color: string | undefined; backgroundColor: string | undefined; bold: boolean; width: number };
  const text = (item: Styled) => createElement(Text, { color: item.color, backgroundColor: item.backgroundColor, bold: item.bold }, item.text);
  // One text in a box, or two side by side (rows then written by two writes each).
  const draw = (item: Styled, beside?: Styled) =>
    renderToString(createElement(Box, { width: item.width + (beside?.width ?? 0) }, text(item), beside ? createElement(Box, { width: beside.width }, text(beside)) : null), { columns: 90 });

  it("draws a tree the same whatever was drawn before it", () => {
    fc.assert(
      fc.property(styled, fc.option(styled, { nil: undefined }), fc.array(fc.tuple(styled, fc.option(styled, { nil: undefined })), { maxLength: 8 }), (item, beside, others) => {
        const first = draw(item, beside);
        for (const [other, next] of others) draw(other, next);
        expect(draw(item, beside)).toBe(first);
      }),
      { numRuns: 150 },
    );
  });

  it("keeps styled spaces at the end of a row and drops the empty cells after them", () => {
    // Styles written in the text (Ink's own colours depend on the terminal chalk detects).
    const output = renderToString(createElement(Box, { width: 20 }, createElement(Text, null, "\u001b[41mab  \u001b[49m")), { columns: 30 });
    expect(output).toBe("\u001b[41mab  \u001b[49m");
  });
});

describe("Ink's output rows (patched: a row written by one line is that line's string)", () => {
  interface InkOutput {
    write(x: number, y: number, text: string, options: { transformers: [] }): void;
    clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
    unclip(): void;
    get(): { output: string; height: number };
  }
  type OutputClass = new (options: { width: number; height: number }) => InkOutput;
  // Ink's Output class itself (not exported by the package: loaded from its file, beside the entry point).
  const loadOutput = async (): Promise<OutputClass> => {
    const entry = createRequire(import.meta.url).resolve("ink");
    const module = (await import(pathToFileURL(path.join(path.dirname(entry), "output.js")).href)) as { default: OutputClass };
    return module.default;
  };
  // No zero-width joiner: one between two emoji on either side of a style code is one character to string-width and
  // two to the tokenizer, so that rows cut apart by the oracle below are laid out otherwise than the text they came
  // from — a difference of the oracle, not of what is tested (the row of one line is that line's characters).
  const piece = fc.string({ unit: fc.constantFrom("a", " ", "界", "🙂", "é", "-", "\u001b[1m", "\u001b[22m", "\u001b[44m", "\u001b[0m", "\u001b[31m"), maxLength: 12 });
  const write = fc.record({ x: fc.integer({ min: 0, max: 24 }), y: fc.integer({ min: 0, max: 5 }), lines: fc.array(piece, { minLength: 1, maxLength: 3 }) });
  const frame = fc.record({ writes: fc.array(write, { maxLength: 6 }), clip: fc.option(fc.record({ x1: fc.integer({ min: 0, max: 6 }), x2: fc.integer({ min: 6, max: 20 }) }), { nil: undefined }) });

  it("draws the same rows as the cells would (property)", async () => {
    const Output = await loadOutput();
    // Ink's rows of a text, as its unpatched output makes them: one tokenization of the whole text, the characters
    // invisible on their own left out, a style open at the end of a row carried to the next.
    const rowsOf = (text: string) => {
      const rows: StyledChar[][] = [[]];
      for (const char of styledCharsFromTokens(tokenize(text))) {
        if (/^\p{Default_Ignorable_Code_Point}+$/u.test(char.value)) continue;
        if (char.value === "\n") rows.push([]);
        else rows.at(-1)?.push(char);
      }
      return rows.map((row) => styledCharsToString(row));
    };
    const draw = (writes: ReadonlyArray<{ x: number; y: number; lines: string[] }>, clip: { x1: number; x2: number } | undefined, oracle: boolean) => {
      const output = new Output({ width: 20, height: 6 });
      if (clip) output.clip(clip);
      for (const { x, y, lines } of writes) {
        if (!oracle) {
          output.write(x, y, lines.join("\n"), { transformers: [] });
          continue;
        }
        // Each row of the text on its own, twice at the same place: the same cells, but then every row of the frame
        // is read from its cells.
        for (const [index, row] of rowsOf(lines.join("\n")).entries()) {
          output.write(x, y + index, row, { transformers: [] });
          output.write(x, y + index, row, { transformers: [] });
        }
      }
      if (clip) output.unclip();
      return output.get().output;
    };
    fc.assert(
      fc.property(frame, ({ writes, clip }) => {
        expect(draw(writes, clip, false)).toBe(draw(writes, clip, true));
      }),
      { numRuns: 300 },
    );
  });
});
