import { appendFile, mkdir, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { randomHex, sha256Hex, writeFileAtomic } from "@maia/util";
import { ShadowRepo } from "./shadow-repo.ts";
import { parseTurnLog, serializeLine, type LogLine, type TurnLog } from "./turn-log.ts";

/** `~/.maia/checkpoints/<folder id>/`: one per launch folder, whatever the session. */
export async function folderRoot(homeDir: string, cwd: string): Promise<string> {
  const real = await realpath(cwd).catch(() => path.resolve(cwd));
  const id = sha256Hex(real).slice(0, 16);
  const name = path.basename(real).replace(/[^\w.-]/g, "_").slice(0, 40) || "root";
  return path.join(homeDir, ".maia", "checkpoints", `${name}-${id}`);
}

export function newTurnId(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(2, 14);
  return `${stamp}-${randomHex(3)}`;
}

/**
 * The checkpoints of one launch folder: the shadow repository (`git/`), the log of turns (`turns.jsonl`, one
 * JSON line each, appended so that a terminal and an editor in the same folder never overwrite each other), and
 * without git, the copies Edit and Write replaced (`backups/`).
 */
export class CheckpointStore {
  readonly root: string;
  readonly cwd: string;
  readonly repo: ShadowRepo;
  #described = false;

  private constructor(root: string, cwd: string, env: NodeJS.ProcessEnv) {
    this.root = root;
    this.cwd = cwd;
    this.repo = new ShadowRepo({ gitDir: path.join(root, "git"), workTree: cwd, env });
  }

  static async open(options: { homeDir: string; cwd: string; env: NodeJS.ProcessEnv }): Promise<CheckpointStore> {
    const cwd = await realpath(options.cwd).catch(() => path.resolve(options.cwd));
    return new CheckpointStore(await folderRoot(options.homeDir, cwd), cwd, options.env);
  }

  get logFile(): string {
    return path.join(this.root, "turns.jsonl");
  }

  backupFile(name: string): string {
    return path.join(this.root, "backups", name);
  }

  async read(): Promise<TurnLog> {
    const text = await readFile(this.logFile, "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return "";
      throw error;
    });
    return parseTurnLog(text);
  }

  async append(line: LogLine): Promise<void> {
    if (!this.#described) {
      // Which folder this is, for someone looking into ~/.maia/checkpoints/: written when missing or stale only,
      // not by every `maia -p` (an atomic write waits for the disk twice).
      await mkdir(this.root, { recursive: true });
      const described = path.join(this.root, "folder");
      const text = `${this.cwd}\n`;
      if ((await readFile(described, "utf8").catch(() => undefined)) !== text) await writeFileAtomic(described, text).catch(() => undefined);
      this.#described = true;
    }
    await appendFile(this.logFile, serializeLine(line), { mode: 0o600 });
  }

  /** Replaces the whole log (pruning), atomically. */
  async rewrite(lines: readonly LogLine[]): Promise<void> {
    await writeFileAtomic(this.logFile, lines.map(serializeLine).join(""), { mode: 0o600 });
  }
}
