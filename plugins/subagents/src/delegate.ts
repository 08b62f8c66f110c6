import { errorMessage, type AgentSession, type AnyTool, type InteractionPort } from "@maia/kernel";
import { ledgerFolder } from "@maia/util";
import { mcpToolsFor, runParentTool } from "./mcp-offer.ts";
import type { AgentDefinition } from "./agent-definition.ts";
import { launchSubAgent, SUBAGENT_TIMEOUT_MS, type LaunchOptions, type LaunchResult } from "./launcher.ts";
import { t } from "./messages.ts";
import { chooseSubAgentModel } from "./model-choice.ts";
import { writeTrace } from "./trace.ts";

/** Where the parent's side gets what it needs; every piece may be missing (a plugin disabled). */
export interface DelegateEnvironment {
  /** The program to fork and its Node options (tests point these at another entry). */
  program: string;
  execArgv?: string[];
  /** LiteLLM's model list, fetched once and only when a definition names a model; undefined when unreadable. */
  models(): Promise<{ models?: string[]; error?: string }>;
  /** The run's `--allow` rules: the child inherits them (it reads the settings files itself). */
  allowRules: readonly string[];
  /** The parent session's name, for the trace's name. */
  sessionName(session: AgentSession): string;
  /** Every MCP tool of the session, deferred ones included (the mcp plugin's API); undefined: `session.tools`. */
  mcpTools?(session: AgentSession): ReadonlyMap<string, AnyTool> | undefined;
  timeoutMs?: number;
  killDelayMs?: number;
}

export interface DelegateRequest {
  agent: AgentDefinition;
  task: string;
  session: AgentSession;
  interaction: InteractionPort;
  signal: AbortSignal;
  report: { info(message: string): void; warn(message: string): void };
}

export interface DelegateOutcome {
  ok: boolean;
  /** For the model (the Agent tool's result) or the user (`&`). */
  text: string;
  summary: string;
  aborted: boolean;
  result: LaunchResult;
}

/**
 * One sub-agent from the main agent's side (seed § 20.2–20.5): the model resolved here, the process launched, its
 * questions asked as « [sub-agent x] … », then the INFO line or the warning, and the trace when the definition
 * asks for one (even after a failure, when there are messages).
 */
export async function delegate(request: DelegateRequest, environment: DelegateEnvironment): Promise<DelegateOutcome> {
  const { agent, session, interaction, report } = request;
  const model = await resolveModel(agent, session.setup.model, environment, report);
  const startedAt = new Date();
  const launch: LaunchOptions = {
    spec: {
      agent,
      task: request.task,
      cwd: session.cwd,
      model,
      allowRules: [...environment.allowRules],
      canAsk: interaction.canAsk,
      mcpTools: mcpToolsFor(session, agent.tools, agent.disallowedTools, environment.mcpTools?.(session) ?? session.tools),
    },
    program: environment.program,
    ...(environment.execArgv ? { execArgv: environment.execArgv } : {}),
    env: session.setup.env,
    signal: request.signal,
    confirm: (question, signal) =>
      interaction.canAsk ? interaction.confirm(t("confirmQuestion", { name: agent.name, question }), signal) : Promise.resolve(false),
    onLog: (level, message) => {
      const line = t("childLog", { name: agent.name, message });
      if (level === "info") report.info(line);
      else report.warn(line);
    },
    callMcp: (name, input, signal) => runParentTool(session, name, input, signal, report.warn, environment.mcpTools?.(session) ?? session.tools),
    ...(environment.timeoutMs === undefined ? {} : { timeoutMs: environment.timeoutMs }),
    ...(environment.killDelayMs === undefined ? {} : { killDelayMs: environment.killDelayMs }),
    ledgerFolder: ledgerFolder(session.setup.homeDir),
  };
  const result = await launchSubAgent(launch);

  let trace: string | undefined;
  if (agent.trace && result.messages.length > 0) {
    try {
      trace = await writeTrace({
        cwd: session.cwd,
        parentSession: environment.sessionName(session),
        agent: agent.name,
        model,
        messages: result.messages,
        startedAt,
        endedAt: new Date(),
      });
    } catch (error) {
      report.warn(t("traceFailed", { name: agent.name, reason: errorMessage(error) }));
    }
  }
  const traceText = trace === undefined ? "" : t("traceSaved", { name: trace });

  if (result.ok) {
    const seconds = (Math.round(result.durationMs / 100) / 10).toString();
    report.info(`${t("finished", { name: agent.name, seconds, calls: t("toolCalls", { count: result.toolCalls }) })}${traceText}`);
    return { ok: true, text: t("summaryResult", { name: agent.name, summary: result.summary }), summary: result.summary, aborted: false, result };
  }
  const failure = result.failure ?? { kind: "crashed" as const, detail: "", stderrTail: "" };
  if (failure.kind === "aborted") {
    report.warn(`${t("interrupted", { name: agent.name })}${traceText}`);
    return { ok: false, text: t("interrupted", { name: agent.name }), summary: "", aborted: true, result };
  }
  const reason = describeFailure(failure);
  report.warn(`${t("failedWarning", { name: agent.name, reason })}${traceText}`);
  const stderr = failure.stderrTail === "" ? "" : t("stderrTail", { tail: failure.stderrTail });
  return { ok: false, text: t("failedResult", { name: agent.name, reason, stderr }), summary: "", aborted: false, result };
}

function describeFailure(failure: NonNullable<LaunchResult["failure"]>): string {
  switch (failure.kind) {
    case "crashed": {
      const exit = failure.exit;
      const detail = exit?.signal ? t("exitSignal", { signal: exit.signal }) : t("exitCode", { code: exit?.code ?? "?" });
      return t("failure-crashed", { detail });
    }
    case "timeout":
      return t("failure-timeout", { minutes: Math.round(SUBAGENT_TIMEOUT_MS / 60_000) });
    default:
      return t(`failure-${failure.kind}`, { detail: failure.detail });
  }
}

/** Seed § 20.2: the definition's model looked up in LiteLLM's list (once, on demand), else the parent's. */
async function resolveModel(
  agent: AgentDefinition,
  parentModel: string,
  environment: DelegateEnvironment,
  report: DelegateRequest["report"],
): Promise<string> {
  if (agent.model === undefined) return parentModel;
  const list = await environment.models();
  const choice = chooseSubAgentModel(agent.model, list.models, parentModel);
  if (choice.via === "exact" || choice.via === "fragment") return `litellm:${choice.model}`;
  if (choice.via === "fallback") {
    report.warn(
      choice.reason === "no_list"
        ? t("modelListFailed", { name: agent.name, reason: list.error ?? "?", parent: parentModel })
        : t("modelNotFound", { name: agent.name, model: agent.model, parent: parentModel }),
    );
  }
  return choice.model;
}
