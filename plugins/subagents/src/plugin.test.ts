import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM, type Scripted } from "@maia/fake-litellm";
import { createTestKernel, recordEvents, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { setActiveLocale, type AgentSession, type CommandContext } from "@maia/kernel";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import subagents, { type SubagentEvent, type SubagentsApi } from "./index.ts";
import { agentFile, CLI_SOURCE, projectAgents, subAgentOf, tempFolder, toolResultsIn, userAgents, writeAgent, type ChatRequest } from "./testing/agents.ts";

const litellm = await firstParty("litellm");
const permissions = await firstParty("permissions");

let server: FakeLiteLLM;
beforeAll(() => setActiveLocale("en"));
beforeEach(async () => {
  server = await startFakeLiteLLM();
});
afterEach(async () => {
  await server.close();
});

async function setup(options: { frontEnd?: "headless" | "subagent" | "tui"; program?: string; agents?: Array<[string, string?]>; withPermissions?: boolean } = {}) {
  const cwd = await tempFolder("cwd");
  const homeDir = await tempFolder("home");
  for (const [name, content] of options.agents ?? []) await writeAgent(projectAgents(cwd), name, content);
  const plugins = [litellm, ...(options.withPermissions ? [permissions as never] : []), { plugin: subagents, options: { program: options.program ?? CLI_SOURCE, execArgv: [] } }];
  const test = await createTestKernel(plugins, {
    cwd,
    homeDir,
    frontEnd: options.frontEnd ?? "headless",
    env: { MAIA_LANG: "en" },
  });
  server.writeSettings(homeDir);
  return test;
}

function commandContext(session: AgentSession, input: string, answers: Parameters<typeof scriptedInteraction>[0] = [], select?: unknown) {
  const lines: string[] = [];
  const interaction = scriptedInteraction(answers);
  const context: CommandContext & { input: string } = {
    session,
    host: { current: session, restart: async () => session },
    args: input.replace(/^\/\S+\s*|^&/, "").trim(),
    input,
    output: {
      info: (message) => lines.push(`INFO ${message}`),
      warn: (message) => lines.push(`WARN ${message}`),
      error: (message) => lines.push(`FAIL ${message}`),
      text: (markdown) => lines.push(`TEXT ${markdown}`),
    },
    interaction: select === undefined ? interaction : { ...interaction, select: async () => select as never },
    signal: new AbortController().signal,
    submit: async () => undefined,
  };
  return { context, lines, questions: interaction.questions };
}

const toolNames = (session: AgentSession) => [...session.tools.keys()];

describe("the subagents plugin in the main agent (seed § 20.1–20.2)", () => {
  it("offers nothing when there is no agent", async () => {
    const { kernel } = await setup();
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    expect(toolNames(session)).not.toContain("Agent");
    expect(session.system).not.toContain("Sub-agents");
    const { context, lines } = commandContext(session, "&");
    await kernel.plugins.prefixes.get("&")?.run(context);
    expect(lines).toEqual(["INFO No sub-agents. Create one with /createAgent <name> (a folder .maia/agents/<name>/AGENT.md)."]);
  });

  it("adds the Agent tool with the agents' names, lists them in the system prompt and logs them", async () => {
    const { kernel, logs } = await setup({
      agents: [["reviewer"], ["tester", agentFile("tester", { description: "Runs the tests" })], ["broken", "no header"]],
    });
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    const tool = session.tools.get("Agent");
    expect(tool?.permission).toBe("ask");
    expect(tool?.spec.inputSchema).toMatchObject({ properties: { agent: { enum: ["reviewer", "tester"] } }, required: ["agent", "task"] });
    expect(tool?.spec.description).toContain("- tester: Runs the tests");
    expect(session.system).toContain("# Sub-agents");
    expect(session.system).toContain("- reviewer: The reviewer agent");
    expect(logs).toContainEqual({ level: "info", message: "Agents loaded:\n  reviewer (project)\n  tester (project)" });
    expect(logs.find((entry) => entry.level === "warn")?.message).toContain("no YAML header");
  });

  it("warns when the agents load about a rule only the permissions plugin can judge, naming the AGENT.md", async () => {
    const { kernel, logs, cwd } = await setup({
      withPermissions: true,
      agents: [["fetcher", agentFile("fetcher", { header: "permissions:\n  deny: [WebFetch(example.com)]" })]],
    });
    await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    const file = path.join(projectAgents(cwd), "fetcher", "AGENT.md");
    expect(logs).toContainEqual({
      level: "warn",
      message: `${file}: deny rule "WebFetch(example.com)" ignored: WebFetch rules take the form WebFetch(domain:example.com) or WebFetch(domain:*.example.com)`,
    });
  });

  it("lists the agents with /agents and & alone, and refuses an unknown one with the list", async () => {
    const { kernel, homeDir } = await setup({ agents: [["reviewer"]] });
    await writeAgent(userAgents(homeDir), "helper", agentFile("helper", { header: "effort: high\nmodel: gpt" }));
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    const agents = commandContext(session, "/agents");
    await kernel.plugins.commands.get("agents")?.run(agents.context);
    expect(agents.lines).toEqual([
      "INFO Sub-agents:\n  helper — The helper agent (user, effort high, model gpt)\n  reviewer — The reviewer agent (project, effort medium)",
    ]);
    const list = commandContext(session, "&");
    await kernel.plugins.prefixes.get("&")?.run(list.context);
    expect(list.lines).toEqual(["INFO Sub-agents (&<name> [task]):\n  &helper — The helper agent\n  &reviewer — The reviewer agent"]);
    const unknown = commandContext(session, "&nope do it");
    await kernel.plugins.prefixes.get("&")?.run(unknown.context);
    expect(unknown.lines).toEqual(["FAIL Unknown sub-agent: nope. Sub-agents: helper, reviewer"]);
  });

  it("offers no Agent tool in a sub-agent's own process (no nesting)", async () => {
    const { kernel } = await setup({ frontEnd: "subagent", agents: [["reviewer"]] });
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    expect(toolNames(session)).not.toContain("Agent");
    expect(kernel.plugins.prefixes.get("&")).toBeUndefined();
  });
});

describe("/createAgent (seed § 20.1b)", () => {
  it("writes the template at the chosen level, never over an existing agent", async () => {
    const { kernel, cwd, homeDir } = await setup();
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    const create = kernel.plugins.commands.get("createAgent");
    const project = commandContext(session, "/createAgent helper", [], path.join(cwd, ".maia", "agents"));
    await create?.run(project.context);
    const file = path.join(cwd, ".maia", "agents", "helper", "AGENT.md");
    expect(project.lines).toEqual([`INFO Agent "helper" created: ${file}. Edit it, then /clear or /new (or restart MAIA) to load it.`]);
    expect(await readFile(file, "utf8")).toMatch(/^name: helper$/m);
    // The next session loads it.
    const next = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    expect(next.tools.get("Agent")?.spec.inputSchema).toMatchObject({ properties: { agent: { enum: ["helper"] } } });

    await writeFile(file, "mine");
    const again = commandContext(session, "/createAgent helper", [], path.join(cwd, ".maia", "agents"));
    await create?.run(again.context);
    expect(again.lines).toEqual([`FAIL The agent "helper" already exists: ${file}`]);
    expect(await readFile(file, "utf8")).toBe("mine");

    const global = commandContext(session, "/createAgent other", [], path.join(homeDir, ".maia", "agents"));
    await create?.run(global.context);
    expect(await readFile(path.join(homeDir, ".maia", "agents", "other", "AGENT.md"), "utf8")).toMatch(/^name: other$/m);
  });

  it("checks the name and lets the user cancel", async () => {
    const { kernel, cwd } = await setup();
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    const create = kernel.plugins.commands.get("createAgent");
    const bad = commandContext(session, "/createAgent .hidden", [], path.join(cwd, ".maia", "agents"));
    await create?.run(bad.context);
    expect(bad.lines).toEqual(['FAIL Invalid agent name ".hidden": it starts with a dot.']);
    const none = commandContext(session, "/createAgent", [], path.join(cwd, ".maia", "agents"));
    await create?.run(none.context);
    expect(none.lines[0]).toContain("FAIL Give the new agent's name: /createAgent <name>");
    const cancelled = commandContext(session, "/createAgent helper", [], undefined);
    cancelled.context.interaction = { ...cancelled.context.interaction, select: async () => undefined };
    await create?.run(cancelled.context);
    expect(cancelled.lines).toEqual(["INFO Agent creation cancelled."]);
  });
});

/** Answers for a test where the main agent delegates: the sub-agent's requests are told apart by their prompt. */
function route(main: Scripted[], child: Record<string, Scripted[]>): (body: ChatRequest) => Scripted {
  return (body) => {
    const agent = subAgentOf(body);
    const queue = agent === undefined ? main : child[agent];
    return queue?.shift() ?? { error: { status: 500, body: `no answer left for ${agent ?? "main"} (${toolResultsIn(body)} results)` } };
  };
}

describe("a sub-agent run from the main agent, in its own process (seed § 20.2–20.5)", () => {
  it("runs the task with its own tool calls and returns its summary as the Agent tool's result", { timeout: 60_000 }, async () => {
    const { kernel, cwd } = await setup({ agents: [["reviewer", agentFile("reviewer", { header: "tools: [Read]\ntrace: true" })]] });
    await writeFile(path.join(cwd, "notes.txt"), "the secret is 42\n");
    const answer = route(
      [{ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "reviewer", task: "Read notes.txt" } }] }, { text: "The reviewer says 42." }],
      { reviewer: [{ toolCalls: [{ id: "r1", name: "Read", arguments: { path: "notes.txt" } }] }, { text: "The note says 42." }] },
    );
    server.enqueue(answer, answer, answer, answer);
    const interaction = scriptedInteraction(["yes", "yes", "yes"]);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction });
    const events = recordEvents(session.events);
    const outcome = await kernel.runTurn(session, "ask the reviewer");
    expect(outcome.status).toBe("done");
    const result = events.find((event) => event.type === "tool_result");
    expect(result).toMatchObject({ name: "Agent", isError: false, output: 'Sub-agent "reviewer" summary:\n\nThe note says 42.' });
    expect(interaction.questions[0]).toBe("Allow Agent: reviewer: Read notes.txt?");
    const info = events.find((event) => event.type === "info");
    expect(info).toMatchObject({ message: expect.stringMatching(/^Sub-agent "reviewer" finished in [\d.]+ s \(1 tool call\)\. Trace: session_[\d_-]+-reviewer\.$/) });

    const bodies = server.chatBodies() as ChatRequest[];
    const childBodies = bodies.filter((body) => subAgentOf(body) === "reviewer");
    expect(childBodies).toHaveLength(2);
    // The child saw the file through its own Read, and was offered only Read.
    expect(JSON.stringify(childBodies[1]?.messages)).toContain("the secret is 42");
    expect((childBodies[0] as { tools?: Array<{ function: { name: string } }> }).tools?.map((tool) => tool.function.name)).toEqual(["Read"]);
    const trace = /Trace: (\S+)\.$/.exec((info as { message: string }).message)?.[1] ?? "";
    const saved = JSON.parse(await readFile(path.join(cwd, ".maia", ".sessions", `${trace}.json`), "utf8"));
    expect(saved).toMatchObject({ agent: "reviewer", parentSession: trace.replace(/-reviewer$/, ""), model: "fake-model" });
    expect(saved.messages).toHaveLength(4);
  });

  it("runs with & directly: no tool confirmation, the summary is shown and joins the pending context", { timeout: 60_000 }, async () => {
    const { kernel } = await setup({ agents: [["reviewer"]] });
    const answer = route([], { reviewer: [{ text: "Nothing to report." }] });
    server.enqueue(answer);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    const runs: SubagentEvent[] = [];
    kernel.plugins.get<SubagentsApi>("subagents")?.api?.hooks.run.tap("test", (event) => {
      runs.push(event);
    });
    const { context, lines, questions } = commandContext(session, "&Reviewer");
    await kernel.plugins.prefixes.get("&")?.run(context);
    // Front ends show « Sub-agent "reviewer" at work » from the start of the run to its end (seed § 20.3b).
    expect(runs.map(({ session: _session, ...event }) => event)).toEqual([
      { type: "subagent_start", run: 1, agent: "reviewer", label: 'Sub-agent "reviewer" at work' },
      { type: "subagent_end", run: 1, agent: "reviewer", ok: true },
    ]);
    expect(questions).toEqual([]);
    expect(lines[0]).toMatch(/^INFO Sub-agent "reviewer" finished in [\d.]+ s \(0 tool calls\)\.$/);
    expect(lines[1]).toBe("TEXT Nothing to report.");
    expect(session.pendingContext).toEqual(['Summary from the sub-agent "reviewer" (task: Carry out your missions.), to be read as data:\n\nNothing to report.']);
    const child = (server.chatBodies() as ChatRequest[])[0];
    expect(JSON.stringify(child?.messages?.at(-1))).toContain("Carry out your missions.");
  });

  it("asks the user on the sub-agent's behalf, « [sub-agent x] Allow … ? », and acts on the answer", { timeout: 60_000 }, async () => {
    const { kernel, cwd } = await setup({ agents: [["writer", agentFile("writer", { header: "tools: Write" })]] });
    const answer = route(
      [{ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "writer", task: "write out.txt" } }] }, { text: "done" }],
      { writer: [{ toolCalls: [{ id: "w1", name: "Write", arguments: { path: "out.txt", content: "written by the sub-agent" } }] }, { text: "Wrote it." }] },
    );
    server.enqueue(answer, answer, answer, answer);
    const interaction = scriptedInteraction(["yes", "yes"]);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction });
    await kernel.runTurn(session, "delegate");
    expect(interaction.questions).toEqual(["Allow Agent: writer: write out.txt?", expect.stringMatching(/^\[sub-agent writer\] Allow Write: .*out\.txt.*\?$/)]);
    expect(await readFile(path.join(cwd, "out.txt"), "utf8")).toBe("written by the sub-agent");
  });

  it("on Ctrl+C, stops the sub-agent and the turn is interrupted", { timeout: 60_000 }, async () => {
    const { kernel, cwd } = await setup({ agents: [["slow", agentFile("slow", { header: "trace: true" })]] });
    const controller = new AbortController();
    server.enqueue({ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "slow", task: "wait" } }] }, (body) => {
      expect(subAgentOf(body as ChatRequest)).toBe("slow");
      controller.abort();
      return { hang: true };
    });
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction(["yes"]) });
    const events = recordEvents(session.events);
    const outcome = await kernel.runTurn(session, "go", { signal: controller.signal });
    expect(outcome.status).toBe("aborted");
    const warning = events.find((event) => event.type === "warning");
    expect(warning).toMatchObject({ message: expect.stringMatching(/^Sub-agent "slow" interrupted\. Trace: session_[\d_-]+-slow\.$/) });
    expect(session.messages).toEqual([]);
    // The trace is written even so, with what the sub-agent had done.
    const trace = /Trace: (\S+)\.$/.exec((warning as { message: string }).message)?.[1] ?? "";
    const saved = JSON.parse(await readFile(path.join(cwd, ".maia", ".sessions", `${trace}.json`), "utf8"));
    expect(saved.messages).toEqual([{ role: "user", content: [{ type: "text", text: "wait" }] }]);
  });

  it("runs the model the definition names (exact id, else fragment, else the parent's with a warning), listing models once", { timeout: 60_000 }, async () => {
    await server.close();
    server = await startFakeLiteLLM({ models: ["fake-model", "gpt-4o", "gpt-4o-mini"] });
    const { kernel } = await setup({
      agents: [
        ["exact", agentFile("exact", { header: "model: gpt-4o" })],
        ["fragment", agentFile("fragment", { header: "model: MINI" })],
        ["unknown", agentFile("unknown", { header: "model: mistral" })],
      ],
    });
    const main = [
      { toolCalls: ["exact", "fragment", "unknown"].map((agent, index) => ({ id: `a${index}`, name: "Agent", arguments: { agent, task: "hi" } })) },
      { text: "done" },
    ];
    const answer = route(main, { exact: [{ text: "e" }], fragment: [{ text: "f" }], unknown: [{ text: "u" }] });
    for (let index = 0; index < 5; index += 1) server.enqueue(answer);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction(["yes", "yes", "yes"]) });
    const events = recordEvents(session.events);
    await kernel.runTurn(session, "go");
    const modelOf = (agent: string) => (server.chatBodies() as Array<ChatRequest & { model?: string }>).find((body) => subAgentOf(body) === agent)?.model;
    expect([modelOf("exact"), modelOf("fragment"), modelOf("unknown")]).toEqual(["gpt-4o", "gpt-4o-mini", "fake-model"]);
    expect(events).toContainEqual({
      type: "warning",
      message: 'Sub-agent "unknown": no LiteLLM model matches "mistral"; the main agent\'s model (fake-model) is used.',
    });
    expect(server.requests.filter((request) => request.path === "/v1/models")).toHaveLength(1);
  });

  it("runs two sub-agents of one answer at the same time", { timeout: 60_000 }, async () => {
    const { kernel } = await setup({ agents: [["alpha"], ["beta"]] });
    const arrived: Record<string, () => void> = {};
    const gates: Record<string, Promise<void>> = {};
    for (const name of ["alpha", "beta"]) gates[name] = new Promise<void>((resolve) => (arrived[name] = resolve));
    const together = (name: string, other: string) => async (): Promise<Scripted> => {
      arrived[name]?.();
      const met = await Promise.race([gates[other]?.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 15_000))]);
      return { text: met ? `${name} ran alongside ${other}` : `${name} ran alone` };
    };
    const main: Scripted[] = [
      { toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "alpha", task: "1" } }, { id: "a2", name: "Agent", arguments: { agent: "beta", task: "2" } }] },
      { text: "both" },
    ];
    const answer = (body: ChatRequest): Scripted | Promise<Scripted> => {
      const agent = subAgentOf(body);
      if (agent === "alpha") return together("alpha", "beta")();
      if (agent === "beta") return together("beta", "alpha")();
      return main.shift() ?? { text: "?" };
    };
    for (let index = 0; index < 4; index += 1) server.enqueue(answer);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction(["yes", "yes"]) });
    const events = recordEvents(session.events);
    const runs: string[] = [];
    kernel.plugins.get<SubagentsApi>("subagents")?.api?.hooks.run.tap("test", (event) => {
      runs.push(`${event.type} ${event.run} ${event.agent}`);
    });
    await kernel.runTurn(session, "go");
    // Two runs at once, told apart by their number.
    expect(runs.slice(0, 2)).toEqual(["subagent_start 1 alpha", "subagent_start 2 beta"]);
    expect([...runs].sort()).toEqual(["subagent_end 1 alpha", "subagent_end 2 beta", "subagent_start 1 alpha", "subagent_start 2 beta"]);
    expect(events.filter((event) => event.type === "tool_result").map((event) => (event as { output: string }).output)).toEqual([
      'Sub-agent "alpha" summary:\n\nalpha ran alongside beta',
      'Sub-agent "beta" summary:\n\nbeta ran alongside alpha',
    ]);
  });

  it("turns a crashed sub-agent into a tool error with the end of its stderr, and warns", { timeout: 60_000 }, async () => {
    const crasher = path.join(await tempFolder("crash"), "crash.mjs");
    await writeFile(crasher, 'process.stderr.write("fatal: the disk is on fire\\n"); process.exit(7);\n');
    const { kernel } = await setup({ program: crasher, agents: [["reviewer"]] });
    server.enqueue({ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "reviewer", task: "x" } }] }, { text: "It failed." });
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction(["yes"]) });
    const events = recordEvents(session.events);
    await kernel.runTurn(session, "go");
    expect(events.find((event) => event.type === "tool_result")).toMatchObject({
      isError: true,
      output: 'The sub-agent "reviewer" failed: its process ended without a result (exit code 7)\n\nEnd of its error output:\nfatal: the disk is on fire',
    });
    expect(events).toContainEqual({ type: "warning", message: 'Sub-agent "reviewer" failed: its process ended without a result (exit code 7)' });
  });
});

