import { useLayoutEffect, useRef } from "react";
import { useAgentLogs } from "../hooks/use-agent-logs.ts";
import { useT } from "../i18n/locale-context.ts";

/** How close to the bottom (px) still counts as "following": the view then sticks to new lines. */
const STICK_DISTANCE = 24;

export function LogsDrawer({ name, title, id }: { name: string; title: string; id: string }) {
  const t = useT();
  const { lines, loading, error } = useAgentLogs(name, true);
  const box = useRef<HTMLPreElement>(null);
  const following = useRef(true);

  useLayoutEffect(() => {
    const element = box.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [lines]);

  return (
    <div className="logs-drawer" id={id}>
      <div className="logs-meta" aria-live="polite">
        {loading ? t("loading") : error ? <span className="text-danger">{error}</span> : t("logs.count", { count: lines.length })}
      </div>
      {/* Agent output is untrusted: React renders it as text, never as markup. */}
      <pre
        ref={box}
        className="logs"
        data-testid={`logs-${name}`}
        tabIndex={0}
        role="log"
        aria-label={t("logs.label", { title })}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_DISTANCE;
        }}
      >
        {lines.length === 0 && !loading ? <span className="logs-empty">{t("logs.empty")}</span> : lines.join("\n")}
      </pre>
    </div>
  );
}
