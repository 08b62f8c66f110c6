import type { AgentInfo } from "../../../src/protocol.ts";
import { useState } from "react";
import { useT } from "../i18n/locale-context.ts";
import { AddAgentDialog } from "./add-agent-dialog.tsx";
import { AgentRow } from "./agent-row.tsx";

const RUNNING = new Set(["starting", "ready", "busy"]);

/**
 * The agents, in configuration order (never reordered: an agent that waits on the user is marked, not moved):
 * the left column of the agents view. A click on an agent opens its conversation in the column beside it.
 */
export function AgentsPanel({
  agents,
  error,
  waiting,
  selected,
  onSelect,
}: {
  agents: AgentInfo[] | undefined;
  error: string;
  /** The agents something waits on. */
  waiting: ReadonlySet<string>;
  selected: string | undefined;
  onSelect: (name: string) => void;
}) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const running = agents?.filter((agent) => RUNNING.has(agent.state)).length ?? 0;

  return (
    <section className="panel agents-panel" aria-labelledby="agents-heading" data-testid="agents-panel">
      <header className="panel-header">
        <h2 id="agents-heading">{t("agents.heading")}</h2>
        {agents ? <span className="muted">{t("agents.summary", { running, total: agents.length })}</span> : null}
        <button type="button" className="button small-button" data-testid="add-agent" onClick={() => setAdding(true)}>
          + {t("addAgent.button")}
        </button>
      </header>
      {adding ? <AddAgentDialog onClose={() => setAdding(false)} /> : null}
      {error ? (
        <p className="notice notice-danger" role="alert">
          {error}
        </p>
      ) : null}
      {agents === undefined ? (
        <p className="muted">{t("loading")}</p>
      ) : agents.length === 0 ? (
        <p className="muted">{t("agents.empty")}</p>
      ) : (
        <ul className="agent-list">
          {agents.map((agent) => (
            <AgentRow key={agent.name} agent={agent} waiting={waiting.has(agent.name)} selected={agent.name === selected} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </section>
  );
}
