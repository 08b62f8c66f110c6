import { lstat, mkdir, readdir, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { gitRunner, nulFields, type Git } from "./git.ts";

/** Files larger than this are left out of checkpoints (a build artefact, a database): documented in docs/checkpoints.md. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

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
 * A git repository of MAIA's own (`~/.maia/checkpoints/<folder id>/git`) whose work tree is the launch folder.
 * A snapshot is `git add -A` into its own index (git's stat cache makes the next one cheap) and `write-tree`,
 * kept alive by a commit under `refs/maia/`. The user's `.git`, index, stash and hooks are never read or
 * written: every command runs with GIT_DIR set and the inherited GIT_* variables removed (git.ts).
 */
export class ShadowRepo {
  readonly gitDir: string;
  readonly workTree: string;
  readonly #git: Git;
  #ready: Promise<void> | undefined;

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
    for (const [key, value] of [
      ["core.autocrlf", "false"],
      ["core.symlinks", "true"],
      ["core.quotePath", "false"],
      ["core.hooksPath", "/dev/null"],
      ["gc.auto", "0"],
      ["commit.gpgSign", "false"],
    ] as const) {
      await this.#git(["config", key, value]);
    }
  }

  /**
   * Records the work tree as it is now and returns the commit that keeps it. Ignored files (the folder's own
   * .gitignore files), MAIA's folder and files over MAX_FILE_BYTES are not part of it.
   */
  async snapshot(label: string): Promise<string> {
    await this.ensure();
    await this.#excludeLargeFiles();
    await this.#git(["add", "--all", "--ignore-errors", "--", "."], { allowExitCodes: [1] });
    const tree = (await this.#git(["write-tree"])).stdout.trim();
    const commit = (await this.#git(["commit-tree", tree, "-m", label])).stdout.trim();
    await this.#git(["update-ref", `refs/maia/${commit}`, commit]);
    return commit;
  }

  /** Untracked files over the size limit go into info/exclude before `add` (tracked ones are dropped from the index). */
  async #excludeLargeFiles(): Promise<void> {
    const listed = await this.#git(["ls-files", "-z", "--others", "--modified", "--exclude-standard"]);
    const large: string[] = [];
    for (const file of new Set(nulFields(listed.stdout))) {
      const stats = await lstat(path.join(this.workTree, file)).catch(() => undefined);
      if (stats?.isFile() && stats.size > MAX_FILE_BYTES) large.push(file);
    }
    const lines = [...BASE_EXCLUDES, ...large.map((file) => `/${escapeGlob(file)}`)];
    await mkdir(path.join(this.gitDir, "info"), { recursive: true });
    await writeFile(path.join(this.gitDir, "info", "exclude"), `${lines.join("\n")}\n`);
    if (large.length > 0) {
      await this.#git(["rm", "--cached", "--quiet", "--ignore-unmatch", "--pathspec-from-file=-", "--pathspec-file-nul"], {
        input: large.map((file) => `${file}\0`).join(""),
      });
    }
  }

  /** What changed from one snapshot to another, with line counts. */
  async changes(from: string, to: string): Promise<FileChange[]> {
    const statuses = nulFields((await this.#git(["diff-tree", "-r", "-z", "--no-renames", "--name-status", from, to])).stdout);
    const counts = nulFields((await this.#git(["diff-tree", "-r", "-z", "--no-renames", "--numstat", from, to])).stdout);
    // Without renames, each -z numstat field is `added<TAB>removed<TAB>path` ("-" counts for a binary file).
    const lines = new Map<string, { added?: number; removed?: number }>();
    for (const field of counts) {
      const [added, removed, ...rest] = field.split("\t");
      const file = rest.join("\t");
      lines.set(file, added === "-" || added === undefined ? {} : { added: Number(added), removed: Number(removed) });
    }
    const changes: FileChange[] = [];
    for (let index = 0; index + 1 < statuses.length; index += 2) {
      const code = (statuses[index] ?? "").charAt(0);
      const file = statuses[index + 1] ?? "";
      const status = code === "A" ? "A" : code === "D" ? "D" : "M";
      changes.push({ path: file, status, ...lines.get(file) });
    }
    return changes;
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
  async restore(commit: string, paths: readonly string[]): Promise<void> {
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
    }
    // Not --prune=now: objects of a snapshot another MAIA is taking in this folder are not referenced yet.
    if (options.collect) await this.#git(["gc", "--quiet", "--prune=1.hour.ago"]);
  }
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
