import { readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { sha256Hex, TEMP_MARKER, writeFileAtomic } from "@maia/util";
import type { DamagedThread } from "../protocol.ts";
import { t } from "./messages.ts";
import { parseThreadFile, parseThreadHeader, serializeThread, type HeaderRead, type ThreadFile, type ThreadHeader, type ThreadRead } from "./thread-file.ts";

/** What a configuration's folder of threads held when the hub opened it. */
export interface RestoredThreads {
  headers: ThreadHeader[];
  damaged: DamagedThread[];
  /** The current thread of each agent, as last saved. */
  current: Record<string, string>;
}

const STATE_FILE = "state.json";
/** Thread files may hold secrets pasted in a conversation: readable by their owner only. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/**
 * The threads of one configuration file on disk: `~/.maia/hub/<name>-<hash of the file's path>/threads/<id>.json`,
 * one file per thread written whole and atomically, and `state.json` for the current thread of each agent. Each
 * configuration has its own folder, so `ConfigService.Open` of another file keeps the threads apart. A file that
 * cannot be read is reported and skipped, never deleted nor overwritten.
 */
export class ThreadStore {
  readonly folder: string;
  private readonly threads: string;
  /** Ids whose file is damaged: never written over (the user may want what is in it). */
  private readonly damagedIds = new Set<string>();

  constructor(homeDir: string, configFile: string) {
    this.folder = threadsFolder(homeDir, configFile);
    this.threads = path.join(this.folder, "threads");
  }

  /** Reads every thread file's header (its messages are read when the thread is opened) and the state file. */
  async restore(): Promise<RestoredThreads> {
    const headers: ThreadHeader[] = [];
    const damaged: DamagedThread[] = [];
    let names: string[];
    try {
      names = await readdir(this.threads);
    } catch {
      names = [];
    }
    // In parallel: a few dozen small files read one after the other would cost a disk round trip each.
    const reads = await Promise.all(
      names
        .filter((name) => name.endsWith(".json") && !name.includes(TEMP_MARKER))
        .sort()
        .map(async (name) => ({ name, read: await this.readHeader(name) })),
    );
    for (const { name, read } of reads) {
      if (read.ok) headers.push(read.header);
      else {
        this.damagedIds.add(name.slice(0, -".json".length));
        damaged.push({ file: path.join(this.threads, name), problem: read.problem });
      }
    }
    return { headers, damaged, current: await this.readState() };
  }

  /** A thread's whole file, for a thread the hub opens (synchronous: a service call waits for it anyway). */
  readSync(id: string): ThreadRead {
    const file = this.fileOf(id);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      return { ok: false, problem: t("unreadable", { cause: (error as NodeJS.ErrnoException).code ?? String(error) }) };
    }
    const read = parseThreadFile(text, id);
    if (!read.ok) this.damagedIds.add(id);
    return read;
  }

  async write(thread: ThreadFile): Promise<void> {
    if (this.damagedIds.has(thread.id)) return;
    await mkdir(this.threads, { recursive: true, mode: FOLDER_MODE });
    await writeFileAtomic(this.fileOf(thread.id), serializeThread(thread), { mode: FILE_MODE });
  }

  async remove(id: string): Promise<void> {
    if (this.damagedIds.has(id)) return;
    await rm(this.fileOf(id), { force: true });
  }

  async writeState(current: Record<string, string>): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: FOLDER_MODE });
    await writeFileAtomic(path.join(this.folder, STATE_FILE), `${JSON.stringify({ version: 1, current }, null, 2)}\n`, { mode: FILE_MODE });
  }

  fileOf(id: string): string {
    return path.join(this.threads, `${id}.json`);
  }

  private async readHeader(name: string): Promise<HeaderRead> {
    let text: string;
    try {
      text = await readFile(path.join(this.threads, name), "utf8");
    } catch (error) {
      return { ok: false, problem: t("unreadable", { cause: (error as NodeJS.ErrnoException).code ?? String(error) }) };
    }
    return parseThreadHeader(text, name.slice(0, -".json".length));
  }

  /** The current thread of each agent; a missing or broken state file only means "the most recent one". */
  private async readState(): Promise<Record<string, string>> {
    try {
      const data = JSON.parse(await readFile(path.join(this.folder, STATE_FILE), "utf8")) as { current?: unknown };
      const current: Record<string, string> = {};
      if (typeof data.current === "object" && data.current !== null) {
        for (const [agent, id] of Object.entries(data.current)) if (typeof id === "string") current[agent] = id;
      }
      return current;
    } catch {
      return {};
    }
  }
}

/** `~/.maia/hub/<file name without extension>-<12 hex digits of the sha-256 of its absolute path>`. */
export function threadsFolder(homeDir: string, configFile: string): string {
  const absolute = path.resolve(configFile);
  const base = path.basename(absolute).replace(/\.[^.]*$/, "").replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 40) || "hub";
  return path.join(homeDir, ".maia", "hub", `${base}-${sha256Hex(absolute).slice(0, 12)}`);
}
