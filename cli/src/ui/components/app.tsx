import { Box, Static, useInput, usePaste, useWindowSize } from "ink";
import { useLayoutEffect, useSyncExternalStore } from "react";
import type { UIStore } from "../ui-store.ts";
import { CompletionList, completionRows } from "./completion-list.tsx";
import { ConfirmDetail } from "./confirm-detail.tsx";
import { ContextBar } from "./context-bar.tsx";
import { InputBox } from "./input-box.tsx";
import { LogEntryView } from "./log-entry-view.tsx";
import { QueuedList } from "./queued-list.tsx";
import { SelectList } from "./select-list.tsx";
import { StatusLine } from "./status-line.tsx";
import { StreamingText } from "./streaming-text.tsx";

export interface AppProps {
  store: UIStore;
  env: NodeJS.ProcessEnv;
}

/** Rows kept free around the live area: status line, the input zone's borders and line, the bar, a margin. */
const LIVE_CHROME_ROWS = 8;

/**
 * The whole screen. Finished entries go to <Static>: written once above everything, never redrawn, so the
 * scrollback stays intact however long the session. Below it the live area — the answer being streamed, the
 * status line, the input zone and the context bar — is kept shorter than the terminal.
 */
export function App({ store, env }: AppProps) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const { columns, rows } = useWindowSize();
  const width = Math.max(10, columns);
  const hidden = snapshot.prompt.kind === "hidden";

  useInput((input, key) => store.handleKey({ ...key, input }), { isActive: !hidden });
  usePaste((text) => store.paste(text), { isActive: !hidden });

  // Entries written by <Static> (in this very commit) are forgotten; the next snapshot comes with a new
  // staticKey and only what is left to write (see LogBuffer: a shrinking list under the same <Static> would
  // hide new entries).
  const lastId = snapshot.entries.at(-1)?.id;
  useLayoutEffect(() => {
    if (lastId !== undefined) store.acknowledge(lastId);
  }, [store, lastId]);

  const free = Math.max(3, rows - LIVE_CHROME_ROWS - completionRows(snapshot.completion));
  return (
    <>
      <Static key={snapshot.staticKey} items={[...snapshot.entries]}>
        {(entry) => (
          <Box key={entry.id} width={width} flexDirection="column">
            <LogEntryView entry={entry} width={width} env={env} />
          </Box>
        )}
      </Static>
      {hidden ? null : (
        <Box flexDirection="column" width={width}>
          <StreamingText text={snapshot.streaming} width={width} maxRows={free} />
          <QueuedList queued={snapshot.queued} width={width} />
          <StatusLine snapshot={snapshot} />
          {snapshot.prompt.kind === "confirm" && snapshot.prompt.detail ? (
            <ConfirmDetail detail={snapshot.prompt.detail} always={snapshot.prompt.always} maxRows={Math.max(3, free - 6)} />
          ) : null}
          {snapshot.prompt.kind === "select" ? (
            <SelectList title={snapshot.prompt.title} choices={snapshot.prompt.choices} index={snapshot.prompt.index} />
          ) : (
            <InputBox prompt={snapshot.prompt} editor={snapshot.editor} editedAt={snapshot.editedAt} attachments={snapshot.attachments} width={width} maxLines={Math.max(1, Math.min(free, 12))} />
          )}
          <CompletionList view={snapshot.completion} width={width} />
          <ContextBar usage={snapshot.context} width={width} />
        </Box>
      )}
    </>
  );
}
