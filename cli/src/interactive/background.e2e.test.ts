import { describe, expect, it } from "vitest";
import { eventually, processesMatching, tempFolder } from "@maia/testing-maia";
import { builtinPlugin, bundleBuilt, lastUserText } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt() && builtinPlugin("builtin-tools");
const INPUT_HELP = "Your request — /help: help";
/** A number no other test's command uses, so that pgrep finds this test's processes only. */
const unique = () => 70_000 + Math.floor(Math.random() * 20_000);
const bash = (id: string, command: string, background = true) => ({ id, name: "Bash", arguments: background ? { command, run_in_background: true } : { command } });
/**
 * Rules that let the model's commands run without a question; `sleep` outside the OS sandbox, whose processes
 * would otherwise die with MAIA by themselves (bubblewrap's --die-with-parent): here only MAIA's own stopping counts.
 */
const allowed = { permissions: { allow: ["Bash(sleep *)", "Bash(echo *)", "Bash(exit *)"] }, sandbox: { excludedCommands: ["sleep"] } };

describe("commands in the background, in a real terminal", () => {
  const maia = terminalPerTest({ models: ["fake-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
  /** maia in a terminal, with rules that let the model's commands run without a question. */
  const startWithRules = async () => {
    const home = await tempFolder("maia-home-");
    maia.server.writeSettings(home, allowed);
    return maia.start({ lang: "en", columns: 140, home, noSettings: true });
  };

  it.runIf(ready)("/bashes lists them, the status line counts them, one is stopped from the list; the model hears of each end", { timeout: 120_000 }, async () => {
    const n = unique();
    const { server } = maia;
    server.enqueue({ toolCalls: [bash("b1", `sleep ${n}`), bash("b2", "echo hi; exit 3")] }, { text: "Both started." }, { text: "Noted." });
    const { terminal } = await startWithRules();
    await terminal.waitFor(INPUT_HELP);
    await terminal.submit("start them");
    // The one that ends by itself is said in the log; the one that runs is counted at rest.
    await terminal.waitFor("Background command bash_2 (echo hi; exit 3) ended: exit code 3.", { history: true });
    await terminal.waitFor("Both started.");
    await terminal.waitFor(INPUT_HELP);
    await terminal.waitFor("⚙ 1 background command (/bashes)");

    await terminal.submit("/bashes");
    const list = await terminal.waitFor(/bash_1 · running/);
    expect(list).toMatch(new RegExp(`bash_1 · running · \\d+s · sleep ${n}`));
    expect(list).toMatch(/bash_2 · exit code 3 · \d+s · echo hi; exit 3/);
    await terminal.press("Enter");
    await terminal.waitFor("bash_1: what to do?");
    await terminal.press("Down", "Enter");
    await terminal.waitFor("Stopped bash_1.", { history: true });
    expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length === 0, 10_000)).toBe(true);
    await terminal.waitForGone("background command (/bashes)");

    // Neither end was read by the model: its next request tells it of both.
    await terminal.submit("anything new?");
    await terminal.waitFor("Noted.");
    const told = lastUserText(server.chatBodies()[2] as Parameters<typeof lastUserText>[0]);
    expect(told).toContain(`Background command bash_1 (sleep ${n}) ended: stopped by the user.`);
    expect(told).toContain("Background command bash_2 (echo hi; exit 3) ended: exit code 3.");
    await terminal.submit("/exit");
    expect(await terminal.exitCode()).toBe(0);
  });

  it.runIf(ready)("Ctrl+B moves the Bash call running now to the background: the model gets its ID, the command runs on", { timeout: 120_000 }, async () => {
    const n = unique();
    const { server } = maia;
    server.enqueue({ toolCalls: [bash("b1", `echo begun; sleep ${n}`, false)] }, { text: "It runs in the background." });
    const { terminal } = await startWithRules();
    await terminal.waitFor(INPUT_HELP);
    await terminal.submit("run it");
    await terminal.waitFor("Ctrl+B: run in the background");
    expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length > 0, 10_000)).toBe(true);
    await terminal.press("C-b");
    await terminal.waitFor("It runs in the background.");
    const result = (server.chatBodies()[1] as { messages: Array<{ role: string; content: string }> }).messages.findLast((message) => message.role === "tool");
    expect(result?.content).toMatch(/^The user moved this command to the background \(Ctrl\+B\): it keeps running with ID: bash_1\./);
    await terminal.waitFor("⚙ 1 background command (/bashes)");
    expect((await processesMatching(`sleep ${n}`)).length).toBeGreaterThan(0);
    await terminal.submit("/exit");
    expect(await terminal.exitCode()).toBe(0);
    expect(await processesMatching(`sleep ${n}`)).toEqual([]);
  });

  const ends: Array<[string, { hang?: boolean; end: (terminal: Awaited<ReturnType<typeof maia.start>>["terminal"]) => Promise<unknown> }]> = [
    ["/exit", { end: (terminal) => terminal.submit("/exit") }],
    ["Ctrl+C at the prompt", { end: (terminal) => terminal.press("C-c") }],
    ["Ctrl+C twice during a request", { hang: true, end: (terminal) => terminal.press("C-c", "C-c") }],
    ["SIGTERM", { end: async (terminal) => process.kill(await terminal.programPid(), "SIGTERM") }],
    ["SIGHUP (the terminal closed)", { end: async (terminal) => process.kill(await terminal.programPid(), "SIGHUP") }],
  ];
  for (const [how, { hang, end }] of ends) {
    it.runIf(ready)(`leaves nothing running after ${how}`, { timeout: 60_000 }, async () => {
      const n = unique();
      const { server } = maia;
      server.enqueue({ toolCalls: [bash("b1", `sleep ${n}`)] }, hang ? { hang: true } : { text: "Started." });
      const { terminal } = await startWithRules();
      await terminal.waitFor(INPUT_HELP);
      await terminal.submit("start it");
      expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length > 0, 20_000)).toBe(true);
      if (!hang) {
        await terminal.waitFor("Started.");
        await terminal.waitFor(INPUT_HELP);
        await terminal.waitFor("⚙ 1 background command (/bashes)");
      }
      await end(terminal);
      await terminal.exitCode().catch(() => undefined);
      expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length === 0, 10_000)).toBe(true);
    });
  }
});
