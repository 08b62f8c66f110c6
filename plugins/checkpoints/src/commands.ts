import type { AgentSession, CommandContext, SlashCommand } from "@maia/kernel";
import type { CheckpointStore } from "./checkpoint-store.ts";
import { t } from "./messages.ts";
import { filesSummary, turnsOf } from "./session-turns.ts";
import { takeBack, type RestoreScope } from "./undo-flow.ts";

export interface CommandDeps {
  store: () => Promise<CheckpointStore>;
  nameOf(session: AgentSession): string;
  conversationChanged(session: AgentSession): Promise<void>;
  /** Waits for the end of a turn still being recorded, so that /undo sees it. */
  settled(): Promise<void>;
}

async function sessionTurns(context: CommandContext, deps: CommandDeps) {
  await deps.settled();
  const store = await deps.store();
  const log = await store.read();
  for (const problem of log.problems) context.output.warn(t("logProblem", { file: store.logFile, line: problem.line, reason: problem.reason }));
  return { store, turns: turnsOf(log, context.session.messages, deps.nameOf(context.session)) };
}

function flowDeps(context: CommandContext, deps: CommandDeps, store: CheckpointStore) {
  return {
    store,
    interaction: context.interaction,
    info: (message: string) => context.output.info(message),
    conversationChanged: () => deps.conversationChanged(context.session),
  };
}

export function undoCommand(deps: CommandDeps): SlashCommand {
  return {
    name: "undo",
    description: t("undoDescription"),
    async run(context) {
      const { store, turns } = await sessionTurns(context, deps);
      const last = turns.at(-1);
      if (!last) {
        context.output.info(t("noTurns"));
        return;
      }
      await takeBack(context.session, [last], "both", flowDeps(context, deps, store));
    },
  };
}

export function rewindCommand(deps: CommandDeps): SlashCommand {
  return {
    name: "rewind",
    description: t("rewindDescription"),
    async run(context) {
      const { store, turns } = await sessionTurns(context, deps);
      if (turns.length === 0) {
        context.output.info(t("noTurns"));
        return;
      }
      const select = context.interaction.select?.bind(context.interaction);
      if (!select) {
        context.output.info(t("rewindNeedsTerminal"));
        return;
      }
      const options = [...turns].reverse().map((turn) => ({
        label: turn.prompt.split("\n")[0] || t("emptyPrompt"),
        value: turn.id,
        hint: [new Date(turn.at).toLocaleString(), turn.files.length > 0 ? filesSummary(turn) : t("noFiles")].join(" · "),
      }));
      const chosenId = await select(t("rewindTitle"), options, context.signal);
      const index = turns.findIndex((turn) => turn.id === chosenId);
      const chosen = turns[index];
      if (!chosen) return;
      const scopes: Array<{ label: string; value: RestoreScope }> = [];
      const hasFiles = turns.slice(index).some((turn) => turn.files.length > 0 && !turn.filesUndone);
      if (hasFiles && chosen.conversation) scopes.push({ label: t("scopeBoth"), value: "both" });
      if (hasFiles) scopes.push({ label: t("scopeFiles"), value: "files" });
      if (chosen.conversation) scopes.push({ label: t("scopeConversation"), value: "conversation" });
      const scope = scopes.length === 1 ? scopes[0]?.value : await select(t("scopeTitle"), scopes, context.signal);
      if (!scope) return;
      await takeBack(context.session, turns.slice(index), scope, flowDeps(context, deps, store));
    },
  };
}
