import { Box, Text } from "ink";
import type { ConfirmDetailView } from "../confirm-detail.ts";
import { diffSummary } from "../../diff/file-diff.ts";
import { t } from "../messages.ts";
import { sanitize } from "../terminal-text.ts";
import { DiffView } from "./diff-view.tsx";

/**
 * Above a tool confirmation: what the call changes (the diff of an Edit or Write, folded past `maxRows` with
 * `d` to write it whole to the log) or runs (a Bash command in full, wrapped), and why it asks (the parts no
 * rule covers), so that the user knows what a "yes" allows.
 */
export function ConfirmDetail({ detail, always, maxRows }: { detail: ConfirmDetailView; always: readonly string[] | undefined; maxRows: number }) {
  const { diff, command, uncovered } = detail;
  return (
    <Box flexDirection="column">
      {diff ? (
        <>
          <Text bold>{diff.created ? t("diffNewFile", { summary: diffSummary(diff) }) : diffSummary(diff)}</Text>
          <DiffView diff={diff} maxRows={maxRows} {...(detail.expanded ? {} : { foldHint: t("diffExpandKey") })} />
        </>
      ) : null}
      {command !== undefined ? (
        <Box flexDirection="column">
          <Text color="gray">{t("confirmCommand")}</Text>
          <Box marginLeft={2}>
            <Text wrap="wrap">{sanitize(command)}</Text>
          </Box>
        </Box>
      ) : null}
      {uncovered.length > 0 ? (
        <Box flexDirection="column">
          <Text color="gray">{t("confirmUncovered")}</Text>
          {uncovered.map((part, index) => (
            <Box key={index} marginLeft={2}>
              <Text color="yellow" wrap="wrap">
                • {sanitize(part)}
              </Text>
            </Box>
          ))}
        </Box>
      ) : null}
      {always && always.length > 0 ? (
        <Box flexDirection="column">
          <Text color="cyan" wrap="wrap">
            {t("alwaysSession", { rules: always.join(", ") })}
          </Text>
          <Text color="cyan" wrap="wrap">
            {t("alwaysProject", { rules: always.join(", ") })}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
