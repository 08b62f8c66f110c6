import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { echoTail, occurrences, TmuxTerminal, tmuxAvailable } from "./tmux-terminal.ts";

// A program that starts reading its terminal late, as a loaded machine's MAIA may, and prints every read it gets.
const LATE_READER = `
process.stdin.setRawMode(true);
process.stdout.write("raw\\r\\n");
setTimeout(() => {
  process.stdin.on("data", (chunk) => process.stdout.write("read " + JSON.stringify(chunk.toString()) + "\\r\\n"));
}, 1500);
`;

describe("TmuxTerminal.submit", () => {
  let terminal: TmuxTerminal | undefined;
  const folder = mkdtempSync(path.join(os.tmpdir(), "maia-late-reader-"));
  afterEach(async () => {
    await terminal?.close();
    terminal = undefined;
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.runIf(tmuxAvailable())("presses Enter only once the program has shown the text typed, in a read of its own", { timeout: 30_000 }, async () => {
    writeFileSync(path.join(folder, "reader.cjs"), LATE_READER);
    terminal = await TmuxTerminal.start({ command: [process.execPath, "reader.cjs"], cwd: folder, env: { PATH: process.env.PATH } });
    await terminal.waitFor("raw");
    await terminal.submit("hello there");
    // The read with the Enter in it: alone, or with the text (typed then Enter 60 ms apart, both reached this
    // program in one read, "hello there\r").
    const screen = await terminal.waitFor(/\\r"/);
    expect(screen).toContain('read "hello there"');
    expect(screen).toContain('read "\\r"');
  });
});

describe("echoTail and occurrences", () => {
  it("find the end of a line typed once more on a screen that shows it below what was there", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), fc.string({ maxLength: 40 }), (typed, before) => {
        const tail = echoTail(typed);
        expect(tail.length).toBeLessThanOrEqual(12 * 2); // twelve characters, some of two UTF-16 units
        expect(typed.trimEnd().endsWith(tail)).toBe(true);
        if (tail === "") return;
        expect(occurrences(`${before}\n› ${typed}\n`, tail)).toBeGreaterThan(occurrences(before, tail));
      }),
    );
  });

  it("counts nothing for an empty line", () => {
    expect(occurrences("anything", "")).toBe(0);
  });
});
