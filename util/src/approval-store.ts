import { readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "./atomic-write.ts";

/**
 * Approvals of project files that would run programs (a project `.maia/mcp.json`, the hooks of a project's
 * settings): a cloned repository must not start anything by itself. An answer is kept in the user's home, never
 * in the project (a repository could ship its own "approved"), per file path (links resolved) and content hash:
 * any change to the content asks again, and the same content in another folder is asked about too. Each feature
 * keeps its own store file (`~/.maia/mcp-approvals.json`, `~/.maia/hooks-approvals.json`).
 */
interface Store {
  approved: Record<string, string>;
}

export interface ApprovalLookup {
  approved: boolean;
  /** Set when the store exists but is not what MAIA writes: it is then treated as empty. */
  invalid?: boolean;
}

export async function isApprovedIn(store: string, file: string, hash: string): Promise<ApprovalLookup> {
  const current = await readStore(store);
  if (current === "invalid") return { approved: false, invalid: true };
  return { approved: current.approved[await canonicalPath(file)] === hash };
}

/** Records the approval; the store is replaced atomically (write aside, then rename), readable by the user only. */
export async function rememberApprovalIn(store: string, file: string, hash: string): Promise<void> {
  const current = await readStore(store);
  const next: Store = { approved: { ...(current === "invalid" ? {} : current.approved), [await canonicalPath(file)]: hash } };
  await writeFileAtomic(store, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
}

async function readStore(store: string): Promise<Store | "invalid"> {
  let text: string;
  try {
    text = await readFile(store, "utf8");
  } catch {
    return { approved: {} };
  }
  try {
    const value = JSON.parse(text) as unknown;
    const approved = (value as { approved?: unknown } | null)?.approved;
    if (typeof approved !== "object" || approved === null || Array.isArray(approved)) return "invalid";
    const entries = Object.entries(approved).filter((entry): entry is [string, string] => typeof entry[1] === "string");
    return { approved: Object.fromEntries(entries) };
  } catch {
    return "invalid";
  }
}

async function canonicalPath(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    return path.resolve(file);
  }
}
