import { PassThrough } from "node:stream";
import { setActiveLocale } from "@maia/kernel";
import chalk from "chalk";
import fc from "fast-check";
import { Box, renderToString } from "ink";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ContextBar } from "../ui/components/context-bar.tsx";
import { InputBox } from "../ui/components/input-box.tsx";
import { StatusLine } from "../ui/components/status-line.tsx";
import { UIStore } from "../ui/ui-store.ts";
import { EarlyInput, earlyBoxLines, echoed } from "./early-input.ts";
import { cells } from "./testing/screen-cells.ts";

/** The live area of Ink's first frame (app.tsx) for a box holding `typed`: status line, input box, context bar. */
function inkZone(columns: number, typed: string): string {
  const store = new UIStore();
  void store.readInput();
  for (const char of typed) store.handleKey({ input: char });
  const snapshot = store.getSnapshot();
  const width = Math.max(10, columns);
  const zone = createElement(
    Box,
    { flexDirection: "column", width },
    createElement(StatusLine, { snapshot }),
    createElement(InputBox, { prompt: snapshot.prompt, editor: snapshot.editor, editedAt: snapshot.editedAt, width, maxLines: 12 }),
    createElement(ContextBar, { usage: snapshot.context, width }),
  );
  return renderToString(zone, { columns });
}

const level = chalk.level;
beforeEach(() => {
  chalk.level = 3;
});
afterEach(() => {
  chalk.level = level;
  setActiveLocale(undefined);
});

describe("the input zone written before Ink loads", () => {
  it("draws, cell by cell, Ink's first frame, empty or with what was typed, in English and French", () => {
    for (const locale of ["en", "fr"] as const) {
      setActiveLocale(locale);
      for (const columns of [70, 80, 100, 120, 200]) {
        for (const typed of ["", "h", "hello, l'été — ça va"]) {
          const ours = earlyBoxLines(columns, typed);
          expect(ours, `${locale} at ${columns} columns`).toBeDefined();
          expect(cells(ours?.join("\n") ?? ""), `${locale}, ${columns} columns, ${JSON.stringify(typed)}`).toEqual(cells(inkZone(columns, typed)));
        }
      }
    }
  });

  it("matches Ink for any printable text it draws, and leaves to Ink a line Ink would wrap", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ -~éàç]{0,90}$/), fc.integer({ min: 10, max: 140 }), (typed, columns) => {
        const ours = earlyBoxLines(columns, typed);
        if (ours === undefined) return;
        expect(cells(ours.join("\n"))).toEqual(cells(inkZone(columns, typed)));
      }),
      { numRuns: 60 },
    );
    expect(earlyBoxLines(40, "")).toBeUndefined();
    expect(earlyBoxLines(100, "中文")).toBeUndefined();
  });
});

describe("what the early box echoes", () => {
  it("adds printable text, takes one character back per Backspace, and stops at any other key", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "é", "😀", " ", "\u007f", "\b") }), fc.string({ unit: fc.constantFrom("x", "y") }), (text, before) => {
        const expected = [...text].reduce((typed, char) => (char === "\u007f" || char === "\b" ? [...typed].slice(0, -1).join("") : typed + char), before);
        expect(echoed(before, text)).toEqual({ typed: expected, read: text });
      }),
    );
    for (const key of ["\r", "\t", "\u001b[A", "\u0003", "\u0004"]) expect(echoed("abc", `de${key}fg`)).toEqual({ typed: "abcde", read: "de" });
    expect(echoed("abc", "a\u001bb")).toEqual({ typed: "abca", read: "a" });
  });
});

describe("the keys read before Ink", () => {
  function streams() {
    const stdin = Object.assign(new PassThrough(), { isTTY: true }) as unknown as NodeJS.ReadStream & PassThrough;
    let written = "";
    const stdout = { columns: 100, write: (text: string) => ((written += text), true) } as unknown as NodeJS.WriteStream;
    return { stdin, stdout, written: () => written };
  }

  /** Everything the stream holds, once a reader comes. */
  function readAll(stdin: PassThrough): Promise<string> {
    return new Promise<string>((resolve) => {
      stdin.setEncoding("utf8");
      stdin.on("readable", () => {
        let all = "";
        let chunk: string | null;
        while ((chunk = stdin.read() as string | null) !== null) all += chunk;
        resolve(all);
      });
    });
  }

  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it("echoes what is typed, then hands the text echoed to Ink's editor and every later byte, in order and once, to its input", async () => {
    const { stdin, stdout, written } = streams();
    const early = EarlyInput.paint(stdout, stdin);
    expect(early).toBeDefined();
    stdin.write("hel");
    stdin.write(Buffer.from([0xc3])); // "é" split across two reads
    stdin.write(Buffer.from([0xa9]));
    await tick();
    expect(early?.typed).toBe("helé");
    stdin.write("\u001b[A!");
    await tick();
    expect(early?.typed).toBe("helé"); // an arrow: the echo stops, the keys are still kept
    expect(early?.release()).toBe("helé");
    expect(written()).toContain("\u001b[J"); // the zone erased for Ink's frame
    stdin.write("later");
    expect(await readAll(stdin)).toBe("\u001b[A!later");
    expect(early?.release()).toBe("");
  });

  it("leaves an Enter typed in the early box for Ink to read, after the line it sends", async () => {
    const { stdin, stdout } = streams();
    const early = EarlyInput.paint(stdout, stdin);
    stdin.write("/clear");
    await tick();
    stdin.write("\r");
    await tick();
    // Ink's first frame shows "/clear" in the box, not an empty box that invites the next line before this one ran.
    expect(early?.release()).toBe("/clear");
    expect(await readAll(stdin)).toBe("\r");
  });

  it("shows the text typed before an Enter read with it, and leaves the Enter to Ink", async () => {
    const { stdin, stdout, written } = streams();
    const early = EarlyInput.paint(stdout, stdin);
    stdin.write("/clear\rnext");
    await tick();
    expect(written()).toContain("/clear");
    expect(early?.release()).toBe("/clear");
    expect(await readAll(stdin)).toBe("\rnext");
  });

  it("gives back every byte when one is not valid UTF-8 (its echo is not what it encodes)", async () => {
    const { stdin, stdout } = streams();
    const early = EarlyInput.paint(stdout, stdin);
    stdin.write(Buffer.from([0x61, 0xff, 0x62]));
    await tick();
    expect(early?.release()).toBe("");
    const read = await new Promise<Buffer>((resolve) => stdin.once("readable", () => resolve(stdin.read() as Buffer)));
    expect([...read]).toEqual([0x61, 0xff, 0x62]);
  });

  it("for any keys, the text handed over then the bytes given back make what all the keys make", async () => {
    const key = fc.constantFrom("a", "é", " ", "\u007f", "\r", "\u001b[A", "x\ty");
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(key, { minLength: 1, maxLength: 4 }), { maxLength: 6 }), async (chunks) => {
        const { stdin, stdout } = streams();
        const early = EarlyInput.paint(stdout, stdin);
        for (const chunk of chunks) {
          stdin.write(chunk.join(""));
          await tick();
        }
        const handed = early?.release() ?? "";
        const rest = stdin.readableLength > 0 ? String(stdin.read()) : "";
        const all = chunks.flat().join("");
        // The same text up to the first key the echo cannot follow, and that key still to be read by Ink.
        const whole = echoed("", all);
        const replayed = echoed(handed, rest);
        expect(replayed.typed).toBe(whole.typed);
        expect(rest.slice(replayed.read.length)).toBe(all.slice(whole.read.length));
        stdin.destroy();
      }),
      { numRuns: 80 },
    );
  });

  it("writes nothing on a screen too narrow for the box on one line", () => {
    const { stdin, stdout, written } = streams();
    (stdout as { columns: number }).columns = 30;
    expect(EarlyInput.paint(stdout, stdin)).toBeUndefined();
    expect(written()).toBe("");
    expect(stdin.listenerCount("readable")).toBe(0);
  });
});
