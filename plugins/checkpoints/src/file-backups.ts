import { chmod, lstat, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sha256Hex, writeFileAtomic } from "@maia/util";
import type { CheckpointStore } from "./checkpoint-store.ts";
import type { FileChange } from "./shadow-repo.ts";

/** One file as Edit or Write found it: its bytes (base64) and mode, or null when it did not exist. */
export interface BackedUpFile {
  path: string;
  content: string | null;
  mode?: number;
  /** sha256 of the file once the turn ended, to tell a later change made outside MAIA. */
  after: string | null;
}

export interface BackupFile {
  version: 1;
  files: BackedUpFile[];
}

export function hashOf(bytes: Uint8Array | null): string | null {
  return bytes === null ? null : sha256Hex(bytes);
}

export async function currentBytes(file: string): Promise<Uint8Array | null> {
  return readFile(file).catch(() => null);
}

/**
 * Without git, checkpoints keep what Edit and Write replace: the first time a turn writes a file of the launch
 * folder, its previous bytes are copied (in memory until the turn ends, then to `backups/<turn>.json`).
 */
export class FileBackups {
  readonly #store: CheckpointStore;
  readonly #files = new Map<string, { content: Uint8Array | null; mode?: number }>();

  constructor(store: CheckpointStore) {
    this.#store = store;
  }

  async keep(input: Record<string, unknown>): Promise<void> {
    const relative = this.#relative(input.path);
    if (relative === undefined || this.#files.has(relative)) return;
    const absolute = path.join(this.#store.cwd, relative);
    const stats = await lstat(absolute).catch(() => undefined);
    if (stats && !stats.isFile()) return;
    const content = stats ? await readFile(absolute) : null;
    this.#files.set(relative, stats ? { content, mode: stats.mode & 0o7777 } : { content: null });
  }

  #relative(value: unknown): string | undefined {
    if (typeof value !== "string" || value === "") return undefined;
    const expanded = value === "~" || value.startsWith("~/") ? path.join(os.homedir(), value.slice(1)) : value;
    const absolute = path.resolve(this.#store.cwd, expanded);
    const relative = path.relative(this.#store.cwd, absolute);
    return relative === "" || relative.startsWith("..") || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join("/");
  }

  async save(id: string): Promise<{ file: string; changes: FileChange[] } | undefined> {
    const files: BackedUpFile[] = [];
    const changes: FileChange[] = [];
    for (const [relative, before] of this.#files) {
      const now = await currentBytes(path.join(this.#store.cwd, relative));
      if (hashOf(now) === hashOf(before.content)) continue;
      files.push({
        path: relative,
        content: before.content === null ? null : Buffer.from(before.content).toString("base64"),
        ...(before.mode === undefined ? {} : { mode: before.mode }),
        after: hashOf(now),
      });
      changes.push({ path: relative, status: before.content === null ? "A" : now === null ? "D" : "M" });
    }
    if (files.length === 0) return undefined;
    const file = `${id}.json`;
    const backup: BackupFile = { version: 1, files };
    await writeFileAtomic(this.#store.backupFile(file), JSON.stringify(backup), { mode: 0o600 });
    return { file, changes };
  }
}

export async function readBackup(store: CheckpointStore, file: string): Promise<BackupFile | undefined> {
  const text = await readFile(store.backupFile(file), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as BackupFile;
    return Array.isArray(parsed.files) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Puts one backed-up file back: its old bytes and mode, or removes it when it did not exist. */
export async function putBack(store: CheckpointStore, entry: BackedUpFile): Promise<void> {
  const absolute = path.join(store.cwd, entry.path);
  if (entry.content === null) {
    await rm(absolute, { force: true });
    return;
  }
  await writeFileAtomic(absolute, Buffer.from(entry.content, "base64"));
  if (entry.mode !== undefined) await chmod(absolute, entry.mode);
}
