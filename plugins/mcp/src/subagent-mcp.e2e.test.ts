import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type Scripted } from "@maia/fake-litellm";
import { maiaPerTest, runMaia, streamEvents } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { everythingStdio, testServer, writeMcpJson } from "./testing/servers.ts";

/**
 * A sub-agent (`maia --subagent`, a real child process) using MCP tools through the parent's connections
 * (issue #21): `maia -p` with the built bundle, the fake LiteLLM server playing both models, server-everything and
 * the SDK test server over stdio. The test server records each of its starts: one start means the sub-agent
 * used the parent's process, not one of its own.
 */
const bed = maiaPerTest(() => startFakeLiteLLM());

interface Asked {
  messages?: Array<{ role: string; content?: unknown }>;
}
interface ChatBody extends Asked {
  tools?: Array<{ function: { name: string } }>;
}

/** The sub-agent that sent a request (its system prompt says "You are the sub-agent "x""), or undefined. */
const subAgentOf = (body: Asked) => {
  const first = body.messages?.[0];
  return first?.role === "system" && typeof first.content === "string" ? /You are the sub-agent "([^"]+)"/.exec(first.content)?.[1] : undefined;
};

async function writeAgent(name: string, header: string): Promise<void> {
  const folder = path.join(bed.cwd, ".maia", "agents", name);
  await mkdir(folder, { recursive: true });
  const text = ["---", `name: ${name}`, `description: The ${name} agent`, header, "---", "", "# Instructions system", `You are ${name}.`, "", "# Missions", "Do the task.", "", "# Output", "One line.", ""];
  await writeFile(path.join(folder, "AGENT.md"), text.join("\n"));
}

/** Answers by asker: the main agent's queue, or the sub-agent's. */
function serve(main: Scripted[], child: Scripted[]): void {
  for (let index = 0; index < main.length + child.length + 4; index += 1) {
    bed.server.enqueue((body: Asked) => {
      const queue = subAgentOf(body) === undefined ? main : child;
      return queue.shift() ?? { error: { status: 500, body: "no scripted answer left" } };
    });
  }
}

const bodiesOf = (agent: string | undefined) => (bed.server.chatBodies() as ChatBody[]).filter((body) => subAgentOf(body) === agent);
const toolMessages = (body: ChatBody | undefined) => (body?.messages ?? []).filter((message) => message.role === "tool").map((message) => String(message.content));
const offered = (body: ChatBody | undefined) => (body?.tools ?? []).map((tool) => tool.function.name);

async function maia(prompt: string, allow: string[]) {
  const args = ["-p", prompt, "--model", "fake-model", "--output-format", "stream-json", ...allow.flatMap((rule) => ["--allow", rule])];
  const run = await runMaia(args, { cwd: bed.cwd, home: bed.home, timeoutMs: 90_000 });
  return { ...run, events: streamEvents(run.stdout) };
}

describe("sub-agents with MCP tools, through the parent's connections", () => {
  it("the parent's MCP tools deferred behind ToolSearch (300 tools) are still the sub-agent's to use", async () => {
    bed.server.writeSettings(bed.home, { ContextWindow: 200_000 });
    await writeMcpJson(bed.home, { many: testServer("--many", "300") });
    await writeAgent("clerk", "tools: [mcp__many__create_invoice, mcp__many__list_invoice]");
    serve(
      [{ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "clerk", task: "Create invoice INV-9" } }] }, { text: "The clerk did it." }],
      [{ toolCalls: [{ id: "c1", name: "mcp__many__create_invoice", arguments: { invoice_id: "INV-9" } }] }, { text: "Created." }],
    );
    const run = await maia("delegate the invoice", ["Agent", "Mcp(many)"]);
    expect(run.code, run.stderr).toBe(0);
    // The parent's request holds ToolSearch and no MCP definition; the sub-agent's holds the two its definition names.
    const parent = offered(bodiesOf(undefined)[0]);
    expect(parent).toContain("ToolSearch");
    expect(parent.filter((name) => name.startsWith("mcp__"))).toEqual([]);
    const child = bodiesOf("clerk");
    expect(offered(child[0]).filter((name) => name.startsWith("mcp__")).sort()).toEqual(["mcp__many__create_invoice", "mcp__many__list_invoice"]);
    expect(toolMessages(child[1])).toEqual(['create_invoice done: {"invoice_id":"INV-9"}']);
  });

  it("a sub-agent calls server-everything's echo and the test server's echo; each server runs once, in the parent", async () => {
    const starts = path.join(bed.home, "starts.txt");
    await writeMcpJson(bed.home, { everything: everythingStdio(), recorder: testServer("--starts-file", starts) });
    await writeAgent("helper", "tools: [Read, mcp__everything__echo, Mcp(recorder)]");
    serve(
      [{ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "helper", task: "Echo twice" } }] }, { text: "The helper echoed." }],
      [
        {
          toolCalls: [
            { id: "e1", name: "mcp__everything__echo", arguments: { message: "from the sub-agent" } },
            { id: "e2", name: "mcp__recorder__echo", arguments: { text: "recorded" } },
          ],
        },
        { text: "Both echoes came back." },
      ],
    );
    const run = await maia("delegate the echoes", ["Agent", "Mcp(everything)", "Mcp(recorder)"]);
    expect(run.code, run.stderr).toBe(0);
    const child = bodiesOf("helper");
    expect(child).toHaveLength(2);
    // The definition's selection: Read, the one tool named, and every tool of the server named by Mcp(recorder).
    const tools = offered(child[0]);
    expect(tools).toContain("mcp__everything__echo");
    expect(tools).not.toContain("mcp__everything__get-sum");
    expect(tools).toEqual(expect.arrayContaining(["Read", "mcp__recorder__echo", "mcp__recorder__grow"]));
    expect(tools).not.toContain("Agent");
    expect(toolMessages(child[1])).toEqual(["Echo: from the sub-agent", "echo: recorded"]);
    const main = run.events.filter((event) => event.type === "tool_result").map((event) => [event.name, event.content]);
    expect(main).toEqual([["Agent", 'Sub-agent "helper" summary:\n\nBoth echoes came back.']]);
    expect((await readFile(starts, "utf8")).trim().split("\n")).toHaveLength(1);
  });

  it("the sub-agent's permissions apply: a tool its definition denies is refused and never reaches the server", async () => {
    const starts = path.join(bed.home, "starts.txt");
    await writeMcpJson(bed.home, { recorder: testServer("--starts-file", starts) });
    await writeAgent("careful", "tools: [Mcp(recorder)]\npermissions:\n  deny:\n    - Mcp(recorder,grow)");
    serve(
      [{ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "careful", task: "Grow, then echo" } }] }, { text: "Done." }],
      [
        {
          toolCalls: [
            { id: "g1", name: "mcp__recorder__grow", arguments: {} },
            { id: "e1", name: "mcp__recorder__echo", arguments: { text: "still here" } },
          ],
        },
        { text: "grow was refused." },
      ],
    );
    const run = await maia("delegate", ["Agent", "Mcp(recorder)"]);
    expect(run.code, run.stderr).toBe(0);
    const results = toolMessages(bodiesOf("careful")[1]);
    expect(results[0]).toContain("Action denied by the permission rules (Mcp(recorder,grow))");
    expect(results[1]).toBe("echo: still here");
    // grow would have added the tool "grown" to the parent's list: the next main request would offer it.
    expect(offered(bodiesOf(undefined)[1])).not.toContain("mcp__recorder__grown");
    expect((await readFile(starts, "utf8")).trim().split("\n")).toHaveLength(1);
  });

  it("without a tools list the sub-agent gets every MCP tool the parent has; an Mcp(server) it lacks is a warning", async () => {
    await writeMcpJson(bed.home, { recorder: testServer() });
    await writeAgent("all", "");
    await writeAgent("lost", "tools: [Read, Mcp(nowhere)]");
    serve(
      [
        { toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "all", task: "list" } }, { id: "a2", name: "Agent", arguments: { agent: "lost", task: "list" } }] },
        { text: "Done." },
      ],
      [{ text: "ok" }, { text: "ok" }],
    );
    const run = await maia("delegate", ["Agent", "Mcp(recorder)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(offered(bodiesOf("all")[0])).toEqual(expect.arrayContaining(["mcp__recorder__echo", "mcp__recorder__slow"]));
    expect(offered(bodiesOf("lost")[0])).toEqual(["Read"]);
    expect(run.events).toContainEqual({
      type: "warning",
      message:
        '[sub-agent lost] tools: "Mcp(nowhere)": MAIA has no tool of the MCP server "nowhere" in this session (not enabled, not connected, or no tools); it is ignored.',
    });
  });
});
