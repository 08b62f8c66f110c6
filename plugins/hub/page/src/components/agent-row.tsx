import { useState } from "react";
import type { AgentInfo } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { useT } from "../i18n/locale-context.ts";
import { AgentActions, type AgentAction } from "./agent-actions.tsx";
import { AgentIcon } from "./agent-icon.tsx";
import { LogsDrawer } from "./logs-drawer.tsx";
import { OutdatedBadge, StateBadge } from "./state-badge.tsx";

const METHOD = { start: "Start", stop: "Stop", restart: "Restart" } as const;

/** Clicks on the row's own controls (buttons, the logs) do not also open the conversation. */
function onControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest("button, a, select, input, textarea, pre, .logs-drawer") !== null;
}

export function AgentRow({
  agent,
  waiting,
  selected,
  onSelect,
}: {
  agent: AgentInfo;
  /** Something of this agent waits on the user (a permission, an answer not read). */
  waiting: boolean;
  selected: boolean;
  onSelect: (name: string) => void;
}) {
  const t = useT();
  const [pending, setPending] = useState<AgentAction | undefined>(undefined);
  const [failure, setFailure] = useState<{ action: AgentAction; message: string } | undefined>(undefined);
  const [logsOpen, setLogsOpen] = useState(false);
  const title = agent.title || agent.name;
  // A start that failed because the agent went to `error` says the same as the error text: show it once.
  const firstLine = (text: string): string => text.trim().split("\n")[0] ?? "";
  const showFailure =
    failure !== undefined && !(agent.state === "error" && firstLine(agent.error) === firstLine(failure.message));
  const logsId = `logs-drawer-${agent.name}`;

  const run = async (action: AgentAction): Promise<void> => {
    setPending(action);
    setFailure(undefined);
    try {
      // Stop and Restart answer once the stop sequence is over (up to 8 s): the row says so meanwhile.
      await call("AgentService", METHOD[action], agent.name);
    } catch (error) {
      setFailure({ action, message: errorMessage(error) });
    } finally {
      setPending(undefined);
    }
  };

  return (
    <li
      className={`agent-row state-${agent.state}${selected ? " is-selected" : ""}${waiting ? " is-waiting" : ""}`}
      data-testid={`agent-${agent.name}`}
      data-selected={selected}
      data-waiting={waiting}
      aria-busy={pending !== undefined}
      onClick={(event) => {
        if (!onControl(event.target)) onSelect(agent.name);
      }}
    >
      <div className="agent-main">
        <AgentIcon name={agent.name} icon={agent.icon} title={title} />
        <div className="agent-text">
          <div className="agent-title-line">
            <h3 className="agent-title">
              {/* The keyboard's way to the conversation; the whole row answers a click too. */}
              <button
                type="button"
                className="agent-open"
                data-testid={`open-chat-${agent.name}`}
                aria-current={selected ? "true" : undefined}
                aria-label={t("chat.open", { title })}
                onClick={() => onSelect(agent.name)}
              >
                {title}
              </button>
            </h3>
            <StateBadge name={agent.name} state={agent.state} />
            {agent.outdated ? <OutdatedBadge name={agent.name} /> : null}
            {waiting ? (
              <span className="badge badge-waiting" data-testid={`waiting-${agent.name}`}>
                {t("waiting.badge")}
              </span>
            ) : null}
            {pending ? <span className="pending">{t(`agent.pending.${pending}`)}</span> : null}
          </div>
          {agent.description ? <p className="agent-description">{agent.description}</p> : null}
        </div>
        <div className="agent-controls">
          <AgentActions agent={agent} pending={pending} onAction={(action) => void run(action)} />
          <button
            type="button"
            className="text-button logs-toggle"
            data-testid={`logs-toggle-${agent.name}`}
            aria-expanded={logsOpen}
            aria-controls={logsId}
            aria-label={t("logs.label", { title })}
            onClick={() => setLogsOpen((open) => !open)}
          >
            <span className="chevron" aria-hidden="true" />
            {t("logs.show")}
          </button>
        </div>
      </div>
      {agent.state === "error" && agent.error ? (
        // The error holds the agent's stderr lines: text only, pre-wrapped.
        <pre className="agent-error" data-testid={`error-${agent.name}`} aria-label={t("agent.errorLabel", { title })}>
          {agent.error}
        </pre>
      ) : null}
      {failure && showFailure ? (
        <div className="action-error" role="alert" data-testid={`action-error-${agent.name}`}>
          <span>
            {t("agent.failed", { title, action: t(`agent.action.${failure.action}`) })} {failure.message}
          </span>
          <button type="button" className="icon-button small" aria-label={t("dismiss")} onClick={() => setFailure(undefined)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
      {logsOpen ? <LogsDrawer name={agent.name} title={title} id={logsId} /> : null}
    </li>
  );
}
