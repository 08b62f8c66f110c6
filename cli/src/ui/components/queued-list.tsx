import { Text } from "ink";
import { t } from "../messages.ts";
import { sanitize } from "../terminal-text.ts";

/** Queued requests shown at most: a longer queue says how many more (each is still sent). */
const SHOWN = 5;

/**
 * The requests typed during a turn, under the log, dimmed, oldest first: each is sent as its own turn once the
 * running one ends. The last line says how to take one back (↑) or drop it (Esc).
 */
export function QueuedList({ queued, width }: { queued: readonly string[]; width: number }) {
  if (queued.length === 0) return null;
  const hidden = Math.max(0, queued.length - SHOWN);
  return (
    <>
      {hidden > 0 ? <Text color="gray">{t("queuedMore", { count: hidden })}</Text> : null}
      {queued.slice(hidden).map((text, index) => (
        <Text key={hidden + index} color="gray" dimColor wrap="truncate">
          {t("queued", { text: sanitize(text.replace(/\s*\n\s*/g, " ")).slice(0, Math.max(10, width * 2)) })}
        </Text>
      ))}
      <Text color="gray" dimColor wrap="truncate">
        {t("queuedKeys")}
      </Text>
    </>
  );
}
