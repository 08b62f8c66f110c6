import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { setActiveLocale } from "@maia/kernel";
import { agentSources, loadAgents } from "./load-agents.ts";
import { agentFile, projectAgents, tempFolder, userAgents, writeAgent } from "./testing/agents.ts";

beforeAll(() => setActiveLocale("en"));

describe("loading the agents (seed § 20.1)", () => {
  it("reads the user's agents, then the project's, which win at equal name; sorted by name", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    await writeAgent(userAgents(home), "zeta");
    await writeAgent(userAgents(home), "reviewer", agentFile("reviewer", { description: "user's reviewer" }));
    await writeAgent(projectAgents(cwd), "reviewer", agentFile("reviewer", { description: "project's reviewer" }));
    await writeAgent(projectAgents(cwd), "alpha");
    const { agents, warnings } = await loadAgents(cwd, home);
    expect(warnings).toEqual([]);
    expect(agents.map((agent) => [agent.name, agent.level, agent.description])).toEqual([
      ["alpha", "project", "The alpha agent"],
      ["reviewer", "project", "project's reviewer"],
      ["zeta", "user", "The zeta agent"],
    ]);
  });

  it("reads the folder once when the launch folder is the home folder", async () => {
    const home = await tempFolder("same");
    await writeAgent(userAgents(home), "solo", agentFile("solo", { header: "name: again" }));
    const { agents, warnings } = await loadAgents(home, home);
    expect(agents).toEqual([]);
    expect(warnings).toHaveLength(1);
    await writeAgent(userAgents(home), "solo");
    const second = await loadAgents(home, home);
    expect(second.agents.map((agent) => [agent.name, agent.level])).toEqual([["solo", "project"]]);
  });

  it("skips a broken agent with a precise warning and loads the others", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    const broken = await writeAgent(projectAgents(cwd), "broken", "---\nname: broken\n---\n# Missions\nx\n");
    await writeAgent(projectAgents(cwd), "good");
    await mkdir(path.join(projectAgents(cwd), "empty"), { recursive: true });
    await writeFile(path.join(projectAgents(cwd), "stray.md"), "not a folder");
    const { agents, warnings } = await loadAgents(cwd, home);
    expect(agents.map((agent) => agent.name)).toEqual(["good"]);
    expect(warnings).toEqual([
      `${broken}: the header has no description: add description: <when the main agent should call this agent> — this agent is not loaded.`,
      `${path.join(projectAgents(cwd), "empty")}: no AGENT.md in this agent folder — add one (/createAgent empty writes it) or remove the folder.`,
    ]);
  });

  it("has no agents and no warning when neither folder exists", async () => {
    expect(await loadAgents(await tempFolder("cwd"), await tempFolder("home"))).toEqual({ agents: [], warnings: [], files: [] });
  });
});

const claudeAgents = (root: string) => path.join(root, ".claude", "agents");
async function writeClaudeAgent(folder: string, file: string, text: string): Promise<string> {
  const target = path.join(folder, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text);
  return target;
}

describe("Claude Code agents (.claude/agents/*.md, issue 36)", () => {
  it("reads the single-file format: tools mapped, the body as the prompt, sub-folders only sorting files", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    await mkdir(path.join(home, ".maia"), { recursive: true });
    await writeFile(path.join(home, ".maia", "settings.json"), JSON.stringify({ modelAliases: { sonnet: "litellm:claude-sonnet" } }));
    const file = await writeClaudeAgent(
      claudeAgents(cwd),
      "review/code-reviewer.md",
      "---\nname: code-reviewer\ndescription: Reviews code for quality\ntools: Read, Glob, Grep, MultiEdit, WebSearch, mcp__github\nmodel: sonnet\ncolor: blue\n---\n\nYou are a code reviewer.\n",
    );
    await writeClaudeAgent(claudeAgents(cwd), "README.md", "# Our agents\n\nNotes.\n");
    const { agents, warnings, files } = await loadAgents(cwd, home);
    expect(agents).toEqual([
      {
        name: "code-reviewer",
        description: "Reviews code for quality",
        model: "litellm:claude-sonnet",
        tools: ["Read", "Glob", "Grep", "Mcp(github)"],
        permissions: { allow: [], ask: [], deny: [] },
        effort: "high",
        omitMd: false,
        trace: false,
        instructions: "",
        missions: "",
        output: "",
        file,
        level: "project",
        format: "claude",
        prompt: "You are a code reviewer.",
      },
    ]);
    expect(warnings).toEqual([`${file}: agent code-reviewer: MAIA has no MultiEdit, WebSearch; left out of its tools, the others apply.`]);
    const report = files.find((entry) => entry.path === file);
    expect(report?.became).toEqual(["agent code-reviewer", "tools Read, Glob, Grep, Mcp(github)", "model sonnet → litellm:claude-sonnet"]);
    expect(report?.ignored.map((item) => item.item)).toEqual(["tools: MultiEdit", "tools: WebSearch", "color"]);
    expect(files.find((entry) => entry.path.endsWith("README.md"))?.ignored[0]?.reason).toContain("notes kept beside the agents");
  });

  it("puts MAIA's AGENT.md above Claude Code's file at each level, and the project above the user", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    await writeClaudeAgent(claudeAgents(home), "reviewer.md", "---\nname: reviewer\ndescription: user claude\n---\nbody\n");
    await writeClaudeAgent(claudeAgents(home), "helper.md", "---\nname: helper\ndescription: user claude helper\n---\nbody\n");
    await writeAgent(userAgents(home), "helper", agentFile("helper", { description: "user maia helper" }));
    const claudeProject = await writeClaudeAgent(claudeAgents(cwd), "reviewer.md", "---\nname: reviewer\ndescription: project claude\n---\nbody\n");
    const { agents, files } = await loadAgents(cwd, home);
    expect(agents.map((agent) => [agent.name, agent.description, agent.format ?? "maia", agent.level])).toEqual([
      ["helper", "user maia helper", "maia", "user"],
      ["reviewer", "project claude", "claude", "project"],
    ]);
    expect(files.find((entry) => entry.path === path.join(claudeAgents(home), "reviewer.md"))?.ignored).toEqual([
      { item: "agent reviewer", reason: `replaced by ${claudeProject}, which defines the same name with a higher precedence` },
    ]);
  });

  it("without a modelAliases entry the main model is used, said once; inherit says nothing; maxTurns, disallowedTools, skills", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    const file = await writeClaudeAgent(
      claudeAgents(cwd),
      "a.md",
      "---\nname: planner\ndescription: Plans\nmodel: opus\nmaxTurns: 7\ndisallowedTools: Write, Edit\nskills:\n  - api-conventions\npermissionMode: plan\nmcpServers:\n  - slack\n---\nPlan.\n",
    );
    await writeClaudeAgent(claudeAgents(cwd), "b.md", "---\nname: follower\ndescription: Follows\nmodel: inherit\n---\nFollow.\n");
    const { agents, warnings } = await loadAgents(cwd, home);
    const planner = agents.find((agent) => agent.name === "planner");
    expect(planner).toMatchObject({ maxTurns: 7, disallowedTools: ["Write", "Edit"], preloadSkills: ["api-conventions"], permissionMode: "plan" });
    expect(planner?.model).toBeUndefined();
    expect(agents.find((agent) => agent.name === "follower")?.model).toBeUndefined();
    expect(warnings).toEqual([
      `${file}: agent planner: model "opus" is a Claude Code alias without an entry in modelAliases; it runs on the main model. Add "modelAliases": {"opus": "litellm:<model>"} to ~/.maia/settings.json.`,
      `${file}: agent planner: mcpServers is left out (MCP servers of its own: MAIA's sub-agents use the servers of the main session (mcp.json, .mcp.json)).`,
    ]);
  });

  it("loads a header Claude Code accepts that is not strict YAML, and skips a name it refuses with a warning", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    await writeClaudeAgent(claudeAgents(cwd), "a.md", "---\nname: loose\ndescription: Use when: the tests fail\ntools: [Read, Bash]\n---\nFix.\n");
    const bad = await writeClaudeAgent(claudeAgents(cwd), "b.md", "---\nname: plugin:thing\ndescription: x\n---\nx\n");
    const { agents, warnings } = await loadAgents(cwd, home);
    expect(agents.map((agent) => [agent.name, agent.description, agent.tools])).toEqual([["loose", "Use when: the tests fail", ["Read", "Bash"]]]);
    expect(warnings).toEqual([`${bad} (line 2): the name "plugin:thing" starts with - or holds a : (kept for plugins' agents in Claude Code) — this agent is not loaded.`]);
  });
});

describe("a Claude Code plugin's agents (issue 36)", () => {
  it("come from the plugin's folder named <plugin>:<name>, its variables replaced, below every folder of the user's; a plugin may not set permissionMode", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    const root = await tempFolder("plugin");
    const folder = path.join(root, "agents");
    const file = await writeClaudeAgent(
      folder,
      "reviewer.md",
      "---\nname: reviewer\ndescription: Reviews formatting\ntools: Read, Grep\npermissionMode: acceptEdits\nhooks:\n  Stop: []\n---\nUse the rules in ${CLAUDE_PLUGIN_ROOT}/rules.txt and ${OTHER}.\n",
    );
    // One of the user's own, of the same short name: both load, the plugin's under its prefix.
    await writeClaudeAgent(claudeAgents(home), "reviewer.md", "---\nname: reviewer\ndescription: the user's own\n---\nbody\n");
    const contributed = [{ id: "formatter@team", namespace: "formatter", variables: { CLAUDE_PLUGIN_ROOT: root }, path: folder, single: false }];
    const { agents, warnings, files } = await loadAgents(cwd, home, agentSources(cwd, home, contributed));
    expect(agents.map((agent) => [agent.name, agent.plugin, agent.format, agent.permissionMode])).toEqual([
      ["formatter:reviewer", "formatter@team", "claude", undefined],
      ["reviewer", undefined, "claude", undefined],
    ]);
    expect(agents[0]?.prompt).toBe(`Use the rules in ${root}/rules.txt and \${OTHER}.`);
    expect(warnings).toEqual([`${file}: agent formatter:reviewer: hooks is left out (a plugin's agent may not set it (Claude Code ignores it there too)).`]);
    const report = files.find((entry) => entry.path === file);
    expect(report).toMatchObject({ format: "claude-plugin", became: ["agent formatter:reviewer", "tools Read, Grep"] });
    expect(report?.ignored.map((item) => `${item.item}: ${item.reason}`)).toEqual([
      "permissionMode: acceptEdits: a plugin's agent may not set it (Claude Code ignores it there too)",
      "hooks: a plugin's agent may not set it (Claude Code ignores it there too)",
    ]);
  });

  it("reads one agent file a plugin.json names", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    const root = await tempFolder("plugin");
    const file = await writeClaudeAgent(path.join(root, "extra"), "auditor.md", "---\nname: auditor\ndescription: Audits\n---\nAudit.\n");
    await writeClaudeAgent(path.join(root, "extra"), "other.md", "---\nname: other\ndescription: not named by plugin.json\n---\nx\n");
    const contributed = [{ id: "sec@team", namespace: "sec", variables: {}, path: file, single: true }];
    const { agents } = await loadAgents(cwd, home, agentSources(cwd, home, contributed));
    expect(agents.map((agent) => agent.name)).toEqual(["sec:auditor"]);
  });
});
