import { watch, realpathSync, type FSWatcher } from "node:fs";
import path from "node:path";

export const WATCH_DEBOUNCE_MS = 100;

export interface FileWatch {
  close(): void;
}

/**
 * Calls `onChange` once things settle after the file may have changed. The folder is watched, not the file:
 * editors save by writing a new file and renaming it over the old one, which a watch on the old inode would
 * never see. Events for other names in the folder (an editor's backup, our own `*.tmp-*`) are ignored; a burst
 * of events (truncate, write, rename) becomes one call ~100 ms after the last. The caller compares contents,
 * so a spurious call costs one read. For a symbolic link, the target's folder is watched too.
 */
export function watchFile(file: string, onChange: () => void, debounceMs = WATCH_DEBOUNCE_MS): FileWatch {
  const targets = new Map<string, Set<string>>();
  const add = (name: string) => {
    const folder = path.dirname(name);
    const names = targets.get(folder) ?? new Set<string>();
    names.add(path.basename(name));
    targets.set(folder, names);
  };
  add(file);
  try {
    add(realpathSync(file));
  } catch {
    // Not there (yet): its folder is watched all the same.
  }

  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed) onChange();
    }, debounceMs);
  };

  const watchers: FSWatcher[] = [];
  for (const [folder, names] of targets) {
    try {
      const watcher = watch(folder, { persistent: false }, (_event, filename) => {
        // Some platforms give no name: any event in the folder might then be ours.
        if (filename === null || names.has(filename.toString())) schedule();
      });
      // A folder that disappears ends its watch with an error event; without a listener that would throw.
      watcher.on("error", () => watcher.close());
      watchers.push(watcher);
    } catch {
      // A folder that cannot be watched (gone, too many watches): the file is still saved and read on demand.
    }
  }

  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
