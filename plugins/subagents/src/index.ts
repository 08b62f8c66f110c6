import { definePlugin, hookSpec, precompiled, type AgentSession, type DoctorEntry, type DoctorPlace, type Message, type OwnedHooks, type SessionSetup, type TurnOutcome } from "@maia/kernel";
import { contributedSources } from "@maia/util";
import { agentSources, loadAgents } from "./load-agents.ts";
import { ITERATIONS_BY_EFFORT, type AgentDefinition, type Effort } from "./agent-definition.ts";
import { installChildSide, type ChildSide } from "./child/child-side.ts";
import { conclude, doneMessage } from "./child/final-summary.ts";
import { installMainSide, type SubagentEvent } from "./main-side.ts";
import type { DoneMessage } from "@maia/subagent-protocol";

const PLUGIN_NAME = "subagents";

/** The plugin's own hook (`subagents.run`), declared through the kernel and instrumented like its hooks. */
const SUBAGENT_HOOKS = {
  /** Each sub-agent run's start and end (the Agent tool's and `&`'s), told apart by `run`. */
  run: hookSpec.sync<[SubagentEvent]>({
    args: ["event"],
    callers: "kernel",
    doc: "Each sub-agent run's start and end (the Agent tool, &name): front ends show a spinner, user hooks run",
  }),
};

export type SubagentsHooks = OwnedHooks<typeof SUBAGENT_HOOKS>["taps"];

export interface SubagentsOptions {
  /** The MAIA entry a sub-agent's process runs; the running program (`process.argv[1]`) by default. */
  program?: string;
  /** Node options for that process; the parent's own by default. */
  execArgv?: string[];
}

/** What front ends, other plugins and the `--subagent` process use, through `plugins.get("subagents")?.api`. */
export interface SubagentsApi {
  /** The sub-agents of a session, as read from disk when it was built (none in a sub-agent's own process). */
  agentsOf(setup: SessionSetup): Promise<AgentDefinition[]>;
  /**
   * Follows each sub-agent run (a spinner « Sub-agent x at work »): `hooks.run.tap(name, fn)` returns the
   * function that stops following. A tap that throws is reported and skipped.
   */
  hooks: SubagentsHooks;
  /** `maia doctor`: every agent file found (MAIA's AGENT.md, Claude Code's agents/*.md, its plugins'), what it became, what was left out. */
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
  /** The sub-agent's process side (seed § 20.3), used by `maia --subagent`. */
  child: ChildSide & {
    maxIterations(effort: Effort): number;
    conclude(session: AgentSession, outcome: TurnOutcome, signal: AbortSignal): Promise<DoneMessage>;
    done(ok: boolean, summary: string, messages: Message[]): DoneMessage;
  };
}


/**
 * Sub-agents (seed § 20): AGENT.md definitions in `~/.maia/agents` and `./.maia/agents`; the Agent tool and `&`
 * run one in its own process (`maia --subagent`), which loads the same plugins, restricted by the definition, and
 * answers with a summary; `/agents` lists them and `/createAgent` writes a new one from the template.
 */
export default definePlugin<SubagentsOptions, SubagentsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Sub-agents: .maia/agents/<name>/AGENT.md, the Agent tool, &name, /agents, /createAgent",
  optionsSchema: precompiled(OPTIONS_SCHEMA, validateOptions),
  apply(context, options) {
    const { hooks, taps } = context.hooks.own(SUBAGENT_HOOKS);
    const notify = (event: SubagentEvent) => hooks.run.call(event);
    const child = installChildSide(context, PLUGIN_NAME);
    // A sub-agent's own process never offers sub-agents (no nesting, seed § 18).
    const agentsOf =
      context.runtime.frontEnd.child
        ? async () => []
        : installMainSide(context, PLUGIN_NAME, {
            program: options.program ?? process.argv[1] ?? "",
            ...(options.execArgv ? { execArgv: options.execArgv } : {}),
            notify,
          });
    return {
      agentsOf,
      hooks: taps,
      async doctor(place) {
        const contributed = (await contributedSources(context.plugins)?.at(place))?.folders("agents") ?? [];
        const { files } = await loadAgents(place.cwd, place.homeDir, agentSources(place.cwd, place.homeDir, contributed));
        return files.map((file) => ({ path: file.path, format: file.format, kind: "agents", became: file.became, ignored: file.ignored }));
      },
      child: {
        arm: (spec, report, callMcp) => child.arm(spec, report, callMcp),
        maxIterations: (effort) => ITERATIONS_BY_EFFORT[effort],
        conclude,
        done: doneMessage,
      },
    };
  },
});

export { parseAgentFile, ITERATIONS_BY_EFFORT, EFFORTS, type AgentDefinition, type Effort, type AgentLevel } from "./agent-definition.ts";
export { agentNameProblem, MAX_AGENT_NAME_LENGTH } from "./agent-name.ts";
export { parseSections, normaliseTitle, stripHtmlComments } from "./agent-sections.ts";
export { parseAgentInvocation, type AgentInvocation } from "./agent-invocation.ts";
export { loadAgents, agentRoots, agentSources, type AgentSource, type AgentFileReport } from "./load-agents.ts";
export { parseClaudeAgentFile } from "./claude-agent.ts";
export { chooseSubAgentModel, type ModelChoice } from "./model-choice.ts";
export { launchSubAgent, SUBAGENT_TIMEOUT_MS, KILL_DELAY_MS, type LaunchResult } from "./launcher.ts";
// The IPC protocol's code lives in @maia/subagent-protocol (the CLI's child side reads it before any plugin loads).
export type { StartSpec, ParentMessage, ChildMessage, DoneMessage, LogLevel } from "@maia/subagent-protocol";
import { OPTIONS_SCHEMA } from "./options-schema.ts";
import { validateOptions } from "./options-validator.generated.ts";
export { traceName, writeTrace } from "./trace.ts";
export { FINAL_SUMMARY_TOKENS } from "./child/final-summary.ts";
export type { SubagentEvent } from "./main-side.ts";
