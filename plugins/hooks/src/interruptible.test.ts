import { describe, expect, it } from "vitest";
import { Interruptible } from "./interruptible.ts";
import { runCommand } from "./run-command.ts";

describe("Interruptible", () => {
  it("stops what runs (a real command that sleeps), says which events, and leaves later runs alone", async () => {
    const interruptible = new Interruptible();
    expect(interruptible.interrupt()).toEqual([]);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const run = interruptible.run("SessionStart", (signal) => {
      started();
      return runCommand("sleep 60", { cwd: process.cwd(), env: process.env, input: "", timeoutMs: 120_000, maxChars: 1000, signal });
    });
    await running;
    expect(interruptible.interrupt()).toEqual(["SessionStart"]);
    const ended = await run;
    expect(ended.signal).toBe("SIGTERM");
    expect(ended.timedOut).toBe(false);
    const next = await interruptible.run("PostToolUse", (signal) =>
      runCommand("echo ok", { cwd: process.cwd(), env: process.env, input: "", timeoutMs: 60_000, maxChars: 1000, signal }),
    );
    expect(next.code).toBe(0);
    expect(interruptible.interrupt()).toEqual([]);
  }, 60_000);
});
