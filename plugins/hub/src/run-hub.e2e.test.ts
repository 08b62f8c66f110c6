import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { chmod, readFile, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { eventually, MAIA_BIN, processAlive, shebangFlags, spawnMaia, tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callService, readEvents } from "./server/testing/http.ts";

const BANNER = /^MAIA hub: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{22,})$/;

let fake: FakeLiteLLM;
let home: string;
let cwd: string;
let hub: ChildProcessWithoutNullStreams | undefined;

beforeEach(async () => {
  fake = await startFakeLiteLLM();
  home = await tempFolder("maia-hub-home-");
  cwd = await tempFolder("maia-hub-cwd-");
  await fake.writeSettings(home);
});

afterEach(async () => {
  if (hub && hub.exitCode === null && hub.signalCode === null) {
    hub.kill("SIGKILL");
  }
  hub = undefined;
  await fake.close();
});

interface Started {
  child: ChildProcessWithoutNullStreams;
  base: string;
  token: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

async function startHub(args: string[] = ["--no-open"], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const child = spawnMaia(["hub", ...args], { cwd, home, env: { MAIA_HUB_TIME_SCALE: "0.2", ...env } });
  hub = child;
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = await eventually(() => stdout.includes("\n"), 15_000);
  if (!ready) throw new Error(`maia hub printed no address; stderr:\n${stderr}`);
  const match = BANNER.exec(stdout.trimEnd());
  if (!match) throw new Error(`unexpected first line: ${JSON.stringify(stdout)}; stderr:\n${stderr}`);
  return { child, base: `http://127.0.0.1:${match[1]}`, token: match[2]!, stdout: () => stdout, stderr: () => stderr, exited };
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe("maia hub: start and stop", () => {
  it("prints exactly one line, creates ~/.maia/hub.json with MAIA itself as an ACP agent, and runs it", async () => {
    const started = await startHub();
    expect(started.stdout().split("\n").filter((line) => line !== "")).toHaveLength(1);
    const config = await readFile(path.join(home, ".maia", "hub.json"), "utf8");
    expect(config).toContain(JSON.stringify(MAIA_BIN));
    expect(config).toContain('"acp"');
    // The agent runs with the Node flags of the \`maia\` command's shebang, as \`maia acp\` from an editor does.
    for (const flag of shebangFlags(MAIA_BIN)) expect(config).toContain(JSON.stringify(flag));
    const current = await callService(started.base, started.token, "ConfigService", "Current", []);
    expect(current.json).toMatchObject({ result: { source: "default", created: true, valid: true, channels: [] } });

    const events = await readEvents(started.base, started.token);
    const start = await callService(started.base, started.token, "AgentService", "Start", ["maia"]);
    expect(start.json).toEqual({ result: null });
    await events.waitFor((event) => event.name === "agent:state" && (event.data as { state: string }).state === "ready", 20_000);
    const states = events.events.filter((event) => event.name === "agent:state").map((event) => (event.data as { state: string }).state);
    expect(states).toEqual(["starting", "ready"]);
    events.close();
    const agents = childrenOf(started.child.pid!);
    expect(agents.length).toBeGreaterThan(0);
    const commandLines = agents.map((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0"));
    expect(commandLines.some((words) => words.includes("--expose-gc") && words.includes(MAIA_BIN))).toBe(true);

    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
    for (const pid of agents) expect(await processAlive(pid)).toBe(false);
    expect(started.stdout().split("\n").filter((line) => line !== "")).toHaveLength(1);
  });

  it("stops its agents when the terminal closes (SIGHUP) and on Ctrl+C (SIGINT)", async () => {
    for (const signal of ["SIGHUP", "SIGINT"] as const) {
      const started = await startHub();
      await callService(started.base, started.token, "AgentService", "Start", ["maia"]);
      const agents = childrenOf(started.child.pid!);
      expect(agents.length).toBeGreaterThan(0);
      started.child.kill(signal);
      expect(await started.exited).toBe(signal === "SIGINT" ? 130 : 0);
      for (const pid of agents) expect(await processAlive(pid)).toBe(false);
    }
  });
});

describe("maia hub: arguments", () => {
  it("opens the address with $BROWSER, and says so when no opener exists", async () => {
    const opener = path.join(cwd, "opener.sh");
    const seen = path.join(cwd, "seen.txt");
    await writeFile(opener, `#!/bin/sh\nprintf '%s' "$1" > ${JSON.stringify(seen)}\n`);
    await chmod(opener, 0o755);
    const started = await startHub([], { BROWSER: opener });
    expect(await eventually(async () => (await readFile(seen, "utf8").catch(() => "")).includes("?token="), 5000)).toBe(true);
    expect(await readFile(seen, "utf8")).toBe(started.stdout().trim().replace("MAIA hub: ", ""));
    started.child.kill("SIGTERM");
    await started.exited;

    const bare = await startHub([], { PATH: path.dirname(process.execPath) });
    expect(await eventually(() => bare.stderr().includes("No browser opener"), 5000)).toBe(true);
    bare.child.kill("SIGTERM");
    await bare.exited;
  });

  it("listens on the port asked for, and says why it cannot", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const child = spawnMaia(["hub", "--no-open", "--port", String(port)], { cwd, home });
    hub = child;
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    // The port is free once the blocker's socket has closed, not when close() returns.
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
    expect(code).toBe(1);
    expect(stderr).toContain(`127.0.0.1:${port}`);

    const free = await startHub(["--no-open", "--port", String(port)]);
    expect(free.base).toBe(`http://127.0.0.1:${port}`);
    free.child.kill("SIGTERM");
    await free.exited;
  });

  it("refuses a bad port with the usage, and warns when bound beyond loopback", async () => {
    const child = spawnMaia(["hub", "--port", "http"], { cwd, home });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(2);
    expect(stderr).toContain("Usage: maia hub");

    const wide = await startHub(["--no-open", "--host", "0.0.0.0"]);
    expect(wide.stderr()).toContain("0.0.0.0");
    expect(wide.stderr()).toContain("token");
    wide.child.kill("SIGTERM");
    await wide.exited;
  });
});
