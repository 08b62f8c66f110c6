import { useEffect, useRef, useState } from "react";
import type { WaitingEntry } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";

export type NotifyPermission = "unsupported" | NotificationPermission;

const key = (entry: WaitingEntry): string => `${entry.agent}\n${entry.thread}\n${entry.reason}`;

/**
 * With the user's consent, a browser notification for each new thing that waits (a permission request, an answer
 * that ended) while the page is hidden; clicking it brings the page back on that thread.
 */
export function useNotifications(
  waiting: readonly WaitingEntry[],
  titleOf: (agent: string) => string,
  onOpen: (entry: WaitingEntry) => void,
): { permission: NotifyPermission; ask: () => void } {
  const t = useT();
  const supported = typeof Notification !== "undefined";
  const [permission, setPermission] = useState<NotifyPermission>(supported ? Notification.permission : "unsupported");
  const seen = useRef<Set<string> | undefined>(undefined);
  const latest = useRef({ titleOf, onOpen, t });
  latest.current = { titleOf, onOpen, t };

  useEffect(() => {
    const before = seen.current;
    seen.current = new Set(waiting.map(key));
    // The first list is what already waited when the page opened: nothing new to announce.
    if (!before || !supported || Notification.permission !== "granted" || document.visibilityState !== "hidden") return;
    for (const entry of waiting) {
      if (before.has(key(entry))) continue;
      const { titleOf: title, onOpen: open, t: translate } = latest.current;
      const name = title(entry.agent);
      const notification = new Notification(translate(entry.reason === "permission" ? "waiting.permission" : "waiting.unread", { title: name }), {
        body: entry.title,
        tag: key(entry),
      });
      notification.onclick = () => {
        window.focus();
        open(entry);
        notification.close();
      };
    }
  }, [waiting, supported]);

  const ask = (): void => {
    if (!supported) return;
    void Notification.requestPermission().then(setPermission);
  };
  return { permission, ask };
}
