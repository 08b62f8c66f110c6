import { Box, Text } from "ink";
import type { DiffRow, FileDiff } from "../../diff/file-diff.ts";
import { t } from "../messages.ts";
import { sanitize } from "../terminal-text.ts";

/** The diff's rows, numbered and coloured; past `maxRows` the rest is folded into one line with its count. */
export function DiffView({ diff, maxRows, foldHint }: { diff: FileDiff; maxRows: number; foldHint?: string }) {
  const shown = diff.rows.slice(0, Math.max(1, maxRows));
  const hidden = diff.rows.length - shown.length;
  const numbers = diff.rows.map((row) => (row.kind === "gap" ? 0 : row.kind === "del" ? row.oldLine : row.newLine));
  const width = String(Math.max(1, ...numbers)).length;
  return (
    <Box flexDirection="column" marginLeft={2}>
      {shown.map((row, index) => (
        <Row key={index} row={row} width={width} />
      ))}
      {hidden > 0 ? (
        <Text color="gray">
          {t("diffFolded", { count: hidden })}
          {foldHint ? ` · ${foldHint}` : ""}
        </Text>
      ) : null}
    </Box>
  );
}

function Row({ row, width }: { row: DiffRow; width: number }) {
  if (row.kind === "gap") return <Text color="gray">{`${" ".repeat(width)} ⋮ ${t("diffGap", { count: row.skipped })}`}</Text>;
  const number = String(row.kind === "del" ? row.oldLine : row.newLine).padStart(width);
  const text = sanitize(row.text);
  if (row.kind === "add") {
    return (
      <Text wrap="truncate-end">
        <Text color="gray">{number} </Text>
        <Text color="green">+ {text}</Text>
      </Text>
    );
  }
  if (row.kind === "del") {
    return (
      <Text wrap="truncate-end">
        <Text color="gray">{number} </Text>
        <Text color="red">- {text}</Text>
      </Text>
    );
  }
  return (
    <Text wrap="truncate-end">
      <Text color="gray">{number} </Text>
      <Text dimColor>{`  ${text}`}</Text>
    </Text>
  );
}
