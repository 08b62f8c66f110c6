import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { eventually, maiaPerTest, processAlive, processesMatching, runMaia, spawnMaia, streamEvents, type StreamEvent } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, arguments: args });
const results = (events: StreamEvent[]) => events.filter((event) => event.type === "tool_result");
/** A number no other test's command uses, so that pgrep finds this test's processes only. */
const unique = () => 70_000 + Math.floor(Math.random() * 20_000);

/** The `sleep N` processes themselves (not the shells whose command line holds the text). */
async function sleepsOf(n: number): Promise<number[]> {
  const pids = await processesMatching(`sleep ${n}`);
  const own = await Promise.all(pids.map(async (pid) => ((await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")) === `sleep\0${n}\0` ? [pid] : [])));
  return own.flat();
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Settings of the launch folder (the project's `.maia/settings.json`). */
async function projectSettings(settings: object): Promise<void> {
  await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
  await writeFile(path.join(bed.cwd, ".maia", "settings.json"), JSON.stringify(settings));
}

async function maia(prompt: string, extra: string[] = []) {
  const run = await runMaia(["-p", prompt, "--model", "fake-model", "--output-format", "stream-json", ...extra], { ...bed, timeoutMs: 60_000 });
  return { ...run, events: streamEvents(run.stdout) };
}

describe("Bash in the background through `maia -p` (built bundle, fake LiteLLM, real processes)", () => {
  it("starts a server in the background, queries it with curl in the same turn, reads its output as it comes, stops it; the rules apply to it", async () => {
    const port = await freePort();
    // On Linux each sandboxed command has its own network: a server and its client in two commands must run
    // outside it, which is what excludedCommands is for (docs/tools.md).
    await projectSettings({ sandbox: { excludedCommands: ["node", "curl"] } });
    const server = `node -e "require('http').createServer((q, s) => { console.log('hit ' + q.url); s.end('hello from the background') }).listen(${port}, '127.0.0.1', () => console.log('listening on ${port}'))"`;
    const curl = (route: string) => call(`curl-${route}`, "Bash", { command: `curl -s --retry 30 --retry-connrefused --retry-delay 1 http://127.0.0.1:${port}/${route}` });
    bed.server.enqueue(
      // No rule allows it: refused as a foreground call would be, nothing started.
      { toolCalls: [call("c0", "Bash", { command: "sleep 1000", run_in_background: true })] },
      { toolCalls: [call("c1", "Bash", { command: server, run_in_background: true })] },
      { toolCalls: [curl("first")] },
      { toolCalls: [call("c3", "BashOutput", { bash_id: "bash_1" })] },
      { toolCalls: [curl("second")] },
      { toolCalls: [call("c5", "BashOutput", { bash_id: "bash_1" })] },
      { toolCalls: [call("c6", "KillShell", { shell_id: "bash_1" })] },
      { toolCalls: [call("c7", "BashOutput", { bash_id: "bash_1" })] },
      { text: "The server answered." },
    );
    // BashOutput and KillShell reach only what MAIA started: they need no rule.
    const run = await maia("start a server and try it", ["--allow", "Bash(node *)", "--allow", "Bash(curl *)"]);
    expect(run.code).toBe(0);
    const [refused, started, first, output, second, more, killed, last] = results(run.events);
    expect(refused?.isError).toBe(true);
    expect(refused?.content).toContain("Action refused: it needs the user's confirmation and nobody can answer here");
    expect(started?.content).toMatch(/^Command running in the background with ID: bash_1\./);
    expect(first?.content).toBe("hello from the background\n[exit code: 0]");
    expect(output?.content).toBe(`<status>running</status>\n<output>\nlistening on ${port}\nhit /first\n</output>`);
    expect(second?.content).toBe("hello from the background\n[exit code: 0]");
    // Only what came since the last read.
    expect(more?.content).toBe("<status>running</status>\n<output>\nhit /second\n</output>");
    expect(killed?.content).toBe(`Stopped bash_1 (${server.slice(0, 79)}…).`);
    expect(last?.content).toBe("<status>killed</status>\n<end>stopped with KillShell</end>\n(no new output since the last read)");
    expect(await processesMatching(`listen(${port}`)).toEqual([]);
  });

  it("waits for none at the end of a run: what still runs is stopped, and named", async () => {
    const n = unique();
    // Outside the OS sandbox, whose processes die with MAIA by themselves: only MAIA's own stopping counts here.
    await projectSettings({ sandbox: { excludedCommands: ["sleep"] } });
    bed.server.enqueue({ toolCalls: [call("c1", "Bash", { command: `sleep ${n}`, run_in_background: true })] }, { text: "Started." });
    const run = await maia("start it", ["--allow", "Bash(sleep *)"]);
    expect(run.code).toBe(0);
    const [started] = results(run.events);
    expect(started?.content).toMatch(/^Command running in the background with ID: bash_1\./);
    expect(run.events).toContainEqual({ type: "warning", message: `Stopped 1 background command still running: bash_1 (sleep ${n}).` });
    expect(run.events.at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
    expect(await processesMatching(`sleep ${n}`)).toEqual([]);
  });

  it.skipIf(process.platform !== "linux")("runs a background command in the OS sandbox, and KillShell stops its processes inside it: SIGTERM, then SIGKILL", async () => {
    const n = unique();
    const result = path.join(bed.cwd, "result.txt");
    const escaped = path.join(bed.home, "escaped");
    // The user's choice for sandboxed commands: no question for them (docs/sandbox.md).
    await projectSettings({ sandbox: { autoAllowBashIfSandboxed: true } });
    // Inside: a write outside the project, then a shell that notes SIGTERM and waits on, a sleep that dies of it,
    // and one that ignores it (only SIGKILL ends it).
    const command = [
      `touch ${escaped} 2> result.txt; echo "status $?" >> result.txt`,
      `trap 'echo "TERM reached the command" >> stopped.txt; wait' TERM`,
      `(trap '' TERM; exec sleep ${n}) & sleep ${n} & wait`,
    ].join("\n");
    let sleeping = 0;
    bed.server.enqueue(
      { toolCalls: [call("c1", "Bash", { command, run_in_background: true })] },
      // The model stops it once it has written its result and both sleeps run.
      async () => {
        await eventually(async () => (await readFile(result, "utf8").catch(() => "")).includes("status"), 20_000);
        await eventually(async () => (sleeping = (await sleepsOf(n)).length) === 2, 20_000);
        return { toolCalls: [call("c2", "KillShell", { shell_id: "bash_1" })] };
      },
      { text: "ok" },
    );
    const run = await maia("try");
    expect(run.code).toBe(0);
    const [started, killed] = results(run.events);
    if (started?.sandboxed !== true) {
      // No working bubblewrap on this machine: MAIA said so, and a command that is not sandboxed was not auto-allowed.
      expect(run.stderr).toMatch(/sandbox/i);
      return;
    }
    // It ran inside the sandbox: the write outside the project was refused.
    expect(await readFile(result, "utf8")).toMatch(/Read-only file system[^]*status 1/);
    expect(await stat(escaped).catch(() => undefined)).toBeUndefined();
    // KillShell's SIGTERM reached the command inside (a signal to bubblewrap would have killed it at once), and
    // what ignored it is gone too.
    expect(sleeping).toBe(2);
    expect(killed?.content).toMatch(/^Stopped bash_1 \(touch /);
    expect(await readFile(path.join(bed.cwd, "stopped.txt"), "utf8")).toBe("TERM reached the command\n");
    expect(await processesMatching(`sleep ${n}`)).toEqual([]);
  });

  for (const signal of ["SIGTERM", "SIGHUP", "SIGINT"] as const) {
    it(`stops its background commands when ${signal} ends it`, async () => {
      const n = unique();
      await projectSettings({ sandbox: { excludedCommands: ["sleep"] } });
      bed.server.enqueue({ toolCalls: [call("c1", "Bash", { command: `sleep ${n}`, run_in_background: true })] }, { hang: true });
      const child = spawnMaia(["-p", "go", "--model", "fake-model", "--allow", "Bash(sleep *)"], bed);
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length > 0, 20_000)).toBe(true);
      child.kill(signal);
      // It ends on its own terms (not killed by the signal), having said what it stopped.
      expect(await exited).toBe(1);
      expect(stderr).toContain(`Stopped 1 background command still running: bash_1 (sleep ${n}).`);
      expect(await processesMatching(`sleep ${n}`)).toEqual([]);
    });
  }

  it("a start after a crash stops what the crashed MAIA left running outside the sandbox", async () => {
    const n = unique();
    // Outside the sandbox, a command in its own process group survives a MAIA killed with SIGKILL.
    await projectSettings({ sandbox: { excludedCommands: ["sleep"] } });
    bed.server.enqueue({ toolCalls: [call("c1", "Bash", { command: `sleep ${n}`, run_in_background: true })] }, { hang: true });
    const child = spawnMaia(["-p", "go", "--model", "fake-model", "--allow", "Bash(sleep *)"], bed);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length > 0, 20_000)).toBe(true);
    // Killed once its second request hangs: the hanging answer is then taken, and the next run gets "Hello".
    expect(await eventually(async () => bed.server.chatBodies().length === 2, 20_000)).toBe(true);
    child.kill("SIGKILL");
    await exited;
    const left = await processesMatching(`sleep ${n}`);
    expect(left.length).toBeGreaterThan(0);

    bed.server.enqueue({ text: "Hello" });
    const next = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(next.stdout).toBe("Hello\n");
    expect(next.stderr).toContain(`WARN Stopped 1 background command left running by a MAIA that ended abruptly: bash_1 (sleep ${n}).`);
    expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length === 0)).toBe(true);
    for (const pid of left) expect(await processAlive(pid)).toBe(false);
  });
});
