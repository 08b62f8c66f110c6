import { stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CheckpointStore } from "./checkpoint-store.ts";
import { prune, PRUNE_DEFAULTS } from "./prune.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The policy applied at most once a day per folder, when an interactive or ACP session starts, in the
 * background: it never delays the first draw nor a turn. The stamp file records when it last ran.
 */
export function pruneDaily(store: () => Promise<CheckpointStore>, debug: (message: string) => void): void {
  void (async () => {
    const opened = await store();
    const stamp = path.join(opened.root, "pruned");
    const last = await stat(stamp).then(
      (stats) => stats.mtimeMs,
      () => undefined,
    );
    const log = await stat(opened.logFile).catch(() => undefined);
    if (!log || (last !== undefined && Date.now() - last < DAY_MS)) return;
    await writeFile(stamp, "");
    const now = new Date();
    await utimes(stamp, now, now);
    await prune(opened, { ...PRUNE_DEFAULTS, collect: true });
  })().catch((error: unknown) => debug(`checkpoints: prune skipped: ${error instanceof Error ? error.message : String(error)}`));
}
