import { Box, Text } from "ink";
import type { CompletionView } from "../completion/completion-controller.ts";
import { COMPLETION_ROWS } from "../completion/completion-item.ts";
import { sanitize } from "../terminal-text.ts";

const MARKS = { path: "@", command: "/", skill: "§", agent: "&" } as const;

/** The rows the list takes on screen (the live area keeps room for them). */
export function completionRows(view: CompletionView | undefined): number {
  return view ? Math.min(COMPLETION_ROWS, view.items.length) : 0;
}

/**
 * The completion list under the input box: at most COMPLETION_ROWS lines around the highlighted one, each cut
 * to one line (a long list scrolls instead of growing the live area), the highlighted one in inverse video.
 */
export function CompletionList({ view, width }: { view: CompletionView | undefined; width: number }) {
  if (!view || view.items.length === 0) return null;
  const rows = completionRows(view);
  const first = Math.max(0, Math.min(view.index - rows + 1, view.items.length - rows));
  const shown = view.items.slice(first, first + rows);
  const mark = MARKS[view.kind];
  return (
    <Box flexDirection="column" width={width}>
      {shown.map((item, offset) => {
        const selected = first + offset === view.index;
        return (
          <Text key={`${first + offset}:${item.value}`} wrap="truncate">
            <Text inverse={selected} color={item.folder ? "blueBright" : "cyan"}>
              {` ${mark}${sanitize(item.value)} `}
            </Text>
            {item.hint === undefined ? null : <Text color="gray">{`  ${sanitize(item.hint)}`}</Text>}
          </Text>
        );
      })}
    </Box>
  );
}
