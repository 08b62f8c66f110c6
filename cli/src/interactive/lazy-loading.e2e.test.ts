import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { bundleBuilt, TEST_BIN } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt();
const HELP_EN = "Your request — /help: help";
const RECORDER = fileURLToPath(new URL("./testing/record-modules.mjs", import.meta.url));

/**
 * Code only one library of the bundle has: the file holding it is that library's chunk. Each is needed later, if
 * ever: HTML conversion by the first WebFetch, execa by the first command, the Markdown renderer by the first answer.
 */
const LATER = { turndown: "function TurndownService(", execa: "execaCoreAsync = (", markdansi: "function createMarkdownStreamer(" };

const maia = terminalPerTest({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

/** The libraries of LATER whose chunk `maia` has loaded so far. */
function loaded(list: string): string[] {
  const files = new Set(
    readFileSync(list, "utf8")
      .split("\n")
      .filter((url) => url.startsWith("file:"))
      .map((url) => fileURLToPath(url)),
  );
  const dist = path.dirname(TEST_BIN);
  return Object.entries(LATER)
    .filter(([, mark]) => [...files].some((file) => path.dirname(file) === dist && readFileSync(file, "utf8").includes(mark)))
    .map(([name]) => name);
}

describe("start-up memory (issue 6): what the first draw and an idle session do not need is not loaded", () => {
  it.runIf(ready)("loads turndown, execa and the Markdown renderer only when they are used", { timeout: 60_000 }, async () => {
    const list = path.join(await tempFolder("maia-modules-"), "modules.txt");
    writeFileSync(list, "");
    // Each library is in the bundle, in a chunk of its own (otherwise this test proves nothing).
    const dist = path.dirname(TEST_BIN);
    for (const file of ["maia.js", "maia.mjs"]) {
      for (const mark of Object.values(LATER)) expect(readFileSync(path.join(dist, file), "utf8")).not.toContain(mark);
    }

    maia.server.enqueue({ text: "The **answer**, formatted." });
    const { terminal } = await maia.start({ lang: "en", nodeArgs: ["--import", RECORDER], env: { MAIA_MODULES_FILE: list } });
    await terminal.waitFor(HELP_EN);
    // The context bar knows the model's size once the session exists: every plugin is loaded and applied.
    await terminal.waitFor("/ 200k");
    expect(loaded(list)).toEqual([]);

    await terminal.submit("hello");
    const screen = await terminal.waitFor("The answer, formatted.");
    expect(screen).not.toContain("**answer**");
    expect(loaded(list)).toEqual(["markdansi"]);
  });
});
