import { lstat } from "node:fs/promises";
import path from "node:path";
import type { CheckpointStore } from "./checkpoint-store.ts";
import { currentBytes, hashOf, putBack, readBackup, type BackedUpFile } from "./file-backups.ts";
import type { TurnLog } from "./turn-log.ts";

export type LoggedTurn = TurnLog["turns"][number];

/** What restoring does to one file. */
export interface RestoreStep {
  path: string;
  /** restore: back to its earlier content; recreate: it was deleted; remove: the turn created it. */
  action: "restore" | "recreate" | "remove";
  /** The file changed after the turn, outside MAIA: skipped unless the user says so. */
  changedSince: boolean;
}

export interface FilePlan {
  /** The turns whose file changes are taken back, oldest first. */
  turns: LoggedTurn[];
  steps: RestoreStep[];
  /** Git snapshot to return to (the first turn's `before`), when the turns have snapshots. */
  base?: string;
  /** Without git: the copies to put back, newest turn first. */
  backups: BackedUpFile[];
}

const exists = (file: string) =>
  lstat(file).then(
    () => true,
    () => false,
  );

/**
 * Which files taking back `taken` (turns, oldest first) changes, and which of them changed since outside MAIA
 * (compared with the snapshot after the last of those turns, or the hash kept without git).
 */
export async function planFiles(store: CheckpointStore, taken: readonly LoggedTurn[]): Promise<FilePlan> {
  const turns = taken.filter((turn) => !turn.filesUndone && turn.files.length > 0);
  const withGit = turns.filter((turn) => turn.before !== undefined && turn.after !== undefined);
  const steps = new Map<string, RestoreStep>();
  let base: string | undefined;
  if (withGit.length > 0) {
    base = withGit[0]?.before;
    const last = withGit.at(-1)?.after;
    const paths = [...new Set(withGit.flatMap((turn) => turn.files.map((file) => file.path)))];
    if (base && last) {
      const now = await store.repo.snapshot("now");
      const changed = new Set(await store.repo.differing(last, now, paths));
      const held = await store.repo.present(base, paths);
      for (const file of paths) {
        const there = await exists(path.join(store.cwd, file));
        const action = !held.has(file) ? "remove" : there ? "restore" : "recreate";
        steps.set(file, { path: file, action, changedSince: changed.has(file) });
      }
    }
  }
  // Without git: copies newest turn first; the newest copy tells whether the file changed since, the oldest
  // what it goes back to.
  const backups: BackedUpFile[] = [];
  for (const turn of [...turns].reverse()) {
    if (turn.backup === undefined) continue;
    backups.push(...((await readBackup(store, turn.backup))?.files ?? []));
  }
  for (const file of new Set(backups.map((entry) => entry.path))) {
    const copies = backups.filter((entry) => entry.path === file);
    const newest = copies[0];
    const oldest = copies.at(-1);
    if (!newest || !oldest) continue;
    const now = await currentBytes(path.join(store.cwd, file));
    steps.set(file, {
      path: file,
      action: oldest.content === null ? "remove" : now === null ? "recreate" : "restore",
      changedSince: hashOf(now) !== newest.after,
    });
  }
  const sorted = [...steps.values()].sort((a, b) => a.path.localeCompare(b.path));
  return { turns, steps: sorted, ...(base ? { base } : {}), backups };
}

/** Restores the plan's files; those changed since are skipped unless `includeChangedSince`. Returns what was done. */
export async function applyFiles(store: CheckpointStore, plan: FilePlan, includeChangedSince: boolean): Promise<RestoreStep[]> {
  const chosen = plan.steps.filter((step) => includeChangedSince || !step.changedSince);
  const wanted = new Set(chosen.map((step) => step.path));
  if (plan.base) {
    const gitPaths = chosen.filter((step) => plan.turns.some((turn) => turn.before && turn.files.some((file) => file.path === step.path)));
    await store.repo.restore(plan.base, gitPaths.map((step) => step.path));
  }
  // Newest first, so that the oldest copy of a file is the one left in place.
  for (const entry of plan.backups) if (wanted.has(entry.path)) await putBack(store, entry);
  return chosen;
}
