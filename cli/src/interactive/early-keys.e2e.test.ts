import { execFileSync, spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundleBuilt, TEST_BIN } from "./testing/maia-terminal.ts";

// util-linux `script`: a pseudo-terminal whose output a test reads as it comes, so that a key can be sent the very
// moment the box shows (tmux is polled, far too late for this).
const scriptAvailable = (() => {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const ready = scriptAvailable && bundleBuilt();

let server: FakeLiteLLM;
beforeEach(async () => {
  server = await startFakeLiteLLM({ models: ["fake-model"] });
});
afterEach(async () => {
  await server.close();
});

/** `maia` in a pseudo-terminal; `keys` is written the instant the input box's help is first on the screen. */
async function quitAtOnce(keys: string, home: string, cwd: string): Promise<{ exited: boolean; screen: string }> {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const command = `stty cols 100 rows 40; exec ${[process.execPath, TEST_BIN, "--model", "fake-model"].map(quote).join(" ")}`;
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    cwd,
    env: { PATH: process.env.PATH, HOME: home, MAIA_LANG: "en", LANG: "C.UTF-8", TERM: "xterm-256color" },
    stdio: ["pipe", "pipe", "ignore"],
  });
  let screen = "";
  let sent = false;
  child.stdout.on("data", (data: Buffer) => {
    screen += data.toString("utf8");
    if (!sent && screen.includes("Your request — /help: help")) {
      sent = true;
      child.stdin.write(keys);
    }
  });
  const exited = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 8_000);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!exited) child.kill("SIGKILL");
  return { exited, screen };
}

describe("a key typed the instant the early box shows (early-paint.ts)", () => {
  // A race when it fails (the key against the raw mode): several starts, so that losing it shows.
  it.runIf(ready)("is MAIA's, as under Ink: Ctrl+D on the empty box quits, nothing is echoed by the terminal", { timeout: 90_000 }, async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
    server.writeSettings(home);
    for (let start = 1; start <= 6; start += 1) {
      const { exited, screen } = await quitAtOnce("\u0004", home, cwd);
      expect(exited, `start ${start}: still running 8 s after Ctrl+D`).toBe(true);
      // The terminal's own echo of Ctrl+D in cooked mode.
      expect(screen, `start ${start}`).not.toContain("^D");
    }
  });
});
