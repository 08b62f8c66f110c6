import type { AgentState } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";

export function StateBadge({ name, state }: { name: string; state: AgentState }) {
  const t = useT();
  return (
    <span className={`badge state state-${state}`} data-testid={`state-${name}`} data-state={state}>
      <span className="state-dot" aria-hidden="true" />
      {t(`state.${state}`)}
    </span>
  );
}

export function OutdatedBadge({ name }: { name: string }) {
  const t = useT();
  return (
    <span className="badge outdated" data-testid={`outdated-${name}`} title={t("agent.outdatedHint")}>
      {t("agent.outdated")}
    </span>
  );
}
