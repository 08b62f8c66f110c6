import { Box, Static, useInput, usePaste, useWindowSize } from "ink";
import { memo, useLayoutEffect, useSyncExternalStore } from "react";
import type { UISnapshot, UIStore } from "../ui-store.ts";
import { CompletionList, completionRows } from "./completion-list.tsx";
import { ConfirmDetail } from "./confirm-detail.tsx";
import { ContextBar } from "./context-bar.tsx";
import { InputBox } from "./input-box.tsx";
import { LogItem } from "./log-entry-view.tsx";
import { QueuedList } from "./queued-list.tsx";
import { SelectList } from "./select-list.tsx";
import { StatusLine } from "./status-line.tsx";
import { StreamingText } from "./streaming-text.tsx";

export interface AppProps {
  store: UIStore;
  env: NodeJS.ProcessEnv;
}

// While an answer streams only its open text changes from frame to frame (with the status line's spinner): those
// two read the store themselves, and the rest of the screen is drawn again only when the snapshot changes; then,
// the parts whose props did not change are not (React keeps their Ink nodes as they were, and Yoga their layout).
function StreamingTextView({ store, width, maxRows }: { store: UIStore; width: number; maxRows: number }) {
  const text = useSyncExternalStore(store.subscribe, store.getStreaming);
  return <StreamingText text={text} width={width} maxRows={maxRows} />;
}
function StatusLineView({ store, snapshot }: { store: UIStore; snapshot: UISnapshot }) {
  useSyncExternalStore(store.subscribe, store.getFrame);
  return <StatusLine snapshot={snapshot} />;
}
const QueuedListView = memo(QueuedList);
const InputBoxView = memo(InputBox);
const CompletionListView = memo(CompletionList);
const ContextBarView = memo(ContextBar);

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
        {(entry) => <LogItem key={entry.id} entry={entry} width={width} env={env} />}
      </Static>
      {hidden ? null : (
        <Box flexDirection="column" width={width}>
          <StreamingTextView store={store} width={width} maxRows={free} />
          <QueuedListView queued={snapshot.queued} width={width} />
          <StatusLineView store={store} snapshot={snapshot} />
          {snapshot.prompt.kind === "confirm" && snapshot.prompt.detail ? (
            <ConfirmDetail detail={snapshot.prompt.detail} always={snapshot.prompt.always} maxRows={Math.max(3, free - 6)} />
          ) : null}
          {snapshot.prompt.kind === "select" ? (
            <SelectList title={snapshot.prompt.title} choices={snapshot.prompt.choices} index={snapshot.prompt.index} />
          ) : (
            <InputBoxView prompt={snapshot.prompt} editor={snapshot.editor} editedAt={snapshot.editedAt} attachments={snapshot.attachments} width={width} maxLines={Math.max(1, Math.min(free, 12))} />
          )}
          <CompletionListView view={snapshot.completion} width={width} />
          <ContextBarView usage={snapshot.context} width={width} />
        </Box>
      )}
    </>
  );
}
