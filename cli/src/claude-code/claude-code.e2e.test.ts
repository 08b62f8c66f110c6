import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM, type ChatBody as FakeBody, type Scripted } from "@maia/fake-litellm";
import { maiaPerTest, runMaia, streamEvents } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { acpPerTest, initialize } from "../acp/testing/test-client.ts";
import { DEBUGGER_PROMPT, REVIEWER_PROMPT, writeClaudeProject } from "./claude-project.ts";

/**
 * Issue 36: a project written for Claude Code, used with the built `maia` as a user runs it. What the model is
 * offered (the fake LiteLLM server's logged request bodies: tools, the Agent tool's description, the Skill tool's,
 * the system prompt), what the rules decide (`maia permissions check`), what ACP announces, what `maia doctor`
 * reports.
 */
interface ChatBody {
  model?: unknown;
  messages?: Array<{ role: string; content?: unknown; tool_call_id?: string }>;
  tools?: Array<{ function: { name: string; description?: string; parameters?: { properties?: Record<string, { enum?: string[] }> } } }>;
}

const systemOf = (body: ChatBody | undefined) => String(body?.messages?.[0]?.content ?? "");
const toolNames = (body: ChatBody | undefined) => (body?.tools ?? []).map((tool) => tool.function.name);
const toolResults = (body: ChatBody | undefined) => (body?.messages ?? []).filter((message) => message.role === "tool").map((message) => String(message.content));

describe("a Claude Code project in maia -p (issue 36)", () => {
  const bed = maiaPerTest(() => startFakeLiteLLM({ models: ["fake-model", "claude-sonnet"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } }));

  it("offers the Claude Code agents, skills, MCP tools and memory, and applies its rules, aliases and mode", { timeout: 120_000 }, async () => {
    await writeClaudeProject(bed.cwd, bed.home);
    const main: Scripted[] = [
      { toolCalls: [{ id: "r1", name: "Read", arguments: { path: "src/api/handler.ts" } }, { id: "a1", name: "Agent", arguments: { agent: "code-reviewer", task: "Review src/api" } }] },
      {
        toolCalls: [
          { id: "w1", name: "Write", arguments: { path: "notes.md", content: "reviewed\n" } },
          { id: "e1", name: "mcp__everything__echo", arguments: { message: "hi" } },
          { id: "b1", name: "Bash", arguments: { command: "printenv PROJECT_STAGE" } },
          { id: "d1", name: "Read", arguments: { path: ".env" } },
        ],
      },
      { text: "All done." },
    ];
    const reviewer: Scripted[] = [{ text: "No issues found in src/api." }];
    for (let index = 0; index < 6; index += 1) {
      bed.server.enqueue((body: FakeBody) => (systemOf(body as ChatBody).startsWith(REVIEWER_PROMPT) ? reviewer : main).shift() ?? { error: { status: 500, body: "nothing left" } });
    }
    const run = await runMaia(["-p", "review the api", "--model", "fake-model", "--output-format", "stream-json", "--allow", "Bash(printenv PROJECT_STAGE)"], {
      cwd: bed.cwd,
      home: bed.home,
      timeoutMs: 110_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const events = streamEvents(run.stdout);
    const bodies = bed.server.chatBodies() as unknown as ChatBody[];
    const mainBodies = bodies.filter((body) => !systemOf(body).startsWith(REVIEWER_PROMPT));
    const first = mainBodies[0];

    // Offered: MAIA's tools with the Claude Code agents' Agent tool and the skill, the approved .mcp.json server's
    // tools (a denied one left out), the memory with its imports and CLAUDE.local.md.
    expect(toolNames(first)).toEqual(expect.arrayContaining(["Read", "Write", "Bash", "Agent", "Skill", "mcp__everything__echo"]));
    expect(toolNames(first)).not.toContain("mcp__everything__get-env");
    const agentTool = first?.tools?.find((tool) => tool.function.name === "Agent")?.function.description ?? "";
    for (const name of ["code-reviewer", "debugger", "helper"]) expect(agentTool).toContain(name);
    const skillTool = first?.tools?.find((tool) => tool.function.name === "Skill")?.function;
    expect(JSON.stringify(skillTool)).toContain("api-conventions");
    const system = systemOf(first);
    for (const marker of ["OVERVIEW-MARKER", "CONVENTIONS-MARKER", "TESTING-MARKER", "LOCAL-MARKER", "api-conventions", "code-reviewer"]) expect(system).toContain(marker);
    expect(system).toContain(`# Instructions (${path.join(bed.cwd, "docs", "testing.md")}, imported by ${path.join(bed.cwd, "docs", "conventions.md")})`);
    expect(system).not.toContain("USER-MEMORY");
    expect(system).not.toContain("API-MARKER");

    // The sub-agent: its body as prompt, its tools mapped (MultiEdit and WebSearch left out), `sonnet` through modelAliases.
    const child = bodies.find((body) => systemOf(body).startsWith(REVIEWER_PROMPT));
    expect(child?.model).toBe("claude-sonnet");
    expect(toolNames(child)).toEqual(["Read", "Glob", "Grep", "Bash"]);

    // The results: Read allowed by Read(./src/**) with src/api/CLAUDE.md joined once; Agent by Task(code-reviewer);
    // Write by defaultMode acceptEdits; the MCP tool by mcp__everything__echo; the env block; .env denied.
    // Each request carries the whole conversation: the results of the last batch are its last tool messages.
    const second = toolResults(mainBodies[1]).slice(-2);
    expect(second[0]).toContain("export const handler");
    expect(second[0]).toContain("API-MARKER: every handler validates its input.");
    expect(second[1]).toContain("No issues found in src/api.");
    const third = toolResults(mainBodies[2]).slice(-4);
    expect(await readFile(path.join(bed.cwd, "notes.md"), "utf8")).toBe("reviewed\n");
    expect(third[1]).toContain("Echo: hi");
    expect(third[2]).toContain("test");
    expect(third[3]).toContain("Read(**/.env)");
    expect(events.filter((event) => event.type === "permission")).toEqual([]);

    // Said once each: what MAIA cannot honour exactly.
    const warnings = events.filter((event) => event.type === "warning").map((event) => event.message ?? "");
    const said = [...warnings, run.stderr].join("\n");
    expect(said).toContain(`${path.join(bed.cwd, ".claude", "agents", "review", "code-reviewer.md")}: agent code-reviewer: MAIA has no MultiEdit, WebSearch`);
    expect(said).toContain('agent debugger: model "opus" is a Claude Code alias without an entry in modelAliases');
    expect(said).toContain('env "NODE_OPTIONS" changes which program runs');
    expect(said).toContain("Claude Code events MAIA has no moment for: Setup");
    expect(said).toMatch(/settings\.json:\d+: deny rule "Agent\(model:opus\)": MAIA's Agent tool has no model parameter/);
    expect(existsSync(path.join(bed.cwd, "hook.log"))).toBe(false);
  });
});

describe("maia permissions check with Claude Code's settings (issue 36)", () => {
  const bed = maiaPerTest(() => startFakeLiteLLM());

  it("decides each rule form as Claude Code means it, and never wider", { timeout: 60_000 }, async () => {
    await writeClaudeProject(bed.cwd, bed.home);
    const check = async (tool: string, input: string) => {
      const run = await runMaia(["permissions", "check", "--json", tool, input], { cwd: bed.cwd, home: bed.home });
      expect(run.code, run.stderr).toBe(0);
      const answer = JSON.parse(run.stdout) as { decision: string; rule?: string; source?: string };
      return { verdict: answer };
    };
    const settings = path.join(bed.cwd, ".claude", "settings.json");
    expect((await check("Bash", "npm run test")).verdict).toMatchObject({ decision: "allow", rule: "Bash(npm run test:*)", source: settings });
    expect((await check("Bash", "npm run test -- --watch")).verdict.decision).toBe("allow");
    expect((await check("Bash", "npm run build")).verdict).toMatchObject({ decision: "allow", source: path.join(bed.cwd, ".claude", "settings.local.json") });
    expect((await check("Bash", "git status")).verdict).toMatchObject({ decision: "allow", source: path.join(bed.home, ".claude", "settings.json") });
    expect((await check("Bash", "git push origin main")).verdict).toMatchObject({ decision: "ask", rule: "Bash(git push:*)" });
    expect((await check("Bash", "npm run test && rm -rf /")).verdict.decision).toBe("ask");
    expect((await check("Read", "src/api/handler.ts")).verdict).toMatchObject({ decision: "allow", rule: "Read(src/**/*)" });
    expect((await check("Read", "vendor/src/x.ts")).verdict.decision).toBe("ask");
    expect((await check("Read", ".env")).verdict).toMatchObject({ decision: "deny", rule: "Read(**/.env)" });
    expect((await check("Read", "config/.env")).verdict.decision).toBe("deny");
    expect((await check("Edit", ".env")).verdict.decision).toBe("deny");
    expect((await check("Read", "/etc/shadow")).verdict.decision).toBe("deny");
    expect((await check("Read", "~/.ssh/id_rsa")).verdict.decision).toBe("deny");
    expect((await check("Edit", "docs/guide.md")).verdict).toMatchObject({ decision: "allow", rule: `Edit(${path.join(bed.cwd, "docs")}/**/*)` });
    expect((await check("Write", "src/new.ts")).verdict.decision).toBe("ask");
    expect((await check("WebFetch", "https://docs.rs/serde")).verdict.decision).toBe("allow");
    expect((await check("WebFetch", "https://example.evil.com/")).verdict.decision).toBe("ask");
    expect((await check("Agent", '{"agent":"code-reviewer","task":"x"}')).verdict).toMatchObject({ decision: "allow", rule: "Agent(code-reviewer)" });
    expect((await check("mcp__everything__echo", "{}")).verdict.decision).toBe("allow");
    expect((await check("mcp__everything__get-env", "{}")).verdict.decision).toBe("deny");
    expect((await check("mcp__everything__get-sum", "{}")).verdict.decision).toBe("ask");
  });
});

describe("maia acp with a Claude Code project (issue 36)", () => {
  const bed = acpPerTest(() => startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } }));

  it("announces the namespaced Claude Code command, the skill and /doctor", { timeout: 60_000 }, async () => {
    await writeClaudeProject(bed.cwd, bed.home);
    const agent = bed.start({ args: ["--model", "fake-model"] });
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await agent.waitFor((note) => note.update.sessionUpdate === "available_commands_update");
    const commands = agent.updates(sessionId, "available_commands_update")[0]?.availableCommands ?? [];
    expect(commands.find((command) => command.name === "frontend:component")).toMatchObject({
      description: "Create a React component (project, .claude)",
      input: { hint: "[component name] | --story" },
    });
    expect(commands.map((command) => command.name)).toEqual(expect.arrayContaining(["doctor", "agents", "api-conventions"]));
    expect(await agent.close()).toBe(0);
  });
});

describe("maia doctor with a Claude Code project (issue 36)", () => {
  const bed = maiaPerTest(() => startFakeLiteLLM());

  it("reports every file found, what it became and what was left out with why (--json)", { timeout: 60_000 }, async () => {
    await writeClaudeProject(bed.cwd, bed.home);
    const run = await runMaia(["doctor", "--json"], { cwd: bed.cwd, home: bed.home });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      files: Array<{ path: string; format: string; kinds: string[]; became: Array<{ kind: string; item: string }>; ignored: Array<{ kind: string; item: string; reason: string; line?: number }> }>;
    };
    const file = (relative: string, root = bed.cwd) => report.files.find((entry) => entry.path === path.join(root, relative));
    const became = (relative: string, root = bed.cwd) => file(relative, root)?.became.map((item) => item.item) ?? [];
    const ignored = (relative: string, root = bed.cwd) => file(relative, root)?.ignored.map((item) => `${item.item}: ${item.reason}`) ?? [];

    expect(became(".claude/agents/review/code-reviewer.md")).toEqual(["agent code-reviewer", "tools Read, Grep, Glob, Bash", "model sonnet → litellm:claude-sonnet"]);
    expect(ignored(".claude/agents/review/code-reviewer.md")).toEqual(["tools: MultiEdit: MAIA has no such tool", "tools: WebSearch: MAIA has no such tool", "color: display colour: MAIA has none"]);
    expect(ignored(".claude/agents/debugger.md")).toEqual(["model: opus: an alias without an entry in modelAliases: the main model is used"]);
    expect(ignored(".claude/agents/README.md")[0]).toContain("notes kept beside the agents");
    expect(became("helper.md", path.join(bed.home, ".claude", "agents"))).toEqual(["agent helper", "tools Read"]);
    expect(became(".claude/commands/frontend/component.md")[0]).toMatch(/^\/frontend:component \(allowed-tools /);
    expect(became(".claude/skills/api-conventions/SKILL.md")).toEqual(["skill api-conventions"]);
    expect(file(".mcp.json")).toMatchObject({ format: "claude", kinds: ["mcp"] });
    expect(became(".mcp.json")[0]).toMatch(/^server everything \(node \$\{EVERYTHING_SERVER:-.*\}\): starts when a session starts$/);
    expect(became(".claude/settings.json", bed.home)).toEqual(expect.arrayContaining(["allow Bash(git status) → Bash(git status)", "enabledMcpjsonServers everything"]));

    const settings = file(".claude/settings.json");
    expect(settings?.kinds).toEqual(["permissions", "hooks", "env", "settings"]);
    expect(settings?.became.map((item) => item.item)).toEqual(
      expect.arrayContaining([
        "deny Read(./.env) → Read(**/.env), Read(**/.env/**), Glob(**/.env), Glob(**/.env/**), Grep(**/.env), Grep(**/.env/**), Edit(**/.env), Edit(**/.env/**), Write(**/.env), Write(**/.env/**)",
        "allow Task(code-reviewer) → Agent(code-reviewer)",
        "allow mcp__everything__echo → Mcp(everything,echo)",
        "defaultMode acceptEdits",
        `additionalDirectories ${path.join(path.dirname(bed.cwd), "shared")}`,
        "env PROJECT_STAGE",
        "PostToolUseFailure [Bash]: echo failure >> hook.log (does not run until approved: /hooks approve)",
      ]),
    );
    const left = settings?.ignored ?? [];
    expect(left.find((item) => item.item === "deny Agent(model:opus)")).toMatchObject({ kind: "permissions", reason: expect.stringContaining("no model parameter"), line: 21 });
    expect(left.find((item) => item.item === "allow WebFetch(domain:example.*)")?.reason).toContain("example.evil.com");
    expect(left.find((item) => item.item === "allow Write(src/**)")?.reason).toContain("never reads a Write path rule");
    expect(left.find((item) => item.item === "deny WebSearch")?.reason).toBe("MAIA has no WebSearch tool: the rule changes nothing");
    expect(left.find((item) => item.item === "hooks.Setup")?.reason).toContain("no moment for");
    expect(left.find((item) => item.item === "env NODE_OPTIONS")?.kind).toBe("env");
    expect(left.find((item) => item.item === "model")).toMatchObject({ kind: "settings", line: 3 });

    expect(became("CLAUDE.md")).toEqual(["instructions in the system prompt"]);
    expect(became("docs/testing.md")).toEqual([`imported by ${path.join(bed.cwd, "docs", "conventions.md")}`]);
    expect(ignored("docs/conventions.md")).toEqual([
      "@import: @../CLAUDE.md imports a file that is already being read (CLAUDE.md → conventions.md → CLAUDE.md); this import is left out.",
      "@import: @missing.md is not a file; this import is left out.",
    ]);
    expect(became("CLAUDE.local.md")).toEqual(["instructions in the system prompt"]);
    expect(ignored(".claude/CLAUDE.md", bed.home)[0]).toContain("not read: MAIA reads the launch folder's instructions only");
  });

  it("prints the same as a table, file by file", { timeout: 60_000 }, async () => {
    await writeClaudeProject(bed.cwd, bed.home);
    const run = await runMaia(["doctor"], { cwd: bed.cwd, home: bed.home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`MAIA doctor: the files found in ${bed.cwd} and ${bed.home}`);
    expect(run.stdout).toContain(".claude/agents/review/code-reviewer.md  (Claude Code · agents)\n  ✓ agents    agent code-reviewer");
    expect(run.stdout).toMatch(/ {2}✗ agents:4 {2}tools: MultiEdit: MAIA has no such tool/);
    expect(run.stdout).toContain("~/.claude/agents/helper.md  (Claude Code · agents)");
  });
});
