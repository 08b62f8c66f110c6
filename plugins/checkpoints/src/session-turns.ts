import type { Message } from "@maia/kernel";
import { belongsTo, prefixFingerprints } from "./conversation-mark.ts";
import { t } from "./messages.ts";
import type { LoggedTurn } from "./restore-files.ts";
import type { TurnLog } from "./turn-log.ts";

/**
 * The turns of one conversation still in force, oldest first: those recorded at a point its messages still
 * hold (so a reloaded or resumed session finds its own), and those rolled back from it (no trace in the
 * messages) that changed files, by session name.
 */
export function turnsOf(log: TurnLog, messages: readonly Message[], sessionName: string): LoggedTurn[] {
  const prefixes = prefixFingerprints(messages);
  return log.turns.filter((turn) => {
    if (turn.conversation) return !turn.conversationUndone && belongsTo(messages, prefixes, turn.conversation);
    return turn.session === sessionName && !turn.filesUndone;
  });
}

/** `a.txt +3 −1, b.txt +10, 2 more`: what a turn changed, for lists. */
export function filesSummary(turn: LoggedTurn, shown = 3): string {
  const parts = turn.files.slice(0, shown).map((file) => {
    const counts = [file.added ? `+${file.added}` : "", file.removed ? `−${file.removed}` : ""].filter(Boolean).join(" ");
    const mark = file.status === "A" ? ` ${t("fileNew")}` : file.status === "D" ? ` ${t("fileDeleted")}` : "";
    return `${file.path}${counts ? ` ${counts}` : ""}${mark}`;
  });
  const more = turn.files.length - shown;
  return more > 0 ? `${parts.join(", ")}, ${t("moreFiles", { count: more })}` : parts.join(", ");
}
