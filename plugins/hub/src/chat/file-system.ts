import { lstat, mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { RequestError } from "@agentclientprotocol/sdk";
import type { ToolDiff } from "../protocol.ts";
import { t } from "./messages.ts";

/** JSON-RPC codes of the refusals the agent reads: invalid params for a path the hub refuses, ACP's "resource not found". */
const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;

function causeOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function inside(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * The real path `file` designates, refused unless it lies inside the agent's `cwd` (itself resolved). The
 * nearest existing ancestor is resolved, so a symlink anywhere on the way — the file itself included — counts by
 * its target: a link inside `cwd` that points out is refused like the path it points to.
 */
export async function confine(cwd: string, file: string): Promise<string> {
  if (!path.isAbsolute(file)) throw new RequestError(INVALID_PARAMS, t("notAbsolute", { path: file }));
  const root = await realpath(cwd);
  let existing = path.resolve(file);
  const rest: string[] = [];
  for (;;) {
    try {
      existing = await realpath(existing);
      break;
    } catch {
      // There but not resolvable: a dangling symlink, whose target a write would create wherever it points.
      if (await lstat(existing).then(() => true, () => false)) throw new RequestError(INVALID_PARAMS, t("outsideCwd", { path: file, cwd }));
      const parent = path.dirname(existing);
      if (parent === existing) throw new RequestError(INVALID_PARAMS, t("outsideCwd", { path: file, cwd }));
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
  const real = path.join(existing, ...rest);
  if (!inside(root, real)) throw new RequestError(INVALID_PARAMS, t("outsideCwd", { path: file, cwd }));
  return real;
}

/** `fs/read_text_file`: the file's text, from 1-based `line`, at most `limit` lines. */
export async function readTextFile(cwd: string, request: { path: string; line?: number | null; limit?: number | null }): Promise<string> {
  const real = await confine(cwd, request.path);
  let text: string;
  try {
    text = await readFile(real, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new RequestError(RESOURCE_NOT_FOUND, t("fileMissing", { path: request.path }));
    throw new RequestError(INVALID_PARAMS, t("readFailed", { path: request.path, cause: causeOf(error) }));
  }
  if (request.line == null && request.limit == null) return text;
  const lines = text.split(/(?<=\n)/);
  const from = Math.max(0, (request.line ?? 1) - 1);
  const to = request.limit == null ? lines.length : from + Math.max(0, request.limit);
  return lines.slice(from, to).join("");
}

/** `fs/write_text_file`: writes the file (creating its folders inside `cwd`) and returns the change as a diff. */
export async function writeTextFile(cwd: string, request: { path: string; content: string }): Promise<ToolDiff> {
  const real = await confine(cwd, request.path);
  let oldText: string | undefined;
  try {
    oldText = await readFile(real, "utf8");
  } catch {
    oldText = undefined;
  }
  try {
    await mkdir(path.dirname(real), { recursive: true });
    await writeFile(real, request.content, "utf8");
  } catch (error) {
    throw new RequestError(INVALID_PARAMS, t("writeFailed", { path: request.path, cause: causeOf(error) }));
  }
  return { path: request.path, oldText: oldText ?? "", newText: request.content, newFile: oldText === undefined };
}
