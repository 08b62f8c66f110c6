import { STAGE, type PluginContext, type SessionSetup } from "@maia/kernel";
import type { PermissionsApi } from "@maia/plugin-permissions";
import type { SkillsApi } from "@maia/plugin-skills";
import { t } from "../messages.ts";
import type { LogLevel, StartSpec } from "@maia/subagent-protocol";
import { rewriteSections } from "./child-prompt.ts";
import { mcpProxyTool, type CallThroughParent } from "./mcp-proxy.ts";
import { restrictTools } from "./restrict-tools.ts";

export interface ChildSide {
  /**
   * Arms this process for one sub-agent: the sessions built from now on get the definition's tools, skills,
   * permission rules and system prompt. `report` carries the definition's own warnings to the parent. Throws
   * (the run then fails with that message) when the definition's ask or deny rules cannot be applied.
   * `callMcp` runs the parent's MCP tools (`spec.mcpTools`) on the parent's connections; without it they are not
   * offered.
   */
  arm(spec: StartSpec, report: (level: LogLevel, message: string) => void, callMcp?: CallThroughParent): void;
}

/** What this side uses of the permissions plugin's API (a type import: none of its code comes along). */
type PermissionsPeer = Pick<PermissionsApi, "addRules" | "setMode">;
type SkillsPeer = Pick<SkillsApi, "skillsOf">;

const PERMISSIONS_PLUGIN = "permissions";
const SKILLS_PLUGIN = "skills";

/**
 * The plugin's side in a sub-agent's process (front end "subagent", seed § 20.3.1–2). The other plugins build the
 * session as they always do — tools, custom tools, skills and permissions read from disk, MAIA.md — and these taps,
 * at the POST stage (after all of them), restrict and rewrite what they collected. The definition's permission
 * rules go to the permissions plugin, whose evaluator applies them with the inherited ones.
 */
export function installChildSide(context: PluginContext, name: string): ChildSide {
  let armed: { spec: StartSpec; report: (level: LogLevel, message: string) => void; callMcp?: CallThroughParent } | undefined;
  const skillsBySetup = new WeakMap<SessionSetup, string[] | undefined>();
  const reported = new Set<string>();
  const warn = (message: string) => {
    if (!armed || reported.has(message)) return;
    reported.add(message);
    armed.report("warn", message);
  };

  context.hooks.tools.tapPromise({ name, stage: STAGE.POST }, async (tools, setup) => {
    if (!armed) return tools;
    // The parent's MCP tools join before the restriction, so that `tools` selects them like any other.
    const call = armed.callMcp;
    const taken = new Set(tools.map((tool) => tool.spec.name));
    const proxies = call ? (armed.spec.mcpTools ?? []).filter((offer) => !taken.has(offer.name)).map((offer) => mcpProxyTool(offer, call)) : [];
    const restricted = restrictTools([...tools, ...proxies], armed.spec.agent);
    skillsBySetup.set(setup, restricted.skills);
    for (const warning of restricted.warnings) warn(warning);
    return restricted.tools;
  });

  context.hooks.systemPrompt.tapPromise({ name, stage: STAGE.POST }, async (sections, setup) => {
    if (!armed) return sections;
    return rewriteSections(sections, armed.spec.agent, setup.cwd, skillsBySetup.get(setup), await preloadedSkills(armed.spec, setup));
  });

  /** A Claude Code agent's `skills`: their text, from the skills plugin's reading of this session; a missing one is said. */
  const preloadedSkills = async (spec: StartSpec, setup: SessionSetup) => {
    const wanted = spec.agent.preloadSkills ?? [];
    if (wanted.length === 0) return [];
    const skills = (await context.plugins.get<Partial<SkillsPeer>>(SKILLS_PLUGIN)?.api?.skillsOf?.(setup)) ?? [];
    return wanted.flatMap((skillName) => {
      const skill = skills.find((candidate) => candidate.name.toLowerCase() === skillName.toLowerCase());
      if (!skill) warn(t("skillNotFound", { skill: skillName }));
      return skill ? [{ name: skill.name, body: skill.body }] : [];
    });
  };

  return {
    arm(spec, report, callMcp) {
      armed = { spec, report, ...(callMcp ? { callMcp } : {}) };
      addAgentRules(context, spec, warn);
      // A Claude Code agent's permissionMode (default, acceptEdits, plan): the mode of its own process.
      const mode = spec.agent.permissionMode;
      if (mode !== undefined) context.plugins.get<Partial<PermissionsPeer>>(PERMISSIONS_PLUGIN)?.api?.setMode?.(mode);
    },
  };
}

/**
 * Seed § 20.3.1: permissions = the inherited rules + the definition's (a union). The permissions plugin takes the
 * definition's allow, ask and deny lists under the AGENT.md's path and evaluates them with the settings files'
 * and `--allow` rules — deny, then ask, then allow across all of them — so an inherited deny or ask is never
 * lifted and the definition's own apply on top, with the same Bash analysis as every other rule. Its warnings
 * about a bad rule are the definition's own problems: they go to the parent. Without that plugin nothing could
 * apply an ask or a deny the author wrote: rather than run the sub-agent without them, the run fails, saying so.
 */
function addAgentRules(context: PluginContext, spec: StartSpec, warn: (message: string) => void): void {
  const { permissions, file } = spec.agent;
  const api = context.plugins.get<Partial<PermissionsPeer>>(PERMISSIONS_PLUGIN)?.api;
  if (typeof api?.addRules !== "function") {
    const strict = [...permissions.deny, ...permissions.ask];
    if (strict.length > 0) throw new Error(t("rulesNeedPermissions", { file, rules: strict.join(", ") }));
    return;
  }
  for (const warning of api.addRules(file, permissions).warnings) warn(warning);
}
