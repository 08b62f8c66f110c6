import { useMemo, useState } from "react";
import type { AgentState, Conversation, ToolCall } from "../../../src/protocol.ts";
import { call } from "../api.ts";
import { useT } from "../i18n/locale-context.ts";

/** An agent whose process runs: only then can commands it started in the background still run. */
const RUNNING: ReadonlySet<AgentState> = new Set(["ready", "busy"]);

/**
 * The commands MAIA runs in the background for the thread on screen (Bash with run_in_background, issue 39): the
 * tool calls it marks `background.running`, each with a Stop button (`ChatService.StopBackground`). Nothing is shown
 * when none runs or the agent's process is not running (they die with it).
 */
export function BackgroundBar({ agent, state, conversation }: { agent: string; state: AgentState; conversation: Conversation | undefined }) {
  const t = useT();
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const running = useMemo(() => {
    const calls: ToolCall[] = [];
    for (const message of conversation?.messages ?? []) {
      for (const part of message.parts) if (part.kind === "tool" && part.toolCall.background?.running) calls.push(part.toolCall);
    }
    return calls;
  }, [conversation?.messages]);
  if (!RUNNING.has(state) || running.length === 0) return null;
  return (
    <section className="background-bar" aria-label={t("background.label")} data-testid="background-bar">
      <span className="background-bar-label">{t("background.label")}</span>
      <ul>
        {running.map((toolCall) => {
          const id = toolCall.background?.id ?? "";
          return (
            <li key={toolCall.id} data-testid="background-command" data-shell-id={id}>
              <code className="background-id">{id}</code>
              <span className="background-title">{toolCall.title}</span>
              <button
                type="button"
                className="button button-danger-outline"
                aria-label={t("background.stopLabel", { id, title: toolCall.title })}
                onClick={() => {
                  setFailure(undefined);
                  void call("ChatService", "StopBackground", agent, toolCall.id).catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
                }}
              >
                {t("background.stop")}
              </button>
            </li>
          );
        })}
      </ul>
      {failure ? (
        <p className="notice notice-danger" role="alert">
          {t("background.stopFailed")} {failure}
        </p>
      ) : null}
    </section>
  );
}
