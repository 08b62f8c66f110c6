import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM, type Scripted } from "@maia/fake-litellm";
import { setActiveLocale, type MaiaPlugin } from "@maia/kernel";
import { createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
// The real builtin tools and permissions plugin, through the CLI's list: this package depends on neither.
import subagents, { type SubagentsApi } from "../index.ts";
import { loadAgents } from "../load-agents.ts";
import type { StartSpec } from "@maia/subagent-protocol";
import { agentFile, projectAgents, tempFolder, writeAgent } from "../testing/agents.ts";

const litellm = await firstParty("litellm");

/**
 * The sub-agent's process side (seed § 20.3.1): the definition's allow, ask and deny rules go to the real
 * permissions plugin, which evaluates them with the inherited ones — same rule syntax, same Bash analysis.
 */
let server: FakeLiteLLM;
beforeAll(() => setActiveLocale("en"));
beforeEach(async () => {
  server = await startFakeLiteLLM();
});
afterEach(async () => {
  await server.close();
});

/** A sub-agent's process in memory: the plugins `maia --subagent` loads, armed with `permissions` in its AGENT.md. */
async function child(header: string, options: { allowRules?: string[]; withPermissions?: boolean } = {}) {
  const cwd = await tempFolder("child-cwd");
  const homeDir = await tempFolder("child-home");
  await writeAgent(projectAgents(cwd), "reviewer", agentFile("reviewer", { header }));
  // Read as the main agent's side reads it before it sends the definition to the child.
  const loaded = await loadAgents(cwd, homeDir);
  const agent = loaded.agents[0];
  if (!agent) throw new Error(`the agent did not load: ${loaded.warnings.join("; ")}`);
  const plugins = [litellm, await firstParty("builtin-tools"), ...(options.withPermissions === false ? [] : [await firstParty("permissions")]), subagents];
  const test = await createTestKernel(plugins, { cwd, homeDir, frontEnd: "subagent", env: { MAIA_LANG: "en" }, allowRules: options.allowRules ?? [] });
  server.writeSettings(homeDir);
  const api = test.kernel.plugins.get<SubagentsApi>("subagents")?.api;
  if (!api) throw new Error("the subagents plugin did not load");
  const spec: StartSpec = { agent, task: "work", cwd, model: "fake-model", allowRules: options.allowRules ?? [], canAsk: true };
  const reports: string[] = [];
  const arm = () => api.child.arm(spec, (level, message) => reports.push(`${level} ${message}`));
  return { ...test, file: agent.file, arm, reports };
}

const bash = (id: string, command: string) => ({ id, name: "Bash", arguments: { command } });
const toolResults = () =>
  server
    .chatBodies()
    .flatMap((body) => (body as { messages?: Array<{ role: string; content?: unknown }> }).messages ?? [])
    .filter((message) => message.role === "tool")
    .map((message) => String(message.content));

describe("the definition's permission rules in the sub-agent's process (seed § 20.3.1)", () => {
  it("refuses what its deny covers and asks what its ask covers, on top of the inherited --allow, with the real Bash analysis", async () => {
    const { kernel, cwd, arm, reports } = await child("permissions:\n  deny: [Bash(rm *)]\n  ask: [Redirect(.env)]", { allowRules: ["Bash", "Redirect"] });
    await mkdir(path.join(cwd, "sub", "keep"), { recursive: true });
    arm();
    const script: Scripted[] = [
      { toolCalls: [bash("a", "cd sub && rm -rf keep"), bash("b", "cd sub && echo x > ../.env"), bash("c", "echo ok > out.txt")] },
      { text: "done" },
    ];
    server.enqueue(...script);
    const interaction = scriptedInteraction(["no"]);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction });
    await kernel.runTurn(session, "work");
    expect(reports).toEqual([]);
    expect(interaction.questions).toEqual(["Allow Bash: cd sub && echo x > ../.env?"]);
    expect(existsSync(path.join(cwd, "sub", "keep"))).toBe(true);
    expect(existsSync(path.join(cwd, ".env"))).toBe(false);
    expect(existsSync(path.join(cwd, "out.txt"))).toBe(true);
    const [denied, refused] = toolResults();
    expect(denied).toBe("Action denied by the permission rules (Bash(rm *)). Do not retry it as is.");
    expect(refused).toBe("The user refused this action.");
  });

  it("lets its allow rules spare questions, but never lift an inherited deny; /permissions lists them under the AGENT.md", async () => {
    const { kernel, homeDir, file, arm } = await child("permissions:\n  allow: [Bash(git *)]");
    server.writeSettings(homeDir, { permissions: { deny: ["Bash(git push *)"] } });
    arm();
    // A session start reads the settings files again: the definition's rules stay.
    await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    const permissions = kernel.plugins.get<{
      evaluate(tool: string, input: Record<string, unknown>): Promise<{ verdict: { decision: string; source?: string } }>;
      view(): { files: Array<{ path: string; rules: Array<{ label: string; rule: string }> }> };
    }>("permissions")?.api;
    expect((await permissions?.evaluate("Bash", { command: "git status" }))?.verdict).toMatchObject({ decision: "allow", source: file });
    expect((await permissions?.evaluate("Bash", { command: "git push" }))?.verdict).toMatchObject({ decision: "deny", source: path.join(homeDir, ".maia", "settings.json") });
    expect(permissions?.view().files.at(-1)).toEqual({ path: file, origin: "added", found: true, rules: [{ label: "ALLOW", rule: "Bash(git *)" }] });
  });

  it("reports a rule the permissions plugin cannot read to the parent, naming the AGENT.md; the other rules apply", async () => {
    const { kernel, file, arm, reports } = await child("permissions:\n  deny: [WebFetch(example.com), Bash(rm *)]");
    arm();
    expect(reports).toEqual([
      `warn ${file}: deny rule "WebFetch(example.com)" ignored: WebFetch rules take the form WebFetch(domain:example.com) or WebFetch(domain:*.example.com)`,
    ]);
    const permissions = kernel.plugins.get<{ rules(): Array<{ text: string; source: string }> }>("permissions")?.api;
    expect(permissions?.rules().map((rule) => [rule.text, rule.source])).toEqual([["Bash(rm *)", file]]);
  });

  it("does not run when its ask or deny rules have nothing to apply them (permissions plugin disabled)", async () => {
    const strict = await child("permissions:\n  deny: [Bash(rm *)]\n  allow: [Read]\n  ask: [Write]", { withPermissions: false });
    expect(() => strict.arm()).toThrow(
      `${strict.file}: its ask and deny rules (Bash(rm *), Write) cannot be applied: the permissions plugin is disabled. Enable it, or remove those rules from this agent.`,
    );
    // Allow rules only spare questions: without the plugin, each tool's own default applies and the run goes on.
    const loose = await child("permissions:\n  allow: [Read]", { withPermissions: false });
    expect(() => loose.arm()).not.toThrow();
  });
});
