import type { InteractionPort, Message } from "@maia/kernel";
import type { CheckpointStore } from "./checkpoint-store.ts";
import { cutAt } from "./conversation-mark.ts";
import { t } from "./messages.ts";
import { applyFiles, planFiles, type LoggedTurn, type RestoreStep } from "./restore-files.ts";

export type RestoreScope = "both" | "files" | "conversation";

export interface UndoDeps {
  store: CheckpointStore;
  interaction: InteractionPort;
  info(message: string): void;
  /** After the conversation was cut: recount and save it. */
  conversationChanged(): Promise<void>;
}

export function stepLine(step: RestoreStep): string {
  return `  ${t(step.action === "remove" ? "stepRemove" : step.action === "recreate" ? "stepRecreate" : "stepRestore", { path: step.path })}`;
}

/**
 * Takes back `taken` (this conversation's turns from the chosen one on, oldest first): lists the files it will
 * change and asks; names the files changed outside MAIA since and asks again for those; then restores the files
 * and cuts the conversation back to where the first of those turns began.
 */
export async function takeBack(conversation: { messages: Message[] }, taken: readonly LoggedTurn[], scope: RestoreScope, deps: UndoDeps): Promise<boolean> {
  const first = taken[0];
  if (!first) return false;
  const files = scope === "conversation" ? undefined : await planFiles(deps.store, taken);
  const cutsConversation = scope !== "files" && first.conversation !== undefined;
  const safe = files?.steps.filter((step) => !step.changedSince) ?? [];
  const changedSince = files?.steps.filter((step) => step.changedSince) ?? [];
  if (safe.length === 0 && changedSince.length === 0 && !cutsConversation) {
    deps.info(t("nothingToUndo"));
    return false;
  }
  const lines = [t(taken.length === 1 ? "confirmOne" : "confirmMany", { prompt: first.prompt, count: taken.length })];
  if (safe.length > 0) lines.push(t("filesHeading"), ...safe.map(stepLine));
  if (cutsConversation) lines.push(t("conversationLine"));
  if (safe.length > 0 || cutsConversation) {
    if (!(await deps.interaction.confirm(lines.join("\n")))) {
      deps.info(t("cancelled"));
      return false;
    }
  }
  let includeChanged = false;
  if (changedSince.length > 0) {
    const question = [t("changedSinceHeading"), ...changedSince.map(stepLine), t("changedSinceQuestion")].join("\n");
    includeChanged = await deps.interaction.confirm(question);
  }
  if (safe.length === 0 && !includeChanged && !cutsConversation) {
    deps.info(t("cancelled"));
    return false;
  }
  const done = files ? await applyFiles(deps.store, files, includeChanged) : [];
  if (cutsConversation && first.conversation) {
    const kept = cutAt(conversation.messages, first.conversation);
    conversation.messages.splice(0, conversation.messages.length, ...kept);
    await deps.conversationChanged();
  }
  const now = new Date().toISOString();
  for (const turn of taken) {
    await deps.store.append({ type: "undone", id: turn.id, at: now, files: files !== undefined, conversation: cutsConversation });
  }
  const skipped = includeChanged ? 0 : changedSince.length;
  deps.info(
    [
      ...(files ? [t("undoneFiles", { count: done.length })] : []),
      ...(skipped > 0 ? [t("undoneSkipped", { count: skipped })] : []),
      ...(cutsConversation ? [t("undoneConversation")] : []),
    ].join(" "),
  );
  return true;
}
