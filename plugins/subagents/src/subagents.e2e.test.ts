import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type Scripted } from "@maia/fake-litellm";
import { builtinPlugin, maiaPerTest, processesMatching, runMaia, type StreamEvent, streamEvents } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
// The CLI's own runner and plugin list, by path: this package does not depend on @maia/cli.
import { agentFile, projectAgents, subAgentOf, writeAgent, type ChatRequest } from "./testing/agents.ts";

/**
 * `maia -p` with the built bundle and the fake LiteLLM server: the main model calls Agent, and each sub-agent is
 * a real `maia --subagent` process talking to the same server. Headless mode cannot ask, so the Agent tool (and
 * the sub-agents' tools) are allowed with --allow: that takes the permissions plugin.
 */
const ready = builtinPlugin("permissions") && builtinPlugin("subagents");
const e2e = ready ? it : it.todo;

const bed = maiaPerTest(() => startFakeLiteLLM());

async function maia(prompt: string, allow: string[], extra: string[] = []) {
  const args = ["-p", prompt, "--model", "fake-model", "--output-format", "stream-json", ...allow.flatMap((rule) => ["--allow", rule]), ...extra];
  const run = await runMaia(args, { cwd: bed.cwd, home: bed.home, timeoutMs: 60_000 });
  return { ...run, events: streamEvents(run.stdout) };
}

/** Answers by asker: the main agent's queue, or the sub-agent's (recognised by its system prompt). */
function serve(main: Scripted[], children: Record<string, Scripted[] | ((body: ChatRequest) => Scripted | Promise<Scripted>)>, count = 40) {
  const answer = (body: ChatRequest): Scripted | Promise<Scripted> => {
    const agent = subAgentOf(body);
    const source = agent === undefined ? main : children[agent];
    if (typeof source === "function") return source(body);
    return source?.shift() ?? { error: { status: 500, body: `no scripted answer left for ${agent ?? "the main agent"}` } };
  };
  for (let index = 0; index < count; index += 1) bed.server.enqueue(answer);
}

const agentCall = (id: string, agent: string, task: string) => ({ id, name: "Agent", arguments: { agent, task } });
const results = (events: StreamEvent[]) => events.filter((event) => event.type === "tool_result").map((event) => [event.name, event.content, event.isError]);
const bodiesOf = (agent: string | undefined) => (bed.server.chatBodies() as Array<ChatRequest & { max_tokens?: number; tools?: Array<{ function: { name: string } }> }>).filter((body) => subAgentOf(body) === agent);

describe("sub-agents through maia -p (seed § 20)", () => {
  e2e("the main model calls Agent; the sub-agent runs its own tool calls in its own process and returns its summary", async () => {
    await writeAgent(projectAgents(bed.cwd), "reviewer", agentFile("reviewer", { header: "tools: [Read, Glob]", output: "The number you found." }));
    await writeFile(path.join(bed.cwd, "notes.txt"), "the answer is 42\n");
    serve([{ toolCalls: [agentCall("a1", "reviewer", "Find the answer in this folder")] }, { text: "The reviewer found 42." }], {
      reviewer: [
        { toolCalls: [{ id: "g1", name: "Glob", arguments: { pattern: "*.txt" } }] },
        { toolCalls: [{ id: "r1", name: "Read", arguments: { path: "notes.txt" } }] },
        { text: "42 (from notes.txt)" },
      ],
    });
    const run = await maia("what is the answer?", ["Agent", "Read", "Glob"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(results(run.events)).toEqual([["Agent", 'Sub-agent "reviewer" summary:\n\n42 (from notes.txt)', false]]);
    const child = bodiesOf("reviewer");
    expect(child).toHaveLength(3);
    expect(child[0]?.tools?.map((tool) => tool.function.name)).toEqual(["Read", "Glob"]);
    expect(JSON.stringify(child[2]?.messages)).toContain("the answer is 42");
    const main = bodiesOf(undefined);
    expect(main[0]?.tools?.map((tool) => tool.function.name)).toContain("Agent");
    expect(JSON.stringify(main[1]?.messages)).toContain('Sub-agent \\"reviewer\\" summary:\\n\\n42 (from notes.txt)');
  });

  e2e("the sub-agent refuses what its definition denies and asks what it asks, whatever --allow allows; a bad rule is a warning naming its AGENT.md", async () => {
    const file = await writeAgent(
      projectAgents(bed.cwd),
      "cleaner",
      agentFile("cleaner", { header: "tools: [Bash]\npermissions:\n  deny: [Bash(rm *), WebFetch(example.com)]\n  ask: [Redirect(.env)]" }),
    );
    await mkdir(path.join(bed.cwd, "build", "keep"), { recursive: true });
    const bash = (id: string, command: string) => ({ id, name: "Bash", arguments: { command } });
    serve([{ toolCalls: [agentCall("a1", "cleaner", "Clean the build folder")] }, { text: "The cleaner was stopped." }], {
      cleaner: [
        { toolCalls: [bash("b1", "cd build && rm -rf keep"), bash("b2", "cd build && echo TOKEN=1 > ../.env"), bash("b3", "echo cleaned > log.txt")] },
        { text: "rm was refused, .env not written, log.txt written." },
      ],
    });
    // The parent's --allow rules are inherited: without the definition, all three commands would run.
    const run = await maia("clean up", ["Agent", "Bash", "Redirect"]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(bed.cwd, "build", "keep"))).toBe(true);
    expect(existsSync(path.join(bed.cwd, ".env"))).toBe(false);
    expect(await readFile(path.join(bed.cwd, "log.txt"), "utf8")).toBe("cleaned\n");
    const tools = (bodiesOf("cleaner")[1]?.messages ?? []).filter((message) => message.role === "tool").map((message) => String(message.content));
    expect(tools[0]).toBe("Action denied by the permission rules (Bash(rm *)). Do not retry it as is.");
    expect(tools[1]).toContain("nobody can answer here");
    expect(run.events).toContainEqual({
      type: "warning",
      message: `[sub-agent cleaner] ${file}: deny rule "WebFetch(example.com)" ignored: WebFetch rules take the form WebFetch(domain:example.com) or WebFetch(domain:*.example.com)`,
    });
    expect(results(run.events)).toEqual([["Agent", 'Sub-agent "cleaner" summary:\n\nrm was refused, .env not written, log.txt written.', false]]);
  });

  e2e("a sub-agent that crashes is a tool error with the end of its stderr, and a warning", async () => {
    // A third-party plugin, loaded by the sub-agent as by the main agent: its tool kills the sub-agent's process.
    await writeFile(
      path.join(bed.cwd, "crasher.mjs"),
      `export default { name: "crasher", version: "1.0.0", kernel: "^1.0.0", apply(context) {
        context.hooks.tools.tapPromise("crasher", async (tools) => !context.runtime.frontEnd.child ? tools : [...tools, {
          spec: { name: "Explode", description: "explodes", inputSchema: { type: "object", properties: {} } },
          permission: "auto",
          execute: async () => { process.stderr.write("crasher: the reactor melted\\n"); process.exit(9); },
        }]);
      } };\n`,
    );
    await writeAgent(projectAgents(bed.cwd), "reviewer");
    await writeFile(path.join(bed.cwd, ".maia", "config.json"), JSON.stringify({ plugins: { "./crasher.mjs": true } }));
    serve([{ toolCalls: [agentCall("a1", "reviewer", "explode")] }, { text: "It crashed." }], {
      reviewer: [{ toolCalls: [{ id: "x1", name: "Explode", arguments: {} }] }],
    });
    const run = await maia("go", ["Agent", "Explode"]);
    expect(run.code).toBe(0);
    const [result] = results(run.events);
    expect(result?.[0]).toBe("Agent");
    expect(result?.[2]).toBe(true);
    expect(result?.[1]).toBe(
      'The sub-agent "reviewer" failed: its process ended without a result (exit code 9)\n\nEnd of its error output:\ncrasher: the reactor melted',
    );
    expect(run.events).toContainEqual({ type: "warning", message: 'Sub-agent "reviewer" failed: its process ended without a result (exit code 9)' });
  });

  e2e("a sub-agent whose context the server refuses is compacted and sent its task again, through recoverTurn (seed § 14.5)", async () => {
    await writeAgent(projectAgents(bed.cwd), "reviewer", agentFile("reviewer", { header: "tools: [Read]" }));
    await writeFile(path.join(bed.cwd, "notes.txt"), "the answer is 42\n");
    const summary = "## Project context\n- notes.txt says the answer is 42\n## Next steps\n- answer";
    const tooLong = { error: { status: 400, body: { error: { message: "prompt is too long: 210000 tokens > 200000 maximum", type: "invalid_request_error" } } } };
    serve([{ toolCalls: [agentCall("a1", "reviewer", "Find the answer")] }, { text: "The reviewer found 42." }], {
      reviewer: [{ toolCalls: [{ id: "r1", name: "Read", arguments: { path: "notes.txt" } }] }, tooLong, { text: summary }, { text: "42" }],
    });
    const run = await maia("what is the answer?", ["Agent", "Read"]);
    expect(run.code).toBe(0);
    expect(results(run.events)).toEqual([["Agent", 'Sub-agent "reviewer" summary:\n\n42', false]]);
    const child = bodiesOf("reviewer");
    expect(child).toHaveLength(4);
    // The summary is made of the refused request's own work (its Read), and the task is sent again on top of it.
    expect(JSON.stringify(child[2]?.messages)).toContain("the answer is 42");
    expect(JSON.stringify(child[2]?.messages?.at(-1))).toContain("Make a compacted summary of our exchanges.");
    const retried = child[3];
    expect(retried?.messages?.[0]?.content).toContain(summary);
    expect(JSON.stringify(retried?.messages?.at(-1))).toMatch(/The conversation was compacted.*Find the answer/s);
  });

  e2e("a sub-agent that uses up its iterations is asked for its summary", async () => {
    await writeAgent(projectAgents(bed.cwd), "digger", agentFile("digger", { header: "effort: low", output: "What you read." }));
    await writeFile(path.join(bed.cwd, "a.txt"), "layer\n");
    let calls = 0;
    serve([{ toolCalls: [agentCall("a1", "digger", "Dig")] }, { text: "Done digging." }], {
      digger: (body) =>
        (body as { max_tokens?: number }).max_tokens === 4000
          ? { text: "Read a.txt ten times: it says layer." }
          : { toolCalls: [{ id: `r${(calls += 1)}`, name: "Read", arguments: { path: "a.txt" } }] },
    });
    const run = await maia("dig", ["Agent", "Read"]);
    expect(run.code).toBe(0);
    const child = bodiesOf("digger");
    expect(child).toHaveLength(11);
    expect(child.slice(0, 10).every((body) => body.max_tokens === undefined)).toBe(true);
    expect(child[10]?.max_tokens).toBe(4000);
    expect(JSON.stringify(child[10]?.messages?.at(-1))).toContain("Do not call any tool");
    expect(results(run.events)).toEqual([["Agent", 'Sub-agent "digger" summary:\n\nRead a.txt ten times: it says layer.', false]]);
  });

  e2e("two Agent calls in one answer run two sub-agents at the same time", async () => {
    await writeAgent(projectAgents(bed.cwd), "alpha");
    await writeAgent(projectAgents(bed.cwd), "beta");
    // Each sub-agent's first request is answered only once the other's has arrived: run one after the other,
    // they would wait for each other until the gate gives up.
    const arrived: Record<string, () => void> = {};
    const gates = Object.fromEntries(["alpha", "beta"].map((name) => [name, new Promise<void>((resolve) => (arrived[name] = resolve))]));
    const child = (name: string, other: string) => async (): Promise<Scripted> => {
      arrived[name]?.();
      const together = await Promise.race([gates[other]?.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 15_000))]);
      return { text: together ? `${name} ran alongside ${other}` : `${name} ran alone` };
    };
    serve([{ toolCalls: [agentCall("a1", "alpha", "one"), agentCall("a2", "beta", "two")] }, { text: "Both done." }], {
      alpha: child("alpha", "beta"),
      beta: child("beta", "alpha"),
    });
    const run = await maia("both", ["Agent"]);
    expect(run.code).toBe(0);
    expect(results(run.events)).toEqual([
      ["Agent", 'Sub-agent "alpha" summary:\n\nalpha ran alongside beta', false],
      ["Agent", 'Sub-agent "beta" summary:\n\nbeta ran alongside alpha', false],
    ]);
  });

  e2e("a traced sub-agent's conversation is saved as a session that --resume loads", async () => {
    await writeAgent(projectAgents(bed.cwd), "reviewer", agentFile("reviewer", { header: "trace: true" }));
    serve([{ toolCalls: [agentCall("a1", "reviewer", "Say hi")] }, { text: "ok" }, { text: "Resumed." }], { reviewer: [{ text: "Hi from the reviewer." }] });
    const first = await runMaia(["-p", "delegate", "--model", "fake-model", "--output-format", "json", "--allow", "Agent"], { cwd: bed.cwd, home: bed.home, timeoutMs: 60_000 });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const parent = (JSON.parse(first.stdout) as { sessionName: string }).sessionName;
    const trace = `${parent}-reviewer`;
    const saved = JSON.parse(await readFile(path.join(bed.cwd, ".maia", ".sessions", `${trace}.json`), "utf8"));
    expect(saved).toMatchObject({ name: trace, agent: "reviewer", parentSession: parent, model: "fake-model" });
    expect(saved.messages.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text: "Hi from the reviewer." }] });

    const resumed = await runMaia(["-p", "and then?", "--model", "fake-model", "--resume", trace], { cwd: bed.cwd, home: bed.home });
    expect(resumed.stdout).toBe("Resumed.\n");
    const last = bodiesOf(undefined).at(-1);
    expect(JSON.stringify(last?.messages)).toContain("Hi from the reviewer.");
  });

  e2e("a sub-agent's background commands end with it", async () => {
    const n = 70_000 + Math.floor(Math.random() * 20_000);
    await writeAgent(projectAgents(bed.cwd), "server", agentFile("server", { header: "tools: [Bash]" }));
    // `sleep` outside the OS sandbox, whose processes die with their MAIA by themselves: the sub-agent must stop it.
    await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
    await writeFile(path.join(bed.cwd, ".maia", "settings.json"), JSON.stringify({ sandbox: { excludedCommands: ["sleep"] } }));
    serve(
      [
        { toolCalls: [agentCall("a1", "server", "Start the server")] },
        // The main model answers once the sub-agent has ended: what does it find still running?
        async () => ({ text: `left=${(await processesMatching(`sleep ${n}`)).length}` }),
      ],
      { server: [{ toolCalls: [{ id: "s1", name: "Bash", arguments: { command: `sleep ${n}`, run_in_background: true } }] }, { text: "Started it." }] },
    );
    const run = await maia("start it", ["Agent", "Bash(sleep *)"]);
    expect(run.code).toBe(0);
    expect(JSON.stringify(bodiesOf("server")[1]?.messages)).toContain("Command running in the background with ID: bash_1.");
    expect(run.events.filter((event) => event.type === "text").map((event) => event.text).join("")).toBe("left=0");
    expect(await processesMatching(`sleep ${n}`)).toEqual([]);
  });
});
