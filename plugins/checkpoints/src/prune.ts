import { rm } from "node:fs/promises";
import type { CheckpointStore } from "./checkpoint-store.ts";
import type { LogLine, TurnRecord } from "./turn-log.ts";

/** The documented policy (docs/checkpoints.md): per launch folder, the last 200 turns, none older than 30 days. */
export const PRUNE_DEFAULTS = { keep: 200, days: 30 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets the turns past the policy: their log lines, their copies, and the refs that kept their snapshots (git
 * then deletes what nothing else keeps). Returns how many turns were forgotten.
 * `collect` runs `git gc` at once; objects written in the last hour are kept, so a snapshot another MAIA is
 * taking in this folder at that moment stays whole.
 */
export async function prune(store: CheckpointStore, policy: { keep: number; days: number; collect: boolean }, now = new Date()): Promise<number> {
  const log = await store.read();
  const oldest = now.getTime() - policy.days * DAY_MS;
  const recent = log.turns.filter((turn) => Date.parse(turn.at) >= oldest);
  const kept = new Set((policy.keep === 0 ? [] : recent.slice(-policy.keep)).map((turn) => turn.id));
  const dropped = log.turns.filter((turn) => !kept.has(turn.id));
  if (dropped.length === 0 && !policy.collect) return 0;
  const lines: LogLine[] = [];
  for (const turn of log.turns) {
    if (!kept.has(turn.id)) continue;
    const { filesUndone, conversationUndone, ...record } = turn;
    lines.push(record satisfies TurnRecord);
    if (filesUndone || conversationUndone) lines.push({ type: "undone", id: turn.id, at: turn.at, files: filesUndone, conversation: conversationUndone });
  }
  if (dropped.length > 0 || log.problems.length > 0) await store.rewrite(lines);
  for (const turn of dropped) if (turn.backup) await rm(store.backupFile(turn.backup), { force: true });
  const commits = dropped.flatMap((turn) => [turn.before, turn.after]).filter((commit): commit is string => commit !== undefined);
  const stillUsed = new Set([...lines].flatMap((line) => (line.type === "turn" ? [line.before, line.after] : [])));
  const unused = [...new Set(commits)].filter((commit) => !stillUsed.has(commit));
  if (unused.length > 0 || policy.collect) await store.repo.forget(unused, { collect: policy.collect }).catch(() => undefined);
  return dropped.length;
}
