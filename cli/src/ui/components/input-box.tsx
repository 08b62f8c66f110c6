import { Box, Text } from "ink";
import type { ImageReference } from "@maia/kernel";
import { imageChip } from "../image-chips.ts";
import type { EditorState } from "../line-editor.ts";
import { t } from "../messages.ts";
import { BORDER_CHAR, RESTING_ARROW } from "../prompt-glyphs.ts";
import { sanitize } from "../terminal-text.ts";
import type { PromptView } from "../ui-store.ts";
import { LevelBadge } from "./badge.tsx";
import { Spinner } from "./spinner.tsx";

/** The prompt's arrow animates for this long after the last key, then rests: an idle screen writes nothing. */
export const PROMPT_ANIMATION_MS = 10_000;

function Border({ width, color }: { width: number; color: string }) {
  return <Text color={color}>{BORDER_CHAR.repeat(Math.max(1, width))}</Text>;
}

/** The lines of the text around the cursor, the cursor's cell in inverse video. */
function EditorLines({ editor, maxLines }: { editor: EditorState; maxLines: number }) {
  const before = editor.text.slice(0, editor.cursor);
  const lines = editor.text.split("\n");
  const cursorLine = before.split("\n").length - 1;
  const cursorColumn = before.length - (before.lastIndexOf("\n") + 1);
  const first = Math.max(0, Math.min(cursorLine - maxLines + 1, lines.length - maxLines));
  const shown = lines.slice(first, first + maxLines);
  return (
    <Box flexDirection="column" flexGrow={1}>
      {first > 0 ? <Text color="gray">{t("streamingAbove", { count: first })}</Text> : null}
      {shown.map((line, offset) => {
        if (first + offset !== cursorLine) return <Text key={offset}>{line === "" ? " " : line}</Text>;
        const at = [...line.slice(cursorColumn)][0] ?? " ";
        return (
          <Text key={offset}>
            {line.slice(0, cursorColumn)}
            <Text inverse>{at}</Text>
            {line.slice(cursorColumn + at.length)}
          </Text>
        );
      })}
    </Box>
  );
}

/**
 * Seed § 15.5: the input zone between two dotted borders, always on screen — the active input (arrow spinner,
 * help text while empty), greyed « Traitement en cours » during a turn, an ASK question with its keys, or an ASK
 * question answered in free text (the question where the help text was, the answer typed after it).
 */
export function InputBox({
  prompt,
  editor,
  editedAt,
  width,
  maxLines,
  attachments = [],
}: {
  prompt: PromptView;
  editor: EditorState;
  editedAt: number;
  width: number;
  maxLines: number;
  /** Images attached to the request (issue 38): one chip each above the line, removable with Backspace. */
  attachments?: readonly ImageReference[];
}) {
  if (prompt.kind === "hidden" || prompt.kind === "select") return null;
  const active = prompt.kind === "input";
  const borderColor = prompt.kind === "busy" ? "gray" : "greenBright";
  let body;
  if (prompt.kind === "question") {
    body = (
      <Box>
        <Box marginRight={1} flexShrink={0}>
          <LevelBadge level="ask" />
        </Box>
        <Box marginRight={1} flexShrink={0}>
          <Text bold>{sanitize(prompt.question)}</Text>
        </Box>
        {prompt.editor.text === "" ? (
          <Text>
            <Text inverse> </Text>
            <Text color="gray">{t("inputKeys")}</Text>
          </Text>
        ) : (
          <EditorLines editor={prompt.editor} maxLines={maxLines} />
        )}
      </Box>
    );
  } else if (prompt.kind === "confirm") {
    body = (
      <Box>
        <Box marginRight={1} flexShrink={0}>
          <LevelBadge level="ask" />
        </Box>
        <Text bold>
          {sanitize(prompt.question)} {prompt.allowStop ? t("askKeys") : t("confirmKeys")}
        </Text>
      </Box>
    );
  } else {
    body = (
      <Box>
        <Box flexShrink={0} marginRight={1}>
          {active ? <Spinner name="arrow3" color="greenBright" until={editedAt + PROMPT_ANIMATION_MS} /> : <Text color="gray">{RESTING_ARROW}</Text>}
        </Box>
        {!active ? (
          <Text color="gray" wrap="truncate">
            {t("working")}
            {editor.text === "" ? "" : ` · ${editor.text.replace(/\n/g, " ")}`}
          </Text>
        ) : editor.text === "" ? (
          <Text>
            <Text inverse> </Text>
            <Text color="gray">{t("inputHelp")}</Text>
          </Text>
        ) : (
          <EditorLines editor={editor} maxLines={maxLines} />
        )}
      </Box>
    );
  }
  const chips =
    attachments.length > 0 && (prompt.kind === "input" || prompt.kind === "busy") ? (
      <Box flexWrap="wrap">
        {attachments.map((image, index) => (
          <Box key={index} marginRight={1}>
            <Text color="cyan">{sanitize(imageChip(index + 1, image))}</Text>
          </Box>
        ))}
        {active && editor.cursor === 0 ? <Text color="gray">{t("imageChipsHelp")}</Text> : null}
      </Box>
    ) : null;
  return (
    <Box flexDirection="column">
      <Border width={width} color={borderColor} />
      {chips}
      {body}
      <Border width={width} color={borderColor} />
    </Box>
  );
}

