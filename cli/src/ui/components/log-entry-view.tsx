import { Box, Text } from "ink";
import type { LogEntry } from "../log-entry.ts";
import { renderMarkdown } from "../markdown.ts";
import { t } from "../messages.ts";
import { sanitize } from "../terminal-text.ts";
import { LEVEL_TEXT_COLOR, LevelBadge, RuleBadgeView } from "./badge.tsx";
import { Banner } from "./banner.tsx";
import { DiffView } from "./diff-view.tsx";
import { diffSummary } from "../../diff/file-diff.ts";

/** Rows of a diff the log keeps under its tool call; the rest is folded into a count. */
const LOG_DIFF_ROWS = 6;

export interface LogEntryViewProps {
  entry: LogEntry;
  width: number;
  env: NodeJS.ProcessEnv;
}

/** One entry of the log as <Static> writes it, the terminal's width wide (answer-static-text.ts writes the same). */
export function LogItem({ entry, width, env }: LogEntryViewProps) {
  return (
    <Box width={width} flexDirection="column">
      <LogEntryView entry={entry} width={width} env={env} />
    </Box>
  );
}

/**
 * One finished entry of the log. It is rendered once, by <Static>, at the terminal's width of that moment; a blank
 * line separates messages (seed § 15.2), except between a tool call and its result.
 */
export function LogEntryView({ entry, width, env }: LogEntryViewProps) {
  switch (entry.kind) {
    case "banner":
      return (
        <Box marginBottom={1}>
          <Banner cwd={entry.cwd} width={width} />
        </Box>
      );
    case "log":
      return (
        <Box marginBottom={1}>
          <Box flexShrink={0} marginRight={1}>
            <LevelBadge level={entry.level} />
          </Box>
          <Text color={LEVEL_TEXT_COLOR[entry.level]} bold={entry.level === "ask"}>
            {sanitize(entry.text)}
          </Text>
        </Box>
      );
    case "answered":
      return (
        <Box marginBottom={1}>
          <Text>
            <Text color="magenta">◆ </Text>
            {sanitize(entry.question)}
            {t("answerSeparator")}
            <Text bold>{entry.answer}</Text>
          </Text>
        </Box>
      );
    case "user":
      return (
        <Box marginBottom={1}>
          <Text color="gray">{t("userPrefix")} </Text>
          <Text bold>{sanitize(entry.text)}</Text>
        </Box>
      );
    case "markdown":
      return (
        <Box marginBottom={1}>
          <Text>{renderMarkdown(sanitize(entry.text), width - 1, env)}</Text>
        </Box>
      );
    case "answer":
      return (
        <Box marginTop={entry.gapBefore} marginBottom={entry.gapAfter}>
          <Text>{entry.text}</Text>
        </Box>
      );
    case "tool_call":
      return (
        <Box flexDirection="column">
          <Text>
            <Text color="green">● </Text>
            <Text bold>{entry.name}</Text>
            {entry.diff ? <Text>({diffSummary(entry.diff)})</Text> : entry.summary ? <Text>({sanitize(entry.summary)})</Text> : null}
          </Text>
          {entry.diff ? <DiffView diff={entry.diff} maxRows={LOG_DIFF_ROWS} /> : null}
        </Box>
      );
    case "diff":
      return (
        <Box flexDirection="column" marginBottom={1}>
          <Text bold>{diffSummary(entry.diff)}</Text>
          <DiffView diff={entry.diff} maxRows={entry.diff.rows.length} />
        </Box>
      );
    case "tool_result":
      return (
        <Box marginBottom={1} marginLeft={2}>
          <Text color="gray">⎿ </Text>
          <Text color={entry.isError ? "#DC8ADD" : undefined} dimColor={!entry.isError}>
            {sanitize(entry.output) || " "}
          </Text>
        </Box>
      );
    case "permissions":
      return (
        <Box flexDirection="column" marginBottom={1}>
          {entry.block.files.map((file) => (
            <Box key={file.path} flexDirection="column">
              <Text bold>
                {sanitize(file.path)}
                {!file.found ? ` ${t("permissionsFileMissing")}` : file.rules.length === 0 ? ` ${t("permissionsFileEmpty")}` : ""}
              </Text>
              {file.rules.map((rule, index) => (
                <Box key={index} marginLeft={2}>
                  <Box width={8} flexShrink={0}>
                    <RuleBadgeView label={rule.label} />
                  </Box>
                  <Text>{sanitize(rule.rule)}</Text>
                </Box>
              ))}
            </Box>
          ))}
          {entry.block.note ? <Text color="#7EC8FF">{entry.block.note}</Text> : null}
        </Box>
      );
    case "help": {
      const nameWidth = Math.min(24, 2 + Math.max(0, ...entry.block.groups.flatMap((group) => group.items.map((item) => item.name.length))));
      return (
        <Box flexDirection="column" marginBottom={1}>
          {entry.block.groups.map((group) => (
            <Box key={group.title} flexDirection="column">
              <Text bold>{group.title}</Text>
              {group.items.map((item, index) =>
                // A name wider than the column (a command with a long usage: /mcp [reconnect|login|logout <name>])
                // gets a line of its own, its description under the column, instead of wrapping inside it.
                item.name.length > nameWidth - 2 ? (
                  <Box key={index} marginLeft={2} flexDirection="column">
                    <Text color="cyan">{item.name}</Text>
                    <Box marginLeft={nameWidth}>
                      <Text>{item.description}</Text>
                    </Box>
                  </Box>
                ) : (
                  <Box key={index} marginLeft={2}>
                    {item.name === "" ? null : (
                      <Box width={nameWidth} flexShrink={0}>
                        <Text color="cyan">{item.name}</Text>
                      </Box>
                    )}
                    <Text>{item.description}</Text>
                  </Box>
                ),
              )}
            </Box>
          ))}
        </Box>
      );
    }
  }
}
