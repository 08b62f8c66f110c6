import { readdirSync, readFileSync } from "node:fs";

/** One process as /proc/<pid>/stat has it: its name (`comm`, at most 15 bytes) and its parent. */
export interface ProcessEntry {
  pid: number;
  comm: string;
  ppid: number;
}

/**
 * Reads one /proc/<pid>/stat line: `pid (comm) state ppid …`. The name may hold spaces and parentheses, so it ends
 * at the last `)`. Undefined for a line not of that shape.
 */
export function parseProcStat(line: string): ProcessEntry | undefined {
  const open = line.indexOf(" (");
  const close = line.lastIndexOf(")");
  if (open <= 0 || close < open) return undefined;
  const pid = Number(line.slice(0, open));
  const fields = line.slice(close + 2).split(" ");
  const ppid = Number(fields[1]);
  if (!Number.isSafeInteger(pid) || pid <= 0 || fields[0] === undefined || fields[0] === "" || !Number.isSafeInteger(ppid) || ppid < 0) return undefined;
  return { pid, comm: line.slice(open + 2, close), ppid };
}

/** Every process of the machine this process can see (those that end while it reads are left out). */
export function readProcessTable(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const entry = parseProcStat(readFileSync(`/proc/${name}/stat`, "utf8"));
      if (entry) entries.push(entry);
    } catch {
      // Ended in between.
    }
  }
  return entries;
}

/**
 * The processes that run a sandboxed command, below `root` (the bubblewrap MAIA spawned): every descendant except
 * bubblewrap's own processes (its monitor and the init of the sandbox's process namespace, a nested bubblewrap)
 * and socat relaying the proxy, all of which are children of bubblewrap's. Whatever the command started is below
 * those, whatever its process group or session (`setsid`, a daemon reparented to the namespace's init).
 */
export function commandProcesses(root: number, table: readonly ProcessEntry[] = readProcessTable()): number[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const entry of table) {
    const siblings = children.get(entry.ppid);
    if (siblings) siblings.push(entry);
    else children.set(entry.ppid, [entry]);
  }
  const found: number[] = [];
  const seen = new Set<number>([root]);
  const queue: { pid: number; plumbing: boolean }[] = [{ pid: root, plumbing: true }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const child of children.get(next.pid) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      const plumbing = next.plumbing && (child.comm === "bwrap" || child.comm === "socat");
      if (!plumbing) found.push(child.pid);
      queue.push({ pid: child.pid, plumbing });
    }
  }
  return found;
}
