import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// No test asserts that something took less than some time (docs/tests.md): on a loaded 2-core machine any bound
// fails some day, and speed is measured by `pnpm bench`. A test asserts the behaviour instead: the timeout's
// message, the process that was ended, the order of events. (A lower bound — the fake server cannot answer sooner
// than the pause it was given — cannot fail because a machine is slow, and is the one timing a test may check.)
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const FOLDERS = ["kernel", "util", "packages", "plugins", "cli", "testing", "examples"];
const UPPER_BOUND_ON_TIME =
  /expect\(\s*(?:Date\.now\(\)|performance\.now\(\)|process\.hrtime[^)]*\)|\w*(?:elapsed|duration|took|ms)\w*)\s*(?:-[^)]*)?\)\s*\.toBeLessThan(?:OrEqual)?\(/i;

function* testFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* testFiles(full);
    else if (entry.name.endsWith(".test.ts") && full !== fileURLToPath(import.meta.url)) yield full;
  }
}

describe("the test suite", () => {
  it("has no test that asserts an upper bound on elapsed time", () => {
    const offenders = FOLDERS.flatMap((folder) => [...testFiles(path.join(ROOT, folder))]).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (UPPER_BOUND_ON_TIME.test(line) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it("recognises the forms it forbids", () => {
    for (const line of ["expect(Date.now() - started).toBeLessThan(3000);", "expect(elapsed).toBeLessThan(4000);", "expect(performance.now() - t0).toBeLessThanOrEqual(50);"]) {
      expect(UPPER_BOUND_ON_TIME.test(line), line).toBe(true);
    }
    expect(UPPER_BOUND_ON_TIME.test("expect(Date.now() - began).toBeGreaterThanOrEqual(25);")).toBe(false);
    expect(UPPER_BOUND_ON_TIME.test("expect(output.length).toBeLessThanOrEqual(30_000);")).toBe(false);
  });
});
