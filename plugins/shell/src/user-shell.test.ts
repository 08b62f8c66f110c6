import { readFile } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, processAlive, tempFolder } from "@maia/testing-maia";
import { describeShellStatus, runUserShell, USER_SHELL_LIMITS } from "./user-shell.ts";

afterEach(() => setActiveLocale(undefined));

const env = { ...process.env, MAIA_TEST_VALUE: "from-the-agent" };

describe("runUserShell (real processes)", () => {
  it("runs in the launch folder with the agent's environment", async () => {
    const cwd = await tempFolder();
    const result = await runUserShell('pwd; echo "$MAIA_TEST_VALUE"', { cwd, env });
    expect(result.output).toBe(`${cwd}\nfrom-the-agent\n`);
    expect(result.status).toEqual({ kind: "exit", code: 0 });
    expect(result).toMatchObject({ command: 'pwd; echo "$MAIA_TEST_VALUE"', cwd });
  });

  it("keeps stdout and stderr in the order they were written", async () => {
    const cwd = await tempFolder();
    const result = await runUserShell("echo one; echo two >&2; echo three; echo four >&2", { cwd, env });
    expect(result.output).toBe("one\ntwo\nthree\nfour\n");
  });

  it("reports a failing command's exit code without rejecting", async () => {
    const cwd = await tempFolder();
    const result = await runUserShell("echo oops >&2; exit 3", { cwd, env });
    expect(result).toMatchObject({ output: "oops\n", status: { kind: "exit", code: 3 } });
  });

  it("reports a command killed by a signal", async () => {
    const cwd = await tempFolder();
    const result = await runUserShell("kill -9 $$", { cwd, env });
    expect(result.status).toEqual({ kind: "signal", signal: "SIGKILL" });
  });

  it("reports a launch failure (the folder is gone) without rejecting", async () => {
    const cwd = path.join(await tempFolder(), "removed");
    const result = await runUserShell("echo hi", { cwd, env });
    expect(result.status.kind).toBe("launch_failed");
  });

  it("stops the whole process tree on timeout, SIGKILL for what ignores SIGTERM", async () => {
    const cwd = await tempFolder();
    const limits = { ...USER_SHELL_LIMITS, timeoutMs: 500 };
    // A child that ignores SIGTERM, its pid written down so the test can check it is gone.
    const command = "(trap '' TERM; echo $BASHPID > child.pid; sleep 30) & echo started; wait";
    const result = await runUserShell(command, { cwd, env, limits });
    expect(result.status).toEqual({ kind: "timeout", seconds: 1 });
    expect(result.output).toContain("started");
    const pid = Number(await readFile(path.join(cwd, "child.pid"), "utf8"));
    expect(await eventually(async () => !(await processAlive(pid)))).toBe(true);
  });

  it("stops the command and its children on Ctrl+C (the signal), keeping what it printed", async () => {
    const cwd = await tempFolder();
    const controller = new AbortController();
    const running = runUserShell("echo before; sleep 30 & echo $! > child.pid; wait", { cwd, env, signal: controller.signal });
    await eventually(async () => (await readFile(path.join(cwd, "child.pid"), "utf8").catch(() => "")) !== "");
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ output: "before\n", status: { kind: "interrupted" } });
    const pid = Number(await readFile(path.join(cwd, "child.pid"), "utf8"));
    expect(await eventually(async () => !(await processAlive(pid)))).toBe(true);
  });

  it("captures at most 1,000,000 characters, cut in the middle", async () => {
    const cwd = await tempFolder();
    const result = await runUserShell("printf 'START'; head -c 1500000 /dev/zero | tr '\\0' x; printf 'END'", { cwd, env });
    expect(result.status).toEqual({ kind: "exit", code: 0 });
    expect(result.output.length).toBeLessThanOrEqual(1_000_000);
    expect(result.output.startsWith("STARTxxx")).toBe(true);
    expect(result.output.endsWith("xxxEND")).toBe(true);
    expect(result.output).toMatch(/\[[\d,]+ characters of output cut here\]/);
  });
});

describe("describeShellStatus", () => {
  it("describes each end in English and in French", () => {
    setActiveLocale("en");
    expect(describeShellStatus({ kind: "exit", code: 2 })).toBe("exit code 2");
    expect(describeShellStatus({ kind: "signal", signal: "SIGSEGV" })).toBe("stopped by signal SIGSEGV");
    expect(describeShellStatus({ kind: "timeout", seconds: 120 })).toMatch(/^timed out after 120 s/);
    expect(describeShellStatus({ kind: "interrupted" })).toMatch(/^interrupted \(Ctrl\+C\)/);
    expect(describeShellStatus({ kind: "launch_failed", cause: "spawn ENOENT" })).toBe("failed to launch: spawn ENOENT");
    setActiveLocale("fr");
    expect(describeShellStatus({ kind: "exit", code: 2 })).toBe("code de sortie 2");
    expect(describeShellStatus({ kind: "timeout", seconds: 120 })).toMatch(/^délai dépassé \(120 s\)/);
    expect(describeShellStatus({ kind: "interrupted" })).toMatch(/^interrompue \(Ctrl\+C\)/);
    expect(describeShellStatus({ kind: "launch_failed", cause: "spawn ENOENT" })).toBe("échec du lancement : spawn ENOENT");
  });
});
