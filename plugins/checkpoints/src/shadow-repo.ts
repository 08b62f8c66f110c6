import { lstat, mkdir, readdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createFileExclusive, writeFileAtomic } from "@maia/util";
import { gitRunner, nulFields, type Git } from "./git.ts";
import { treeOfIndex } from "./index-tree.ts";
import { changedPaths } from "./status-changes.ts";

/** Files larger than this are left out of checkpoints (a build artefact, a database): documented in docs/checkpoints.md. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * A snapshot that would have to hash more than this (a launch folder such as the home folder, without a
 * .gitignore) is refused with a message rather than left to run for minutes before a tool call.
 */
export const MAX_SNAPSHOT_FILES = 100_000;
export const MAX_SNAPSHOT_BYTES = 2 * 1024 ** 3;

export class SnapshotTooLargeError extends Error {
  constructor(files: number, bytes: number) {
    super(`the launch folder has ${files} new or changed files (${Math.round(bytes / 1024 ** 2)} MB) to record; add a .gitignore for what should not be part of checkpoints`);
    this.name = "SnapshotTooLargeError";
  }
}

/** What a turn did to one file, between the snapshot before it and the one after it. */
export interface FileChange {
  path: string;
  /** A = created, M = changed (content or mode), D = deleted. */
  status: "A" | "M" | "D";
  /** Lines added and removed; absent for a binary file. */
  added?: number;
  removed?: number;
}

/** Always left out: MAIA's own state (sessions, settings) must survive an undo, and .git is git's. */
const BASE_EXCLUDES = ["/.maia/", ".git"];

/**
 * The shadow repository's configuration. Besides what keeps a snapshot faithful (no line-ending conversion, links
 * as links, no hooks), what keeps a snapshot cheap on a large folder: the untracked cache (`git status` re-reads
 * only the folders whose mtime moved; it needs `status.showUntrackedFiles=all` to serve `-uall`), index version 4
 * (paths prefix-compressed: a smaller index to read and write), no fsmonitor (a user's would not watch this
 * index), and the "end of index entries" extension, through which index-tree.ts finds the tree without git.
 * `maia.configVersion` marks a repository configured this way, so later processes skip the `git config` calls.
 */
const CONFIG: ReadonlyArray<readonly [string, string]> = [
  ["core.autocrlf", "false"],
  ["core.symlinks", "true"],
  ["core.quotePath", "false"],
  ["core.hooksPath", "/dev/null"],
  ["core.untrackedCache", "true"],
  ["core.fsmonitor", "false"],
  ["core.preloadIndex", "true"],
  ["status.showUntrackedFiles", "all"],
  ["status.renames", "false"],
  ["index.version", "4"],
  ["index.recordEndOfIndexEntries", "true"],
  ["gc.auto", "0"],
  ["commit.gpgSign", "false"],
];
const CONFIG_VERSION = "2";

/**
 * A git repository of MAIA's own (`~/.maia/checkpoints/<folder id>/git`) whose work tree is the launch folder.
 * A snapshot is `git add` of what changed into its own index (git's stat cache makes finding it cheap) and
 * `write-tree`, kept alive by a ref `refs/maia/<tree>`. The user's `.git`, index, stash and hooks are never read or
 * written: every command runs with GIT_DIR set and the inherited GIT_* variables removed (git.ts).
 */
export class ShadowRepo {
  readonly gitDir: string;
  readonly workTree: string;
  readonly #git: Git;
  #ready: Promise<void> | undefined;
  /** Trees already kept by a ref, and the exclude file as last written: work not to do twice. */
  readonly #kept = new Set<string>();
  readonly #large = new Set<string>();
  #excludes: string | undefined;
  /** The tree of the commit this process last put HEAD on. */
  #head: string | undefined;
  #headMoved: Promise<void> = Promise.resolve();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: { gitDir: string; workTree: string; env: NodeJS.ProcessEnv }) {
    this.gitDir = options.gitDir;
    this.workTree = options.workTree;
    this.#git = gitRunner(options.env, options.gitDir, options.workTree);
  }

  get git(): Git {
    return this.#git;
  }

  /** Creates the repository on first use; safe to call from two processes at once. */
  ensure(): Promise<void> {
    this.#ready ??= this.#init().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #init(): Promise<void> {
    const exists = await lstat(path.join(this.gitDir, "HEAD")).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await mkdir(this.gitDir, { recursive: true });
      await this.#git(["init", "--quiet"]);
    }
    const config = await readFile(path.join(this.gitDir, "config"), "utf8").catch(() => "");
    if (new RegExp(`^\\s*configVersion = ${CONFIG_VERSION}$`, "im").test(config)) return;
    for (const [key, value] of CONFIG) await this.#git(["config", key, value]);
    // An index written before index.version was set keeps its version until told.
    if (exists) await this.#git(["update-index", "--index-version", "4"]).catch(() => undefined);
    await this.#git(["config", "maia.configVersion", CONFIG_VERSION]);
  }

  /**
   * Records the work tree as it is now and returns the id of the tree that holds it (kept alive by a ref, so
   * no commit is needed). One walk of the folder (`git status`, which git's stat and untracked caches keep
   * cheap) lists what changed since the last snapshot; only those paths are added. Ignored files (the folder's
   * own .gitignore files), MAIA's folder and files over MAX_FILE_BYTES are not part of it.
   */
  snapshot(label: string): Promise<string> {
    return this.#serial(async () => (await this.#snapshot(label)).tree);
  }

  /**
   * The snapshot at the end of a turn and what changed since `before`, in as few processes as possible: nothing
   * changed is one `git status` and no diff; otherwise the diff of the index against `before` runs beside
   * `write-tree` (both only read the index that `git add` left), rather than a `diff-tree` after it.
   */
  snapshotSince(before: string, label: string): Promise<{ tree: string; changes: FileChange[] }> {
    return this.#serial(async () => {
      const { tree, changes } = await this.#snapshot(label, before);
      return { tree, changes: changes ?? (tree === before ? [] : await this.changes(before, tree).catch(() => [])) };
    });
  }

  /** One snapshot or restore at a time in this process (parallel tool calls, a restore after a turn). */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #snapshot(_label: string, since?: string): Promise<{ tree: string; changes?: FileChange[] }> {
    await this.ensure();
    await this.#writeExcludes();
    await this.#headMoved;
    // One process walks the folder: `status` compares every file's stat data with the index (the previous
    // snapshot) and, through the untracked cache, re-reads only the folders that changed; it also saves what it
    // refreshed. (`ls-files --others` has no untracked cache.)
    const listed = await this.#git(["status", "--porcelain=v1", "-z", "--no-renames", "--untracked-files=all", "--ignore-submodules=all"]);
    const changed = [...new Set(changedPaths(listed.stdout))];
    if (changed.length === 0) {
      // Nothing moved since the last snapshot: its tree is still in the index's cache-tree, no process needed.
      const tree = (await treeOfIndex(path.join(this.gitDir, "index"))) ?? (await this.#writeTree());
      await this.#keep(tree);
      return { tree };
    }
    if (changed.length > MAX_SNAPSHOT_FILES) throw new SnapshotTooLargeError(changed.length, 0);
    const toAdd: string[] = [];
    const large: string[] = [];
    let bytes = 0;
    for (const file of changed) {
      const stats = await lstat(path.join(this.workTree, file)).catch(() => undefined);
      if (stats?.isFile() && stats.size > MAX_FILE_BYTES) large.push(file);
      else {
        toAdd.push(file);
        bytes += stats?.size ?? 0;
      }
    }
    if (bytes > MAX_SNAPSHOT_BYTES) throw new SnapshotTooLargeError(toAdd.length, bytes);
    if (large.length > 0) {
      await this.#writeExcludes(large);
      await this.#git(["rm", "--cached", "--quiet", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul"], {
        input: large.map((file) => `${file}\0`).join(""),
      });
    }
    if (toAdd.length > 0) {
      await this.#git(["add", "--all", "--ignore-errors", "--pathspec-from-file=-", "--pathspec-file-nul"], {
        input: toAdd.map((file) => `${file}\0`).join(""),
        allowExitCodes: [1],
      });
    }
    const [tree, changes] = await Promise.all([
      this.#writeTree(),
      since === undefined ? undefined : this.#changesInIndex(since),
    ]);
    await this.#keep(tree);
    // Not on the turn's path: the next snapshot waits for it, nothing else needs it.
    this.#headMoved = this.#pointHead(tree).catch(() => undefined);
    return changes === undefined ? { tree } : { tree, changes };
  }

  /** What the index holds that `since` did not (undefined when git fails: diff-tree lists it again). */
  #changesInIndex(since: string): Promise<FileChange[] | undefined> {
    return this.#git(["diff-index", "--cached", "-z", "--no-renames", "--raw", "--numstat", since]).then(
      (result) => parseRawNumstat(result.stdout),
      () => undefined,
    );
  }

  /**
   * HEAD, detached, on a commit (without parent, so that it keeps no older snapshot alive) of the tree just
   * written. `git status` compares the index with HEAD before it looks at the work tree; without a HEAD it lists
   * every file of the index as added — 5,000 lines to print and read at every snapshot. With HEAD on the index's
   * tree, git skips that comparison through the cache-tree and prints only what changed. Only a speed-up: a HEAD
   * left behind (another MAIA, a failure here) makes `status` longer, never a snapshot wrong.
   */
  async #pointHead(tree: string): Promise<void> {
    if (this.#head === tree) return;
    const commit = (await this.#git(["commit-tree", tree, "-m", "maia checkpoint"])).stdout.trim();
    if (!/^[0-9a-f]{40}$/.test(commit)) return;
    await writeFileAtomic(path.join(this.gitDir, "HEAD"), `${commit}\n`);
    this.#head = tree;
  }

  async #writeTree(): Promise<string> {
    return (await this.#git(["write-tree"])).stdout.trim();
  }

  /**
   * A ref `refs/maia/<tree>` keeps the tree's objects from `git gc`. Its name is its content, so creating the
   * loose ref file directly (atomically, only if absent) is all `update-ref` would do, without a process.
   */
  async #keep(tree: string): Promise<void> {
    if (this.#kept.has(tree)) return;
    if (!/^[0-9a-f]{40}$/.test(tree)) throw new Error(`git write-tree: unexpected output ${JSON.stringify(tree)}`);
    const ref = path.join(this.gitDir, "refs", "maia", tree);
    const present = await lstat(ref).then(
      () => true,
      () => false,
    );
    if (!present) await createFileExclusive(ref, `${tree}\n`);
    this.#kept.add(tree);
  }

  /** info/exclude: MAIA's folder, and the large files found so far (written only when it changes). */
  async #writeExcludes(large: readonly string[] = []): Promise<void> {
    for (const file of large) this.#large.add(file);
    const text = `${[...BASE_EXCLUDES, ...[...this.#large].map((file) => `/${escapeGlob(file)}`)].join("\n")}\n`;
    if (text === this.#excludes) return;
    await mkdir(path.join(this.gitDir, "info"), { recursive: true });
    await writeFile(path.join(this.gitDir, "info", "exclude"), text);
    this.#excludes = text;
  }

  /** What changed from one snapshot to another, with line counts (one `diff-tree --raw --numstat`). */
  async changes(from: string, to: string): Promise<FileChange[]> {
    return parseRawNumstat((await this.#git(["diff-tree", "-r", "-z", "--no-renames", "--raw", "--numstat", from, to])).stdout);
  }

  /** The paths, among `paths`, whose content or mode differs between two snapshots. */
  async differing(from: string, to: string, paths: readonly string[]): Promise<string[]> {
    if (paths.length === 0) return [];
    const wanted = new Set(paths);
    const listed = nulFields((await this.#git(["diff-tree", "-r", "-z", "--no-renames", "--name-only", from, to])).stdout);
    return listed.filter((file) => wanted.has(file));
  }

  /** Which of `paths` exist in a snapshot. */
  async present(commit: string, paths: readonly string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const listed = await this.#git(["ls-tree", "-r", "-z", "--name-only", commit, "--", ...paths]);
    return new Set(nulFields(listed.stdout));
  }

  /**
   * Puts `paths` back as they were in `commit`: files it held are written with their mode, the others removed
   * (with the folders that removal leaves empty).
   */
  restore(commit: string, paths: readonly string[]): Promise<void> {
    return this.#serial(() => this.#restore(commit, paths));
  }

  async #restore(commit: string, paths: readonly string[]): Promise<void> {
    const held = await this.present(commit, paths);
    const toWrite = paths.filter((file) => held.has(file));
    const toRemove = paths.filter((file) => !held.has(file));
    for (const file of toRemove) {
      const absolute = path.join(this.workTree, file);
      await rm(absolute, { force: true });
      await removeEmptyParents(path.dirname(absolute), this.workTree);
    }
    if (toWrite.length > 0) {
      await this.#git(["checkout", commit, "--pathspec-from-file=-", "--pathspec-file-nul"], {
        input: toWrite.map((file) => `${file}\0`).join(""),
      });
    }
  }

  /** Drops the refs of commits no longer recorded and lets git delete what only they kept. */
  async forget(commits: readonly string[], options: { collect: boolean }): Promise<void> {
    if (commits.length === 0 && !options.collect) return;
    await this.ensure();
    if (commits.length > 0) {
      await this.#git(["update-ref", "--stdin"], { input: commits.map((commit) => `delete refs/maia/${commit}\n`).join("") });
      for (const commit of commits) this.#kept.delete(commit);
    }
    // Not --prune=now: objects of a snapshot another MAIA is taking in this folder are not referenced yet.
    if (options.collect) await this.#git(["gc", "--quiet", "--prune=1.hour.ago"]);
  }
}

/** `--raw --numstat -z` output (of diff-tree or diff-index): each path's status, with its line counts. */
export function parseRawNumstat(output: string): FileChange[] {
  const fields = nulFields(output);
  const statuses = new Map<string, FileChange["status"]>();
  const lines = new Map<string, { added?: number; removed?: number }>();
  for (let index = 0; index < fields.length; index += 1) {
    const field = fields[index] ?? "";
    if (field.startsWith(":")) {
      // `:<mode> <mode> <id> <id> <status>` then the path as the next field.
      const code = field.split(" ").at(-1)?.charAt(0);
      const file = fields[index + 1] ?? "";
      statuses.set(file, code === "A" ? "A" : code === "D" ? "D" : "M");
      index += 1;
      continue;
    }
    // Without renames, a numstat field is `added<TAB>removed<TAB>path` ("-" counts for a binary file).
    const [added, removed, ...rest] = field.split("\t");
    lines.set(rest.join("\t"), added === "-" || added === undefined ? {} : { added: Number(added), removed: Number(removed) });
  }
  return [...statuses].map(([file, status]) => ({ path: file, status, ...lines.get(file) }));
}

function escapeGlob(file: string): string {
  return file.replace(/[\\*?[\]!#]/g, (char) => `\\${char}`).replace(/^ /, "\\ ");
}

async function removeEmptyParents(folder: string, root: string): Promise<void> {
  let current = folder;
  while (current.startsWith(root + path.sep) && current !== root) {
    const entries = await readdir(current).catch(() => undefined);
    if (entries === undefined || entries.length > 0) return;
    await rmdir(current).catch(() => undefined);
    current = path.dirname(current);
  }
}
