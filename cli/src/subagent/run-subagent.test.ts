import { fork, spawn, type ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { maiaPerTest } from "@maia/testing-maia";
import type { AgentDefinition, ChildMessage, DoneMessage, StartSpec } from "@maia/subagent-protocol";
import { afterEach, describe, expect, it } from "vitest";

/** `maia --subagent` from this source tree (Node 24 runs it as it is): the process MAIA forks for a sub-agent. */
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

const agent: AgentDefinition = {
  name: "reviewer",
  description: "Reviews",
  tools: ["Read", "Telepathy"],
  permissions: { allow: [], ask: [], deny: ["Read(secret.txt)"] },
  effort: "low",
  omitMd: true,
  trace: false,
  instructions: "Be brief.",
  missions: "Read what you are told.",
  output: "One line.",
  file: "/x/AGENT.md",
  level: "project",
};

const bed = maiaPerTest(() => startFakeLiteLLM());
const children: ChildProcess[] = [];
// Registered after maiaPerTest, so it runs before the fake LiteLLM closes (vitest runs after-hooks last-first).
afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
});

/** Forks the sub-agent process as the launcher does, and records what it sends. */
function startChild(spec: Partial<StartSpec> = {}) {
  const child = fork(MAIN, ["--subagent"], {
    cwd: bed.cwd,
    env: { PATH: process.env.PATH, HOME: bed.home, MAIA_LANG: "en", MAIA_CWD: bed.cwd },
    execArgv: [],
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  children.push(child);
  const received: ChildMessage[] = [];
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.on("message", (message) => {
    received.push(message as ChildMessage);
    const typed = message as ChildMessage;
    if (typed.type === "confirm") child.send({ type: "confirm-result", id: typed.id, ok: false });
    // The parent's MCP connection, as far as the child can tell: an answer to each call.
    if (typed.type === "mcp-call") child.send({ type: "mcp-result", id: typed.id, content: `parent ran ${typed.name} ${JSON.stringify(typed.input)}`, isError: false });
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  child.send({ type: "start", spec: { agent, task: "Read notes.txt", cwd: bed.cwd, model: "fake-model", allowRules: [], canAsk: true, ...spec } });
  return { child, received, exited, stderr: () => stderr };
}

const doneOf = (received: ChildMessage[]) => received.find((message): message is DoneMessage => message.type === "done");

describe("maia --subagent (seed § 20.3)", () => {
  it("refuses to run without a parent", async () => {
    const child = spawn(process.execPath, [MAIN, "--subagent"], { env: { PATH: process.env.PATH, MAIA_LANG: "en" } });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("maia --subagent is started by MAIA itself");
  });

  it("runs the task with the definition's tools, prompt and rules, reports its own warnings, sends done and ends", async () => {
    await writeFile(path.join(bed.cwd, "notes.txt"), "hello from notes\n");
    await writeFile(path.join(bed.cwd, "MAIA.md"), "Project rule: tabs.\n");
    // Without a rule every tool asks (seed § 9.2): the project allows reading its notes.
    await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
    await writeFile(path.join(bed.cwd, ".maia", "settings.json"), JSON.stringify({ permissions: { allow: ["Read(notes.txt)"] } }));
    bed.server.enqueue(
      { toolCalls: [{ id: "r1", name: "Read", arguments: { path: "notes.txt" } }, { id: "r2", name: "Read", arguments: { path: "secret.txt" } }] },
      { text: "notes.txt says hello." },
    );
    const { received, exited } = startChild();
    expect(await exited).toBe(0);
    expect(received.filter((message) => message.type === "log")).toEqual([
      { type: "log", level: "warn", message: expect.stringContaining('tools: "Telepathy" is not a tool here; it is ignored.') },
    ]);
    const done = doneOf(received);
    expect(done).toMatchObject({ ok: true, summary: "notes.txt says hello.", toolCalls: 2 });
    const first = bed.server.chatBodies()[0] as { messages: Array<{ role: string; content: string }>; tools: Array<{ function: { name: string } }> };
    expect(first.tools.map((tool) => tool.function.name)).toEqual(["Read"]);
    expect(first.messages[0]?.content).toContain('You are the sub-agent "reviewer"');
    expect(first.messages[0]?.content).not.toContain("Project rule: tabs."); // omitMd
    const results = JSON.stringify(bed.server.chatBodies()[1]);
    expect(results).toContain("hello from notes");
    expect(results).toContain("Action denied by the permission rules (Read(secret.txt))");
  });

  it("asks its parent before a tool that needs a confirmation, and takes the answer", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "w1", name: "Write", arguments: { path: "out.txt", content: "x" } }] }, { text: "Could not write." });
    const { received, exited } = startChild({ agent: { ...agent, tools: ["Write"] } });
    expect(await exited).toBe(0);
    expect(received.find((message) => message.type === "confirm")).toEqual({ type: "confirm", id: 1, message: expect.stringMatching(/^Allow Write/) });
    expect(JSON.stringify(bed.server.chatBodies()[1])).toContain("The user refused this action.");
    expect(doneOf(received)?.summary).toBe("Could not write.");
  });

  it("refuses at once what needs a confirmation when its parent cannot ask", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "w1", name: "Write", arguments: { path: "out.txt", content: "x" } }] }, { text: "Refused." });
    const { received, exited } = startChild({ agent: { ...agent, tools: ["Write"] }, canAsk: false });
    expect(await exited).toBe(0);
    expect(received.some((message) => message.type === "confirm")).toBe(false);
    expect(JSON.stringify(bed.server.chatBodies()[1])).toContain("nobody can answer here");
  });

  it("offers the parent's MCP tools its definition selects and runs their calls through the parent", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "m1", name: "mcp__fx__echo", arguments: { text: "hi" } }] }, { text: "Echoed." });
    const mcpTools = ["echo", "grow"].map((tool) => ({ name: `mcp__fx__${tool}`, description: tool, inputSchema: { type: "object" } }));
    const { received, exited } = startChild({ agent: { ...agent, tools: ["Read", "mcp__fx__echo"] }, mcpTools, allowRules: ["Mcp(fx)"] });
    expect(await exited).toBe(0);
    expect(received.filter((message) => message.type === "mcp-call")).toEqual([{ type: "mcp-call", id: 1, name: "mcp__fx__echo", input: { text: "hi" } }]);
    const first = bed.server.chatBodies()[0] as { tools: Array<{ function: { name: string } }> };
    expect(first.tools.map((tool) => tool.function.name)).toEqual(["Read", "mcp__fx__echo"]);
    expect(JSON.stringify(bed.server.chatBodies()[1])).toContain('parent ran mcp__fx__echo {\\"text\\":\\"hi\\"}');
    expect(doneOf(received)).toMatchObject({ ok: true, summary: "Echoed.", toolCalls: 1 });
  });

  it("stops on abort, keeping what it did, and ends when its parent goes away", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "r1", name: "Read", arguments: { path: "nothing.txt" } }] }, { hang: true });
    const aborted = startChild();
    while (bed.server.chatBodies().length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    aborted.child.send({ type: "abort" });
    expect(await aborted.exited).toBe(1);
    expect(doneOf(aborted.received)).toMatchObject({ ok: false, summary: "interrupted before the end", toolCalls: 1 });
    expect(doneOf(aborted.received)?.messages).toHaveLength(3);

    bed.server.enqueue({ hang: true });
    const orphan = startChild();
    while (bed.server.chatBodies().length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    orphan.child.disconnect();
    expect(await orphan.exited).toBe(1);
  });
});
