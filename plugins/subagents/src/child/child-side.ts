import { stricter, STAGE, type PluginContext, type SessionSetup } from "@maia/kernel";
import type { LogLevel, StartSpec } from "../protocol.ts";
import { agentVerdict } from "./agent-rules.ts";
import { rewriteSections } from "./child-prompt.ts";
import { restrictTools } from "./restrict-tools.ts";

export interface ChildSide {
  /**
   * Arms this process for one sub-agent: the sessions built from now on get the definition's tools, skills,
   * ask/deny rules and system prompt. `report` carries the definition's own warnings to the parent.
   */
  arm(spec: StartSpec, report: (level: LogLevel, message: string) => void): void;
}

/**
 * The plugin's side in a sub-agent's process (front end "subagent", seed § 20.3.1–2). The other plugins build the
 * session as they always do — tools, custom tools, skills and permissions read from disk, MAIA.md — and these taps,
 * at the POST stage (after all of them), restrict and rewrite what they collected.
 */
export function installChildSide(context: PluginContext, name: string): ChildSide {
  let armed: { spec: StartSpec; report: (level: LogLevel, message: string) => void } | undefined;
  const skillsBySetup = new WeakMap<SessionSetup, string[] | undefined>();
  const reported = new Set<string>();

  context.hooks.tools.tapPromise({ name, stage: STAGE.POST }, async (tools, setup) => {
    if (!armed) return tools;
    const restricted = restrictTools(tools, armed.spec.agent);
    skillsBySetup.set(setup, restricted.skills);
    for (const warning of restricted.warnings) {
      if (reported.has(warning)) continue;
      reported.add(warning);
      armed.report("warn", warning);
    }
    return restricted.tools;
  });

  context.hooks.systemPrompt.tapPromise({ name, stage: STAGE.POST }, async (sections, setup) => {
    if (!armed) return sections;
    return rewriteSections(sections, armed.spec.agent, setup.cwd, skillsBySetup.get(setup));
  });

  context.hooks.checkPermission.tapPromise(name, async (check) => {
    if (!armed) return check;
    const verdict = agentVerdict(armed.spec.agent.permissions, check.call, { cwd: check.session.cwd, homeDir: check.session.setup.homeDir });
    return verdict ? { ...check, verdict: stricter(check.verdict, verdict) } : check;
  });

  return {
    arm(spec, report) {
      armed = { spec, report };
    },
  };
}
