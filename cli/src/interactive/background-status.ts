import type { Conversation } from "@maia/kernel";
import type { InkUI } from "../ui/ink-ui.ts";
import { t } from "./messages.ts";
import { peer, type BackgroundPeer } from "./peers.ts";

/**
 * The commands Bash runs in the background (issue 39), in the terminal: their count on the status line, the hint
 * and the key (Ctrl+B) that move the Bash call running now to the background, and a line in the log when one ends
 * by itself. Returns the function that stops following (nothing to do without the
 * builtin-tools plugin).
 */
export function followBackground(conversation: Conversation, ui: Pick<InkUI, "store" | "info">): () => void {
  const background = peer<{ background?: BackgroundPeer }>(conversation.kernel, "builtin-tools")?.background;
  if (!background) return () => undefined;
  const refresh = () => {
    const session = conversation.current;
    ui.store.setBackground({ running: background.runningCount(session), foreground: background.foregroundCount(session) });
  };
  ui.store.setBackgroundMover(() => void background.moveToBackground(conversation.current));
  const stop = background.onChange((change) => {
    refresh();
    // Ends the user or the model caused are said where they caused them (/bashes, KillShell's result).
    if (change.type !== "ended" || change.shell.end?.kind === "killed") return;
    // Only this conversation's: a sub-agent's or an old session's commands are not the user's business here.
    if (!background.list(conversation.current).some((shell) => shell.id === change.shell.id)) return;
    ui.info(t("backgroundEnded", { id: change.shell.id, command: oneLine(change.shell.command), how: change.shell.endText ?? "" }));
  });
  refresh();
  return () => {
    stop();
    ui.store.setBackgroundMover(undefined);
  };
}

function oneLine(command: string): string {
  const line = command.replace(/\s*\n\s*/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
