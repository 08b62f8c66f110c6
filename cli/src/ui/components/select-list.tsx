import { Box, Text } from "ink";
import { t } from "../messages.ts";
import { sanitize } from "../terminal-text.ts";
import type { SelectChoice } from "../ui-store.ts";
import { LevelBadge } from "./badge.tsx";

/** Seed § 15.5: at most 10 lines, scrolling with the selection. */
export const SELECT_WINDOW = 10;

export function selectWindow(count: number, index: number, size = SELECT_WINDOW): { start: number; end: number } {
  if (count <= size) return { start: 0, end: count };
  const start = Math.max(0, Math.min(count - size, index - Math.floor(size / 2)));
  return { start, end: start + size };
}

/** A list of choices (/model, /load): replaces the input zone while the user chooses. */
export function SelectList({ title, choices, index }: { title: string; choices: readonly SelectChoice[]; index: number }) {
  const { start, end } = selectWindow(choices.length, index);
  return (
    <Box flexDirection="column">
      <Box>
        <Box marginRight={1}>
          <LevelBadge level="ask" />
        </Box>
        <Text bold>{sanitize(title)}</Text>
      </Box>
      {start > 0 ? <Text color="gray">  ↑ {t("selectMore", { count: start })}</Text> : null}
      {choices.slice(start, end).map((choice, offset) => {
        const selected = start + offset === index;
        return (
          <Text key={start + offset} wrap="truncate">
            <Text color={selected ? "cyan" : undefined} bold={selected}>
              {selected ? "❯ " : "  "}
              {sanitize(choice.label)}
            </Text>
            {choice.hint ? <Text color="gray"> {sanitize(choice.hint)}</Text> : null}
          </Text>
        );
      })}
      {end < choices.length ? <Text color="gray">  ↓ {t("selectMore", { count: choices.length - end })}</Text> : null}
      <Text color="gray">{t("selectKeys")}</Text>
    </Box>
  );
}
