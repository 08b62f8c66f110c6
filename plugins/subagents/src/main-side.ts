import { errorMessage, PROMPT_ORDER, type AgentSession, type AnyTool, type CommandContext, type PluginContext, type SessionSetup } from "@maia/kernel";
import type { ContextApi } from "@maia/plugin-context";
import { contributedSources, createWarnOnce } from "@maia/util";
import type { LiteLLMApi } from "@maia/plugin-litellm";
import type { PermissionsApi } from "@maia/plugin-permissions";
import type { SessionsApi } from "@maia/plugin-sessions";
import { agentSourceLabel, type AgentDefinition } from "./agent-definition.ts";
import { createAgentPrefix } from "./agent-prefix.ts";
import { createAgentTool, oneLine } from "./agent-tool.ts";
import { agentsCommand, createAgentCommand } from "./commands.ts";
import { delegate, type DelegateEnvironment, type DelegateOutcome } from "./delegate.ts";
import { agentSources, loadAgents, type AgentsLoadResult } from "./load-agents.ts";
import { t } from "./messages.ts";

/**
 * A sub-agent run starts or ends (the Agent tool or `&`). `run` tells runs apart — several may overlap, of the
 * same agent too — and `label` is what a front end shows while it works (seed § 20.3b).
 */
export type SubagentEvent =
  | { type: "subagent_start"; run: number; session: AgentSession; agent: string; label: string }
  | { type: "subagent_end"; run: number; session: AgentSession; agent: string; ok: boolean };

export interface MainSideOptions {
  program: string;
  execArgv?: string[];
  notify(event: SubagentEvent): void;
}

// The other plugins' APIs, typed by their own declarations (type imports: none of their code comes along). Each
// may be disabled, so each is looked up at the moment it is needed.
type LiteLLMPeer = Pick<LiteLLMApi, "listModels">;
type SessionsPeer = Pick<SessionsApi, "nameOf">;
type RulesChecker = Pick<PermissionsApi, "checkRules">;
type ContextPeer = Pick<ContextApi, "refresh">;
/** The mcp plugin's `tools` (typed here: a type import of it would make the plugin a dependency of this one). */
interface McpPeer {
  tools?(session: AgentSession): ReadonlyMap<string, AnyTool> | undefined;
}

/**
 * The plugin's side in the main agent (seed § 20.1–20.3b, § 20.5): the definitions read once per session being
 * built ("Agents loaded:"), the Agent tool and the system prompt's list when there is at least one, `&`, `/agents`
 * and `/createAgent`. Returns how to read a session's agents.
 */
export function installMainSide(context: PluginContext, name: string, options: MainSideOptions): (setup: SessionSetup) => Promise<AgentDefinition[]> {
  const { runtime } = context;
  // Said once per run, not at each session built (/clear, /new): an agent's missing tools, its model alias…
  const warnOnce = createWarnOnce((message) => context.log.warn(message));
  const loads = new WeakMap<SessionSetup, Promise<AgentsLoadResult>>();
  const load = (setup: SessionSetup): Promise<AgentsLoadResult> => {
    let pending = loads.get(setup);
    if (!pending) {
      // The enabled Claude Code plugins' agents (`plugin:agent`), when the claude-plugins plugin is on.
      const contributed = contributedSources(context.plugins)?.folders("agents") ?? [];
      pending = loadAgents(setup.cwd, setup.homeDir, agentSources(setup.cwd, setup.homeDir, contributed)).then((result) => {
        for (const warning of result.warnings) warnOnce(warning);
        // A rule only the permissions plugin can judge (`WebFetch(example.com)`) is reported now, not at run time.
        const permissions = context.plugins.get<RulesChecker>("permissions")?.api;
        for (const agent of result.agents) {
          for (const warning of permissions?.checkRules(agent.file, agent.permissions) ?? []) context.log.warn(warning);
        }
        if (result.agents.length > 0) {
          const list = result.agents.map((agent) => `  ${agent.name} (${agentSourceLabel(agent)})`).join("\n");
          context.log.info(t("agentsLoaded", { list }));
        }
        return result;
      });
      loads.set(setup, pending);
    }
    return pending;
  };
  const agentsOf = async (session: AgentSession) => (await load(session.setup)).agents;

  // LiteLLM's list, fetched once and only when a definition names a model (seed § 20.2).
  let models: Promise<string[]> | undefined;
  const environment: DelegateEnvironment = {
    program: options.program,
    ...(options.execArgv ? { execArgv: options.execArgv } : {}),
    allowRules: runtime.allowRules,
    async models() {
      const litellm = context.plugins.get<LiteLLMPeer>("litellm")?.api;
      if (!litellm) return { error: "litellm plugin disabled" };
      models ??= litellm.listModels();
      try {
        return { models: await models };
      } catch (error) {
        models = undefined;
        return { error: errorMessage(error) };
      }
    },
    sessionName: (session) => context.plugins.get<SessionsPeer>("sessions")?.api?.nameOf(session) ?? fallbackSessionName(),
    // The parent's MCP tools, those deferred behind ToolSearch included: the definition's `tools` list selects.
    mcpTools: (session) => context.plugins.get<McpPeer>("mcp")?.api?.tools?.(session),
  };
  let runs = 0;
  const run = async (
    agent: AgentDefinition,
    task: string,
    session: AgentSession,
    port: Pick<CommandContext, "interaction" | "signal">,
    report: { info(message: string): void; warn(message: string): void },
  ): Promise<DelegateOutcome> => {
    runs += 1;
    const id = runs;
    options.notify({ type: "subagent_start", run: id, session, agent: agent.name, label: t("working", { name: agent.name }) });
    let ok = false;
    try {
      const outcome = await delegate({ agent, task, session, interaction: port.interaction, signal: port.signal, report }, environment);
      ok = outcome.ok;
      return outcome;
    } finally {
      options.notify({ type: "subagent_end", run: id, session, agent: agent.name, ok });
    }
  };

  // A tool only gets the session's state: this finds the session (events, interaction) the call belongs to.
  const sessions = new WeakMap<Map<string, unknown>, AgentSession>();
  context.hooks.sessionStart.tap(name, (session) => {
    sessions.set(session.state, session);
  });
  context.hooks.tools.tapPromise(name, async (tools, setup) => {
    const { agents } = await load(setup);
    if (agents.length === 0) return tools;
    const tool = createAgentTool(agents, async (agent, task, toolContext) => {
      const session = sessions.get(toolContext.state);
      if (!session) throw new Error(`no session for the Agent tool (${agent.name})`);
      const signal = toolContext.signal ?? new AbortController().signal;
      const report = {
        info: (message: string) => session.events.emit({ type: "info", message }),
        warn: (message: string) => session.events.emit({ type: "warning", message }),
      };
      const outcome = await run(agent, task, session, { interaction: session.interaction, signal }, report);
      // Ctrl+C: the loop rolls the turn back; the sub-agent is stopped and its trace written by now.
      if (outcome.aborted && signal.aborted) throw abortError();
      return outcome.ok ? outcome.text : { content: outcome.text, isError: true };
    });
    return [...tools, tool];
  });
  context.hooks.systemPrompt.tapPromise(name, async (sections, setup) => {
    const { agents } = await load(setup);
    if (agents.length === 0) return sections;
    const list = agents.map((agent) => `- ${agent.name}: ${oneLine(agent.description)}`).join("\n");
    return [...sections, { id: "subagents:list", order: PROMPT_ORDER.TOOLS, text: t("promptSection", { list }) }];
  });
  context.prefixes.register(
    createAgentPrefix({
      agentsOf,
      run: (agent, task, command) => run(agent, task, command.session, command, command.output),
      recount: (session) => context.plugins.get<ContextPeer>("context")?.api?.refresh(session),
    }),
  );
  context.commands.register(agentsCommand(agentsOf));
  context.commands.register(createAgentCommand(runtime));
  return async (setup) => (await load(setup)).agents;
}

function abortError(): Error {
  const error = new Error("aborted");
  error.name = "AbortError";
  return error;
}

/** A session name like the sessions plugin's default, for the trace when that plugin is off. */
function fallbackSessionName(date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `session_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}_${pad(date.getHours())}_${pad(date.getMinutes())}_${pad(date.getSeconds())}`;
}
