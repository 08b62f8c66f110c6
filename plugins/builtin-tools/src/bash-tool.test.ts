import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BASH_LIMITS } from "./bash-tool.ts";
import { DEFAULT_LIMITS } from "./tools.ts";
import { eventually, harness, processAlive, type Harness } from "./testing/harness.ts";

let h: Harness;
beforeEach(async () => {
  setActiveLocale("en");
  h = await harness({ limits: { ...DEFAULT_LIMITS, bash: { ...BASH_LIMITS, timeoutMs: 1500, killGraceMs: 300 } } });
});
afterEach(() => setActiveLocale(undefined));

describe("Bash", () => {
  it("runs in the launch folder with the agent's environment and ends with the exit code", async () => {
    const result = await h.run("Bash", { command: 'pwd; echo "$MAIA_TEST_VAR"; exit 3' }, { env: { ...process.env, MAIA_TEST_VAR: "from-agent" } });
    expect(result).toEqual({ text: `${h.cwd}\nfrom-agent\n[exit code: 3]`, isError: false });
  });

  it("merges stdout and stderr in the exact order they were written", async () => {
    const command = "for i in $(seq 1 200); do echo out$i; echo err$i >&2; done";
    const { text } = await h.run("Bash", { command });
    const expected = Array.from({ length: 200 }, (_, index) => `out${index + 1}\nerr${index + 1}`).join("\n");
    expect(text).toBe(`${expected}\n[exit code: 0]`);
  });

  it("stops the whole process tree at the timeout, SIGKILL for what ignores SIGTERM", async () => {
    const pidFile = path.join(h.cwd, "pids");
    // A child that ignores SIGTERM (and has let go of the output pipe), and a grandchild.
    const command = `(trap '' TERM; sleep 60) >/dev/null 2>&1 & echo $! > ${pidFile}; (sleep 60 & echo $! >> ${pidFile}; wait) & sleep 60`;
    const result = await h.run("Bash", { command });
    // The limit is what ended the call: `sleep 60` would otherwise have printed nothing and exited 0.
    expect(result.text).toBe("[timed out (2 s)]");
    const pids = (await readFile(pidFile, "utf8")).trim().split("\n").map(Number);
    expect(pids.length).toBe(2);
    expect(await eventually(async () => !(await processAlive(pids[0] as number)) && !(await processAlive(pids[1] as number)))).toBe(true);
  });

  it("stops promptly when the turn is interrupted, and says so", async () => {
    const controller = new AbortController();
    const pidFile = path.join(h.cwd, "pid");
    const running = h.run("Bash", { command: `sleep 30 & echo $! > ${pidFile}; echo started; wait` }, { signal: controller.signal });
    expect(await eventually(async () => (await readFile(pidFile, "utf8").catch(() => "")).trim() !== "")).toBe(true);
    controller.abort();
    const result = await running;
    // Not waited for: `wait` would have ended with the sleep and said "[exit code: 0]".
    expect(result.text).toBe("started\n[interrupted (Ctrl+C)]");
    const pid = Number((await readFile(pidFile, "utf8")).trim());
    expect(await eventually(async () => !(await processAlive(pid)))).toBe(true);
  });

  it("reports a command that cannot be launched", async () => {
    const result = await h.run("Bash", { command: "echo hi" }, { cwd: path.join(h.cwd, "missing-folder") });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/^Cause: .+\n\[failed to launch the command\]$/);
  });

  it("reports a command killed by a signal", async () => {
    expect((await h.run("Bash", { command: "kill -SEGV $$" })).text).toBe("[stopped by signal SIGSEGV]");
  });

  it("cuts output over 30,000 characters in the middle, keeping its start and end", async () => {
    const { text } = await h.run("Bash", { command: "seq 1 20000" });
    const [output, status] = [text.slice(0, text.lastIndexOf("\n")), text.slice(text.lastIndexOf("\n") + 1)];
    expect(status).toBe("[exit code: 0]");
    expect(output.length).toBeLessThanOrEqual(30_000);
    expect(output.startsWith("1\n2\n3\n")).toBe(true);
    expect(output.endsWith("19999\n20000")).toBe(true);
    expect(output).toMatch(/\[\d+ characters of output cut here\]/);
  });

  it("does not wait for a process left running in the background", async () => {
    const pidFile = path.join(h.cwd, "pid");
    const result = await h.run("Bash", { command: `sleep 30 >/dev/null 2>&1 & echo $! > ${pidFile}; echo launched` });
    expect(result.text).toBe("launched\n[exit code: 0]");
    // The call ended while the process it left behind still runs.
    const pid = Number((await readFile(pidFile, "utf8")).trim());
    expect(await processAlive(pid)).toBe(true);
    process.kill(pid);
  });

  it("writes the status lines in French for French users (seed § 8 wording)", async () => {
    setActiveLocale("fr");
    expect((await h.run("Bash", { command: "exit 0" })).text).toBe("[code de sortie : 0]");
    expect((await h.run("Bash", { command: "sleep 10" })).text).toBe("[délai dépassé (2 s)]");
    const controller = new AbortController();
    controller.abort();
    expect((await h.run("Bash", { command: "sleep 10" }, { signal: controller.signal })).text).toBe("[interrompu (Ctrl+C)]");
    const failed = await h.run("Bash", { command: "true" }, { cwd: path.join(h.cwd, "absent") });
    expect(failed.text.endsWith("[échec du lancement de la commande]")).toBe(true);
  });

  it("keeps the seed's limits as its defaults", async () => {
    expect(BASH_LIMITS).toEqual({ timeoutMs: 120_000, maxChars: 30_000, killGraceMs: 1_000 });
    const defaults = await harness();
    expect(defaults.tools.Bash?.spec.description).toContain("120 s");
    await writeFile(path.join(defaults.cwd, "x"), "");
  });
});
