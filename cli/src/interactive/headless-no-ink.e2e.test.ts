import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { bundleBuilt, TEST_BIN } from "./testing/maia-terminal.ts";

const run = promisify(execFile);
const RECORDER = fileURLToPath(new URL("./testing/record-modules.mjs", import.meta.url));
/** A string only Ink's renderer contains (its root node's name): the file that has it is Ink's chunk. */
const INK_MARK = '"ink-root"';

/** The bundle's files that a run of `maia <args>` loaded. */
async function filesLoadedBy(args: string[]): Promise<string[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "maia-modules-"));
  const server = await startFakeLiteLLM();
  server.enqueue({ text: "hello" });
  await server.writeSettings(folder);
  const list = path.join(folder, "modules.txt");
  try {
    await run(process.execPath, ["--import", RECORDER, TEST_BIN, ...args], {
      cwd: folder,
      env: { PATH: process.env.PATH, HOME: folder, MAIA_LANG: "en", MAIA_MODULES_FILE: list },
    });
  } finally {
    await server.close();
  }
  const dist = path.dirname(TEST_BIN);
  return readFileSync(list, "utf8")
    .split("\n")
    .filter((url) => url.startsWith("file:"))
    .map((url) => fileURLToPath(url))
    .filter((file) => path.dirname(file) === dist);
}

describe("start-up path (DESIGN.md): headless runs never load Ink", () => {
  it.runIf(bundleBuilt())("maia -p and maia plugins list open none of the bundle's Ink files", { timeout: 60_000 }, async () => {
    const dist = path.dirname(TEST_BIN);
    const inkFiles = readdirSync(dist)
      .filter((name) => name.endsWith(".mjs") || name.endsWith(".cjs"))
      .map((name) => path.join(dist, name))
      .filter((file) => readFileSync(file, "utf8").includes(INK_MARK));
    // Ink is in the bundle (the interactive mode needs it), in a chunk of its own.
    expect(inkFiles.length).toBeGreaterThan(0);
    // The ES bundle's entry, which the command (CommonJS) loads.
    const entry = path.join(path.dirname(TEST_BIN), "maia.mjs");
    expect(inkFiles).not.toContain(entry);
    // `maia -p` runs from print.cjs, which the command reads itself (code-cache.ts), so the recorder does not see
    // it: Ink is not in it, and the run loads no ES file at all.
    expect(inkFiles).not.toContain(path.join(dist, "print.cjs"));

    const headless = await filesLoadedBy(["-p", "hi", "--model", "fake-model"]);
    expect(headless).toContain(TEST_BIN);
    expect(headless.filter((file) => file.endsWith(".mjs"))).toEqual([]);
    expect(headless.filter((file) => inkFiles.includes(file))).toEqual([]);

    const plugins = await filesLoadedBy(["plugins", "list"]);
    expect(plugins).toContain(entry);
    expect(plugins.filter((file) => inkFiles.includes(file))).toEqual([]);
  });
});
