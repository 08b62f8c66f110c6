import { mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  createFileExclusiveGuarded,
  createFileExclusiveSync,
  processAlive,
  syncFolderSync,
  TEMP_MARKER,
  writeFileAtomic,
  writeFileAtomicSync,
  type ClaimGuard,
  type FileData,
} from "./atomic-write.ts";
import { parseSavedSession, SessionFileError, type SavedSession } from "./saved-session.ts";
import { t } from "./messages.ts";
import { suffixedNames } from "./session-names.ts";
import { SessionImages } from "./session-images.ts";
import { answerUnansweredCalls } from "./unanswered-calls.ts";

/** What a list of sessions shows (the /load choice, --continue). */
export interface SessionSummary {
  name: string;
  createdAt: string;
  updatedAt: string;
  model: string;
  messageCount: number;
  startContext: boolean;
  agent?: string;
}

export interface SessionList {
  /** Most recently updated first. */
  sessions: SessionSummary[];
  /** Files that could not be read: skipped, each with its reason. */
  problems: SessionFileError[];
}

const SUFFIX = ".json";

/** A claim's guard, told which name was claimed (see `SessionStore.claim`). */
export interface NamedClaimGuard {
  proceed(): boolean;
  claimed(name: string): void;
}

function sessionNamesOf(entries: string[]): string[] {
  return entries.filter((entry) => entry.endsWith(SUFFIX) && !entry.includes(TEMP_MARKER)).map((entry) => entry.slice(0, -SUFFIX.length));
}
/** A guard against a folder where every suffix is taken; far beyond any real use. */
const MAX_CLAIM_ATTEMPTS = 10_000;

/**
 * `.maia/.sessions/` (seed § 12.1): one `<name>.json` per session. Every write is atomic; a new name is claimed
 * with an exclusive create, so two MAIA processes in one folder never write the same file.
 */
export class SessionStore {
  readonly dir: string;
  /** The images of the sessions, by hash (issue 38). */
  readonly images: SessionImages;

  constructor(cwd: string) {
    this.dir = join(cwd, ".maia", ".sessions");
    this.images = new SessionImages(this.dir);
  }

  fileOf(name: string): string {
    return join(this.dir, `${name}${SUFFIX}`);
  }

  /** The path shown to users, relative to the launch folder. */
  displayPath(name: string): string {
    return `.maia/.sessions/${name}${SUFFIX}`;
  }

  async ensureDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  ensureDirSync(): void {
    mkdirSync(this.dir, { recursive: true });
  }

  /** The names of the session files, unread. */
  async names(): Promise<string[]> {
    let entries: string[];
    try {
      entries = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    return sessionNamesOf(entries);
  }

  namesSync(): string[] {
    let entries: string[];
    try {
      entries = readdirSync(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    return sessionNamesOf(entries);
  }

  /**
   * Reads one session to continue it (/load, --resume, ACP session/load); a missing, unreadable or malformed file
   * is a SessionFileError. Tool calls left without results are answered in memory (see `answerUnansweredCalls`):
   * the file itself is never written by a read.
   */
  async read(name: string): Promise<SavedSession> {
    const saved = await this.#parse(name);
    return { ...saved, messages: answerUnansweredCalls(await this.images.load(saved.messages)) };
  }

  /** The file as it is. */
  async #parse(name: string): Promise<SavedSession> {
    const file = this.fileOf(name);
    let text: string;
    let modified: Date;
    try {
      [text, modified] = await Promise.all([readFile(file, "utf8"), stat(file).then((info) => info.mtime)]);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new SessionFileError(this.displayPath(name), code === "ENOENT" ? t("fileMissing") : error instanceof Error ? error.message : String(error));
    }
    return parseSavedSession(text, name, this.displayPath(name), modified);
  }

  async list(): Promise<SessionList> {
    const sessions: SessionSummary[] = [];
    const problems: SessionFileError[] = [];
    for (const name of await this.names()) {
      try {
        const saved = await this.#parse(name);
        sessions.push({
          name,
          createdAt: saved.createdAt,
          updatedAt: saved.updatedAt,
          model: saved.model,
          messageCount: saved.messages.length,
          startContext: saved.startContext !== undefined,
          ...(saved.agent === undefined ? {} : { agent: saved.agent }),
        });
      } catch (error) {
        if (error instanceof SessionFileError) problems.push(error);
        else throw error;
      }
    }
    sessions.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.name.localeCompare(b.name));
    return { sessions, problems };
  }

  /**
   * Writes a new session file under `desired`, or `desired_2`, `desired_3`… when that name is taken (by any file
   * whose name differs only in case, too): never overwrites another session. A name taken by another process
   * between the check and the write makes the exclusive create fail, and the next suffix is tried.
   * Returns the name written.
   */
  async claim(desired: string, text: (name: string) => FileData): Promise<string>;
  /**
   * With a guard: the claim of each candidate is one synchronous step (see `createFileExclusiveGuarded`); the
   * guard's `claimed(name)` records it at once. Undefined when the guard abandoned the claim.
   */
  async claim(desired: string, text: (name: string) => FileData, guard: NamedClaimGuard): Promise<string | undefined>;
  async claim(desired: string, text: (name: string) => FileData, guard?: NamedClaimGuard): Promise<string | undefined> {
    const taken = new Set((await this.names()).map((name) => name.toLowerCase()));
    let attempts = 0;
    for (const candidate of suffixedNames(desired)) {
      if (++attempts > MAX_CLAIM_ATTEMPTS) break;
      if (taken.has(candidate.toLowerCase())) continue;
      const step: ClaimGuard = guard
        ? { proceed: () => guard.proceed(), claimed: () => guard.claimed(candidate) }
        : { proceed: () => true, claimed: () => undefined };
      const created = await createFileExclusiveGuarded(this.fileOf(candidate), text(candidate), step);
      if (created === "abandoned") return undefined;
      if (created) return candidate;
      taken.add(candidate.toLowerCase());
    }
    throw new Error(t("noFreeName", { name: desired, count: MAX_CLAIM_ATTEMPTS }));
  }

  /** `claim`, synchronous (a save on process exit): same names, same exclusive create. */
  claimSync(desired: string, text: (name: string) => FileData): string {
    const taken = new Set(this.namesSync().map((name) => name.toLowerCase()));
    let attempts = 0;
    for (const candidate of suffixedNames(desired)) {
      if (++attempts > MAX_CLAIM_ATTEMPTS) break;
      if (taken.has(candidate.toLowerCase())) continue;
      if (createFileExclusiveSync(this.fileOf(candidate), text(candidate))) return candidate;
      taken.add(candidate.toLowerCase());
    }
    throw new Error(t("noFreeName", { name: desired, count: MAX_CLAIM_ATTEMPTS }));
  }

  /** Replaces a session file this process owns (or a compacted `xxx__n`, which seed § 14.4 overwrites). */
  async overwrite(name: string, text: FileData): Promise<void> {
    await writeFileAtomic(this.fileOf(name), text);
  }

  overwriteSync(name: string, text: FileData): void {
    writeFileAtomicSync(this.fileOf(name), text);
  }

  /** A rename that only changes case: the same file gets its new name (seed § 12.3). */
  async renameFile(from: string, to: string): Promise<void> {
    await rename(this.fileOf(from), this.fileOf(to));
  }

  renameFileSync(from: string, to: string): void {
    renameSync(this.fileOf(from), this.fileOf(to));
    syncFolderSync(this.dir);
  }

  async remove(name: string): Promise<void> {
    await rm(this.fileOf(name), { force: true });
  }

  /**
   * True when both names lead to one file (a change of case on a case-insensitive disk); also when either cannot
   * be looked at, so that a caller removing a stray copy never removes the session itself.
   */
  async sameFile(a: string, b: string): Promise<boolean> {
    try {
      const [x, y] = await Promise.all([stat(this.fileOf(a)), stat(this.fileOf(b))]);
      return x.dev === y.dev && x.ino === y.ino;
    } catch {
      return true;
    }
  }

  removeSync(name: string): void {
    rmSync(this.fileOf(name), { force: true });
  }

  /** Removes temporary files left by processes that died while saving (a crash, SIGKILL). */
  async removeStaleTemporaries(): Promise<void> {
    let entries: string[];
    try {
      entries = await readdir(this.dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const pid = Number(/\.tmp-(\d+)-[0-9a-f]+$/.exec(entry)?.[1]);
      if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) await rm(join(this.dir, entry), { force: true });
    }
  }
}
