import { beforeAll, describe, expect, it } from "vitest";
import { setActiveLocale, type AnyTool } from "@maia/kernel";
// The skills plugin's real Skill tool (through the harness: this package does not depend on it): its schema is what is narrowed.
import { skillTool as createSkillTool } from "@maia/testing-plugins";
import { restrictTools } from "./restrict-tools.ts";

beforeAll(() => setActiveLocale("en"));

const tool = (name: string): AnyTool => ({
  spec: { name, description: name, inputSchema: { type: "object", properties: {} } },
  permission: "auto",
  execute: async () => name,
});
const skill = (name: string) => ({ name, description: `${name} skill`, body: `Do ${name}.`, folder: `/s/${name}`, file: `/s/${name}/SKILL.md`, source: "project" as const });
const ALL = [tool("Read"), tool("Write"), tool("Bash"), tool("Addition"), createSkillTool([skill("review"), skill("deploy")]), tool("Agent")];
const names = (tools: readonly AnyTool[]) => tools.map((entry) => entry.spec.name);
const skillEnum = (tools: readonly AnyTool[]) =>
  (tools.find((entry) => entry.spec.name === "Skill")?.spec.inputSchema.properties as { name: { enum: string[] } } | undefined)?.name.enum;

describe("the sub-agent's tools (seed § 20.3.1)", () => {
  it("keeps every tool but Agent when the definition lists none", () => {
    const restricted = restrictTools(ALL, {});
    expect(names(restricted.tools)).toEqual(["Read", "Write", "Bash", "Addition", "Skill"]);
    expect(restricted.skills).toBeUndefined();
    expect(restricted.warnings).toEqual([]);
  });

  it("keeps the listed tools, without case, and reports the names that are not tools", () => {
    const restricted = restrictTools(ALL, { tools: ["read", "BASH", "addition", "Grep", "agent"] });
    expect(names(restricted.tools)).toEqual(["Read", "Bash", "Addition"]);
    expect(restricted.skills).toEqual([]);
    expect(restricted.warnings).toEqual([
      'tools: "Grep" is not a tool here; it is ignored. Tools: Read, Write, Bash, Addition, Skill',
      "tools: a sub-agent never has the Agent tool (sub-agents do not start sub-agents); it is ignored.",
    ]);
  });

  it("keeps MCP tools by name or by Mcp(server), and reports a server with no tool here", () => {
    const all = [...ALL, tool("mcp__github__create_issue"), tool("mcp__github__list_issues"), tool("mcp__sentry__events")];
    const restricted = restrictTools(all, { tools: ["Read", "Mcp(github)", "MCP__Sentry__Events", "Mcp(linear)"] });
    expect(names(restricted.tools)).toEqual(["Read", "mcp__github__create_issue", "mcp__github__list_issues", "mcp__sentry__events"]);
    expect(restricted.warnings).toEqual([
      'tools: "Mcp(linear)": MAIA has no tool of the MCP server "linear" in this session (not enabled, not connected, or no tools); it is ignored.',
    ]);
  });

  it("narrows the Skill tool to the listed skills, and reports unknown ones", async () => {
    const restricted = restrictTools(ALL, { skills: ["Review", "lint"] });
    expect(skillEnum(restricted.tools)).toEqual(["review"]);
    expect(skillEnum(ALL)).toEqual(["review", "deploy"]);
    expect(restricted.skills).toEqual(["review"]);
    expect(restricted.warnings).toEqual(['skills: "lint" is not a skill here; it is ignored.']);
    const narrowed = restricted.tools.find((entry) => entry.spec.name === "Skill");
    expect(await narrowed?.execute({ name: "review" }, { cwd: "/", state: new Map(), warn: () => undefined })).toContain("Do review.");
  });

  it("removes the Skill tool when no skill is left", () => {
    const restricted = restrictTools(ALL, { skills: [] });
    expect(names(restricted.tools)).not.toContain("Skill");
    expect(restricted.skills).toEqual([]);
    const noSkills = restrictTools([tool("Read")], { skills: ["review"] });
    expect(noSkills.warnings).toEqual(['skills: "review" is not a skill here; it is ignored.']);
  });

  it("removes a Claude Code agent's disallowedTools first, by name or by server, then applies its tools", () => {
    const all = [...ALL, tool("mcp__github__create_issue"), tool("mcp__sentry__events")];
    expect(names(restrictTools(all, { disallowedTools: ["Write", "Mcp(github)"] }).tools)).toEqual(["Read", "Bash", "Addition", "Skill", "mcp__sentry__events"]);
    const both = restrictTools(all, { tools: ["Read", "Bash"], disallowedTools: ["bash"] });
    expect(names(both.tools)).toEqual(["Read"]);
    expect(both.warnings).toEqual([]);
  });
});
