import type { AgentInfo } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";
import { AgentRow } from "./agent-row.tsx";

const RUNNING = new Set(["starting", "ready", "busy"]);

/**
 * The agents, in configuration order: the left column of the agents view. A click on an agent opens its
 * conversation in the column beside it.
 */
export function AgentsPanel({
  agents,
  error,
  selected,
  onSelect,
}: {
  agents: AgentInfo[] | undefined;
  error: string;
  selected: string | undefined;
  onSelect: (name: string) => void;
}) {
  const t = useT();
  const running = agents?.filter((agent) => RUNNING.has(agent.state)).length ?? 0;

  return (
    <section className="panel agents-panel" aria-labelledby="agents-heading" data-testid="agents-panel">
      <header className="panel-header">
        <h2 id="agents-heading">{t("agents.heading")}</h2>
        {agents ? <span className="muted">{t("agents.summary", { running, total: agents.length })}</span> : null}
      </header>
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
            <AgentRow key={agent.name} agent={agent} selected={agent.name === selected} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </section>
  );
}
