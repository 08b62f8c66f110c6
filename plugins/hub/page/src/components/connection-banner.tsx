import type { ConnectionStatus } from "../events.ts";
import { useT } from "../i18n/locale-context.ts";

/** Says when the event stream is down, so nothing on the page passes for live when it is not. */
export function ConnectionBanner({ status }: { status: ConnectionStatus }) {
  const t = useT();
  const message = status === "lost" ? t("connection.lost") : status === "restarted" ? t("connection.restarted") : "";
  return (
    <div className={`connection-banner ${message ? `is-${status}` : "is-hidden"}`} role="status" data-testid="connection-banner">
      {message}
    </div>
  );
}
