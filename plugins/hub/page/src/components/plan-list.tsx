import { memo } from "react";
import type { PlanEntry } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";

const MARK = { pending: "", in_progress: "•", completed: "✓" } as const;

/** The agent's plan as a checklist: done entries ticked, the one in progress marked. */
export const PlanList = memo(function PlanList({ entries }: { entries: PlanEntry[] }) {
  const t = useT();
  const done = entries.filter((entry) => entry.status === "completed").length;
  return (
    <section className="plan" data-testid="plan">
      <header className="plan-header">
        <span className="plan-heading">{t("plan.heading")}</span>
        <span className="muted">{t("plan.progress", { done, total: entries.length })}</span>
      </header>
      <ul className="plan-list">
        {entries.map((entry, index) => (
          <li key={index} className={`plan-entry plan-${entry.status} priority-${entry.priority}`} data-status={entry.status}>
            <span className="plan-check" role="img" aria-label={t(`plan.status.${entry.status}`)}>
              {MARK[entry.status]}
            </span>
            <span className="plan-content">{entry.content}</span>
            {entry.priority === "high" ? <span className="badge plan-priority">{t("plan.priority.high")}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
});
