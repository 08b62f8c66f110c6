import { readFile } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BASH_LIMITS } from "../bash-tool.ts";
import { DEFAULT_LIMITS } from "../tools.ts";
import { eventually, harness, processAlive, type Harness } from "../testing/harness.ts";
import { BackgroundShells } from "./background-shells.ts";

let h: Harness;
beforeEach(async () => {
  setActiveLocale("en");
  h = await harness({ limits: { ...DEFAULT_LIMITS, bash: { ...BASH_LIMITS, timeoutMs: 60_000, killGraceMs: 300 } } });
});
afterEach(async () => {
  await BackgroundShells.existing(h.context.state)?.killAll("session");
  setActiveLocale(undefined);
});

const idOf = (text: string) => /ID: (bash_\d+)/.exec(text)?.[1] ?? "";
const pidIn = async (file: string) => Number((await readFile(file, "utf8").catch(() => "")).trim());

describe("Bash in the background (real processes)", () => {
  it("returns at once with an ID; BashOutput gives what was written since the last read, then the exit code", async () => {
    // Both follow a command: an editor shows them as such (ACP's kind).
    expect([h.tools.BashOutput?.kind, h.tools.KillShell?.kind]).toEqual(["execute", "execute"]);
    const gate = path.join(h.cwd, "gate");
    const started = await h.run("Bash", {
      command: `echo first; echo oops >&2; while [ ! -e ${gate} ]; do sleep 0.05; done; echo second; exit 4`,
      run_in_background: true,
    });
    expect(started.isError).toBe(false);
    const id = idOf(started.text);
    expect(id).toMatch(/^bash_\d+$/);
    // Each read returns only what came since the previous one: together they hold everything, in order.
    const reads: string[] = [];
    expect(
      await eventually(async () => {
        reads.push((await h.run("BashOutput", { bash_id: id })).text);
        return reads.join("").includes("oops");
      }),
    ).toBe(true);
    expect(reads.every((read) => read.startsWith("<status>running</status>\n"))).toBe(true);
    const outputs = reads.flatMap((read) => /<output>\n([^]*)\n<\/output>/.exec(read)?.[1] ?? []);
    expect(outputs.join("\n")).toBe("first\noops");
    // Nothing new: said so, and still running.
    expect((await h.run("BashOutput", { bash_id: id })).text).toBe("<status>running</status>\n(no new output since the last read)");
    await import("node:fs/promises").then((fs) => fs.writeFile(gate, ""));
    expect(await eventually(async () => !BackgroundShells.of(h.context.state).get(id)?.running)).toBe(true);
    const last = await h.run("BashOutput", { bash_id: id });
    expect(last.text).toBe("<status>failed</status>\n<exit_code>4</exit_code>\n<output>\nsecond\n</output>");
  });

  it("keeps only the lines a filter matches, and drops the others for good", async () => {
    const { text } = await h.run("Bash", { command: "printf 'GET /a 200\\nGET /b 500\\nGET /c 200\\n'", run_in_background: true });
    const id = idOf(text);
    expect(await eventually(async () => !BackgroundShells.of(h.context.state).get(id)?.running)).toBe(true);
    const filtered = await h.run("BashOutput", { bash_id: id, filter: " 200$" });
    expect(filtered.text).toContain("<output>\nGET /a 200\nGET /c 200\n</output>");
    expect((await h.run("BashOutput", { bash_id: id })).text).toContain("(no new output since the last read)");
    const bad = await h.run("BashOutput", { bash_id: id, filter: "(" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/^Invalid regular expression \(/);
  });

  it("KillShell stops the whole group, SIGKILL for what ignores SIGTERM", async () => {
    const pidFile = path.join(h.cwd, "pid");
    const { text } = await h.run("Bash", { command: `(trap '' TERM; sleep 60) & echo $! > ${pidFile}; trap '' TERM; wait`, run_in_background: true });
    const id = idOf(text);
    expect(await eventually(async () => (await pidIn(pidFile)) > 0)).toBe(true);
    const child = await pidIn(pidFile);
    const killed = await h.run("KillShell", { shell_id: id });
    expect(killed.isError).toBe(false);
    expect(killed.text).toMatch(new RegExp(`^Stopped ${id} \\(\\(trap '' TERM; sleep 60\\) & echo`));
    expect(await eventually(async () => !(await processAlive(child)))).toBe(true);
    expect((await h.run("BashOutput", { bash_id: id })).text).toMatch(/^<status>killed<\/status>\n<end>stopped with KillShell<\/end>/);
    expect((await h.run("KillShell", { shell_id: id })).text).toBe(`${id} had already ended (stopped with KillShell): there was nothing to stop.`);
  });

  it("answers an unknown ID with the IDs of the conversation", async () => {
    expect(await h.run("BashOutput", { bash_id: "bash_999" })).toEqual({
      text: "No background command was started in this conversation (the IDs come from Bash with run_in_background: true).",
      isError: true,
    });
    const id = idOf((await h.run("Bash", { command: "true", run_in_background: true })).text);
    expect((await h.run("KillShell", { shell_id: "nope" })).text).toBe(`No background command has the ID nope. Those of this conversation: ${id}.`);
  });

  it("stops what a finished background command left in its group", async () => {
    const pidFile = path.join(h.cwd, "pid");
    const { text } = await h.run("Bash", { command: `sleep 60 >/dev/null 2>&1 & echo $! > ${pidFile}`, run_in_background: true });
    const id = idOf(text);
    expect(await eventually(async () => !BackgroundShells.of(h.context.state).get(id)?.running)).toBe(true);
    const pid = await pidIn(pidFile);
    expect(await eventually(async () => !(await processAlive(pid)))).toBe(true);
  });

  it("tells the model of each end once (notices), not of one it read or killed", async () => {
    const shells = BackgroundShells.of(h.context.state);
    const a = idOf((await h.run("Bash", { command: "exit 2", run_in_background: true })).text);
    const b = idOf((await h.run("Bash", { command: "sleep 60", run_in_background: true })).text);
    const c = idOf((await h.run("Bash", { command: "true", run_in_background: true })).text);
    expect(await eventually(async () => !shells.get(a)?.running && !shells.get(c)?.running)).toBe(true);
    await h.run("BashOutput", { bash_id: c });
    await h.run("KillShell", { shell_id: b });
    expect(shells.takeNotices()).toEqual([`Background command ${a} (exit 2) ended: exit code 2. BashOutput (bash_id "${a}") shows what it wrote last.`]);
    expect(shells.takeNotices()).toEqual([]);
  });

  it("Ctrl+B: a foreground call returns with an ID and its output so far, the command running on", async () => {
    const shells = BackgroundShells.of(h.context.state);
    const pidFile = path.join(h.cwd, "pid");
    const call = h.run("Bash", { command: `echo begun; echo $$ > ${pidFile}; sleep 60; echo never` }, { callId: "call_7" });
    expect(await eventually(async () => shells.foregroundCount === 1 && (await pidIn(pidFile)) > 0)).toBe(true);
    expect(shells.moveToBackground()).toBe(1);
    const result = await call;
    const id = idOf(result.text);
    expect(result.text.startsWith(
      `The user moved this command to the background (Ctrl+B): it keeps running with ID: ${id}. Read what it writes next with BashOutput (bash_id "${id}"), stop it with KillShell (shell_id "${id}"); you will be told when it ends.`,
    )).toBe(true);
    // What it wrote before the move is in the result or, if MAIA had not read it yet, in the first read: once.
    const read = (await h.run("BashOutput", { bash_id: id })).text;
    expect(`${result.text}\n${read}`.match(/begun/g)).toHaveLength(1);
    expect(read).toContain("<status>running</status>");
    expect(shells.foregroundCount).toBe(0);
    const shell = shells.get(id);
    expect(shell?.running).toBe(true);
    expect(shell?.callId).toBe("call_7");
    const pid = await pidIn(pidFile);
    expect(await processAlive(pid)).toBe(true);
    await shells.killAll("session");
    expect(await eventually(async () => !(await processAlive(pid)))).toBe(true);
  });
});
