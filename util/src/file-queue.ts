import path from "node:path";

// One queue per file for the whole process: every edit of a settings file (permission rules, enabledPlugins…)
// reads it, changes it and replaces it; two edits at once would each write over the other's change.
const queues = new Map<string, Promise<unknown>>();

/** Runs `edit` once every earlier edit of the same file (by resolved path) has settled; its own result is returned. */
export function queueOnFile<T>(file: string, edit: () => Promise<T>): Promise<T> {
  const key = path.resolve(file);
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(edit);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
