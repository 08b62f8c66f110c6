import type { AgentSession, CommandContext, InputPrefix } from "@maia/kernel";
import type { AgentDefinition } from "./agent-definition.ts";
import { parseAgentInvocation } from "./agent-invocation.ts";
import { findAgent, oneLine } from "./agent-tool.ts";
import type { DelegateOutcome } from "./delegate.ts";
import { t } from "./messages.ts";

export interface AgentPrefixOptions {
  agentsOf(session: AgentSession): Promise<readonly AgentDefinition[]>;
  run(agent: AgentDefinition, task: string, context: CommandContext): Promise<DelegateOutcome>;
  /** Recounts the context once the summary joined the pending context (the context plugin, when present). */
  recount(session: AgentSession): void;
}

/**
 * `&` (seed § 20.3b): the user starts a sub-agent directly — no Agent tool, so no tool confirmation. The summary
 * is shown and joins the pending context, sent with the next request as `!` output is. Ctrl+C interrupts it
 * (the command's signal). After `!` and `§`, before `/`.
 */
export function createAgentPrefix(options: AgentPrefixOptions): InputPrefix {
  return {
    prefix: "&",
    order: 30,
    description: t("prefixDescription"),
    async run(context) {
      const agents = await options.agentsOf(context.session);
      const invocation = parseAgentInvocation(context.input);
      if (invocation.kind === "none") return;
      if (invocation.kind === "list") {
        if (agents.length === 0) context.output.info(t("noAgents"));
        else context.output.info(t("list", { list: agents.map((agent) => `  &${agent.name} — ${oneLine(agent.description)}`).join("\n") }));
        return;
      }
      const agent = findAgent(agents, invocation.name);
      if (!agent) {
        const list = agents.map((entry) => entry.name).join(", ");
        context.output.error(agents.length === 0 ? t("unknownAgentNone", { name: invocation.name }) : t("unknownAgent", { name: invocation.name, list }));
        return;
      }
      const task = invocation.task === "" ? t("defaultTask") : invocation.task;
      const outcome = await options.run(agent, task, context);
      if (!outcome.ok) {
        // The warning is already shown; what the child printed before failing helps to understand why.
        const tail = outcome.result.failure?.stderrTail ?? "";
        if (!outcome.aborted && tail !== "") context.output.error(t("stderrTail", { tail }).trim());
        return;
      }
      context.output.text(outcome.summary);
      context.session.pendingContext.push(t("pendingBlock", { name: agent.name, task: oneLine(task), summary: outcome.summary }));
      options.recount(context.session);
    },
  };
}
