import { readFile, realpath } from "node:fs/promises";
import { writeFileAtomic } from "@maia/util";
import path from "node:path";

/**
 * Approvals of project `.maia/mcp.json` files (beyond seed § 22.1): a cloned repository must not start
 * programs by itself, so its servers start only once the user said yes to that file. The answer is kept in
 * the user's home, never in the project (a repository could ship its own "approved"), per file path and
 * content hash: any change to the file (a new server, another command, other arguments) asks again, and the
 * same content in another folder, whose relative paths point elsewhere, is asked about too.
 */
export function approvalStorePath(homeDir: string): string {
  return path.join(homeDir, ".maia", "mcp-approvals.json");
}

interface Store {
  approved: Record<string, string>;
}

export interface ApprovalLookup {
  approved: boolean;
  /** Set when the store exists but is not what MAIA writes: it is then treated as empty. */
  invalid?: boolean;
}

export async function isApproved(homeDir: string, file: string, hash: string): Promise<ApprovalLookup> {
  const store = await readStore(homeDir);
  if (store === "invalid") return { approved: false, invalid: true };
  return { approved: store.approved[await canonical(file)] === hash };
}

/** Records the approval; the store is replaced atomically (write aside, then rename), readable by the user only. */
export async function rememberApproval(homeDir: string, file: string, hash: string): Promise<void> {
  const target = approvalStorePath(homeDir);
  const current = await readStore(homeDir);
  const store: Store = { approved: { ...(current === "invalid" ? {} : current.approved), [await canonical(file)]: hash } };
  await writeFileAtomic(target, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
}

async function readStore(homeDir: string): Promise<Store | "invalid"> {
  let text: string;
  try {
    text = await readFile(approvalStorePath(homeDir), "utf8");
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

async function canonical(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    return path.resolve(file);
  }
}
