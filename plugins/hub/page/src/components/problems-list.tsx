import type { Problem } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";

/** The problems and warnings of the text in the editor; each one jumps to its place. */
export function ProblemsList({
  problems,
  warnings,
  checking,
  onGoTo,
}: {
  problems: readonly Problem[];
  warnings: readonly Problem[];
  checking: boolean;
  onGoTo: (problem: Problem) => void;
}) {
  const t = useT();
  const all = [...problems, ...warnings].sort((a, b) => a.line - b.line || a.column - b.column);
  return (
    <section className="problems" aria-labelledby="problems-heading">
      <h3 id="problems-heading" className="problems-heading">
        {t("problems.heading")}
        <span className="muted" aria-live="polite">
          {checking
            ? t("settings.checking")
            : all.length === 0
              ? t("problems.none")
              : t("problems.summary", { errors: problems.length, warnings: warnings.length })}
        </span>
      </h3>
      <ul className="problems-list" data-testid="problems-list">
        {all.map((problem, index) => (
          <li key={`${problem.line}:${problem.column}:${index}`}>
            <button
              type="button"
              className={`problem ${problem.warning ? "problem-warning" : "problem-error"}`}
              aria-label={t("problems.goTo", { line: problem.line, column: problem.column, message: problem.message })}
              onClick={() => onGoTo(problem)}
            >
              <span className="problem-severity">{t(problem.warning ? "problems.warning" : "problems.error")}</span>
              <span className="problem-message">{problem.message}</span>
              <span className="problem-at">{t("problems.at", { line: problem.line, column: problem.column })}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
