import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isMissing } from "./missing-path.ts";
import { processAlive } from "./process-alive.ts";

/** One command a MAIA process runs in the background: its process group and when its leader started. */
export interface LedgerEntry {
  /** The process group (the shell's pid: it leads the group). */
  pgid: number;
  /** The leader's start time as the system reports it, to tell it from a later process given the same id. */
  started: string | undefined;
  id: string;
  command: string;
}

interface LedgerFile {
  owner: { pid: number; started: string | undefined };
  commands: LedgerEntry[];
}

/** The folder of the ledgers: one file per MAIA process that has background commands running. */
export function ledgerFolder(homeDir: string): string {
  return path.join(homeDir, ".maia", "background");
}

/**
 * What one MAIA process has running in the background, written to a file of its own in the user's
 * `~/.maia/background` each time that changes (and removed when nothing runs), so that a MAIA started after
 * this one crashed — or the parent of a sub-agent that was killed — can stop what it left behind
 * (`reapOrphans`). Commands in the OS sandbox die with MAIA anyway; the others would otherwise run on.
 * Writes are synchronous and never throw: the ledger is a safety net, not something to fail a command for.
 */
export class BackgroundLedger {
  readonly #folder: string;
  readonly #file: string;
  readonly #owner: LedgerFile["owner"];
  #written = false;

  constructor(folder: string, owner: number = process.pid) {
    this.#folder = folder;
    this.#owner = { pid: owner, started: processStartTime(owner) };
    this.#file = path.join(folder, `${owner}.json`);
  }

  /** Records the commands running now (none: the file goes). */
  write(commands: readonly LedgerEntry[]): void {
    try {
      if (commands.length === 0) {
        if (this.#written) rmSync(this.#file, { force: true });
        this.#written = false;
        return;
      }
      mkdirSync(this.#folder, { recursive: true, mode: 0o700 });
      const temporary = `${this.#file}.tmp`;
      const content: LedgerFile = { owner: this.#owner, commands: [...commands] };
      writeFileSync(temporary, `${JSON.stringify(content)}\n`, { mode: 0o600 });
      renameSync(temporary, this.#file);
      this.#written = true;
    } catch {
      // A folder that cannot be written (read-only home): the commands still die with this MAIA when it ends.
    }
  }
}

/**
 * Stops the background commands that MAIA processes now gone left running (a crash, a SIGKILL, a sub-agent
 * killed after its grace), found in the ledgers of `folder`: SIGTERM to each group still there, SIGKILL to those
 * still there after `graceMs`. `owner` limits it to one dead process's ledger (a sub-agent's, by its parent).
 * A group is stopped only when it is surely the one recorded: its leader runs with the recorded start time, or
 * the leader is gone and the group remains (an id in use as a group is never given to a new process). Returns the
 * commands stopped. Never throws.
 */
export async function reapOrphans(folder: string, options: { owner?: number; graceMs?: number } = {}): Promise<LedgerEntry[]> {
  if (isMissing(folder)) return [];
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => /^\d+\.json$/.test(name));
  } catch {
    return [];
  }
  if (options.owner !== undefined) names = names.filter((name) => name === `${options.owner}.json`);
  const orphans: LedgerEntry[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    const ledger = readLedger(file);
    if (!ledger) {
      rmSync(file, { force: true });
      continue;
    }
    if (ledger.owner.pid === process.pid || ownerRuns(ledger.owner)) continue;
    orphans.push(...ledger.commands.filter(stillOurs));
    rmSync(file, { force: true });
  }
  if (orphans.length === 0) return [];
  for (const orphan of orphans) signalGroup(orphan.pgid, "SIGTERM");
  const deadline = Date.now() + (options.graceMs ?? 1_000);
  while (orphans.some((orphan) => signalGroup(orphan.pgid, 0)) && Date.now() < deadline) await delay(20);
  for (const orphan of orphans) signalGroup(orphan.pgid, "SIGKILL");
  return orphans;
}

/** When the process started, as the system says (Linux: clock ticks since boot; elsewhere `ps`'s lstart). */
export function processStartTime(pid: number): string | undefined {
  try {
    if (process.platform === "linux") {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The name (field 2) may hold spaces and parentheses: the fields after the last ")" start at field 3.
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    }
    const started = execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return started === "" ? undefined : started;
  } catch {
    return undefined;
  }
}

function readLedger(file: string): LedgerFile | undefined {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as Partial<LedgerFile>;
    if (typeof value.owner?.pid !== "number" || !Array.isArray(value.commands)) return undefined;
    const commands = value.commands.filter((entry): entry is LedgerEntry => Number.isInteger(entry?.pgid) && entry.pgid > 1);
    return { owner: value.owner, commands };
  } catch {
    return undefined;
  }
}

function ownerRuns(owner: LedgerFile["owner"]): boolean {
  if (!processAlive(owner.pid)) return false;
  // Alive under the same id but started at another time: another process took the dead one's id.
  return owner.started === undefined || processStartTime(owner.pid) === owner.started;
}

function stillOurs(entry: LedgerEntry): boolean {
  if (!signalGroup(entry.pgid, 0)) return false;
  if (!processAlive(entry.pgid)) return true;
  return entry.started !== undefined && processStartTime(entry.pgid) === entry.started;
}

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
