import type { WaitingEntry } from "../../../src/protocol.ts";
import type { NotifyPermission } from "../hooks/use-notifications.ts";
import { waitingAgents } from "../hooks/use-waiting.ts";
import { useT } from "../i18n/locale-context.ts";
import { BellIcon } from "./icons.tsx";

/**
 * The header's count of agents waiting on the user (a click opens the first thing that waits), and the switch
 * that asks the browser for notifications.
 */
export function WaitingIndicator({
  waiting,
  permission,
  onAsk,
  onOpen,
}: {
  waiting: readonly WaitingEntry[];
  permission: NotifyPermission;
  onAsk: () => void;
  onOpen: (entry: WaitingEntry) => void;
}) {
  const t = useT();
  const count = waitingAgents(waiting).size;
  const first = waiting[0];
  return (
    <span className="waiting-indicator">
      <button
        type="button"
        className={`waiting-count${count > 0 ? " is-waiting" : ""}`}
        data-testid="waiting-count"
        data-count={count}
        disabled={!first}
        title={count > 0 ? t("waiting.count", { count }) : t("waiting.none")}
        aria-label={count > 0 ? t("waiting.count", { count }) : t("waiting.none")}
        onClick={() => first && onOpen(first)}
      >
        <BellIcon />
        <span className="waiting-number">{count}</span>
      </button>
      {permission === "default" ? (
        <button type="button" className="text-button notify-toggle" data-testid="notify-enable" title={t("notify.enableHint")} onClick={onAsk}>
          {t("notify.enable")}
        </button>
      ) : permission === "denied" ? (
        <span className="muted notify-state" title={t("notify.blocked")}>
          {t("notify.blocked")}
        </span>
      ) : null}
    </span>
  );
}
