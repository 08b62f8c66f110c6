import { Box, Text } from "ink";
import { t } from "../messages.ts";
import { lastRows, sanitize } from "../terminal-text.ts";

/**
 * What is still open of the answer being streamed, as written (its closed blocks are already written above,
 * formatted: see answer-stream.ts). Only its last rows are drawn, each exactly one terminal row, so the live area
 * stays smaller than the screen: Ink then rewrites a few lines per frame instead of clearing and replaying, and
 * nothing is pushed twice into the scrollback. The rows are one text (one node for Ink to lay out and draw at each
 * frame, not one per row), in a box that stays when the text empties between two blocks (no nodes made again).
 */
export function StreamingText({ text, width, maxRows }: { text: string; width: number; maxRows: number }) {
  if (text === "") return <Box flexDirection="column" />;
  const { rows, hidden } = lastRows(sanitize(text), Math.max(1, width - 1), Math.max(1, maxRows - 1));
  return (
    <Box flexDirection="column">
      {hidden > 0 ? <Text color="gray">{t("streamingAbove", { count: hidden })}</Text> : null}
      <Text wrap="truncate">{rows.map((row) => (row === "" ? " " : row)).join("\n")}</Text>
    </Box>
  );
}
