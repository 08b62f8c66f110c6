import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { AnyTool } from "@maia/kernel";
import type { ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";

/** What an ACP client is told about a tool call when it is announced and when permission is asked. */
export interface ToolDetails {
  title: string;
  kind: ToolKind;
  locations: ToolCallLocation[];
  rawInput: Record<string, unknown>;
  /** For Edit and Write: the file before and after (whole texts, absolute path), when it can be known. */
  diff?: Extract<ToolCallContent, { type: "diff" }>;
}

const KINDS: Record<string, ToolKind> = {
  Read: "read",
  Edit: "edit",
  Write: "edit",
  Bash: "execute",
  Grep: "search",
  Glob: "search",
  WebFetch: "fetch",
};

/** Above this size a file is not sent twice (old and new) to the editor for a diff. */
const DIFF_MAX_BYTES = 2 * 1024 * 1024;

export function kindOf(name: string): ToolKind {
  return KINDS[name] ?? "other";
}

/** The input as the tool will see it (aliases such as `file_path` resolved); the tool's own repair, never throwing. */
export function normalizedInput(tool: AnyTool | undefined, input: Record<string, unknown>): Record<string, unknown> {
  try {
    return tool?.normalizeInput?.(input) ?? input;
  } catch {
    return input;
  }
}

/** "Read src/a.ts": the tool's name and its `describe` summary, the same words the confirmation uses. */
export function titleOf(name: string, tool: AnyTool | undefined, input: Record<string, unknown>): string {
  let summary = "";
  try {
    summary = tool?.describe?.(input) ?? "";
  } catch {
    summary = "";
  }
  const oneLine = summary.replace(/\s*\n\s*/g, " ").trim();
  return oneLine === "" ? name : `${name} ${oneLine}`;
}

/** The absolute path a tool input designates (seed § 8: `~`, absolute, or relative to the launch folder). */
export function absolutePathOf(input: Record<string, unknown>, cwd: string, homeDir: string): string | undefined {
  const given = ["path", "file_path", "filePath"].map((key) => input[key]).find((value): value is string => typeof value === "string" && value !== "");
  if (given === undefined) return undefined;
  if (given === "~") return path.resolve(homeDir);
  if (given.startsWith("~/")) return path.resolve(homeDir, given.slice(2));
  return path.resolve(cwd, given);
}

/**
 * Everything but the diff, without touching the disk: title, kind, locations (with the first line for Read's
 * offset), and the input as sent.
 */
export function describeCall(
  name: string,
  tool: AnyTool | undefined,
  rawInput: Record<string, unknown>,
  places: { cwd: string; homeDir: string },
): ToolDetails {
  const input = normalizedInput(tool, rawInput);
  const file = absolutePathOf(input, places.cwd, places.homeDir);
  const line = name === "Read" && typeof input.offset === "number" && input.offset > 0 ? input.offset : undefined;
  return {
    title: titleOf(name, tool, input),
    kind: kindOf(name),
    locations: file === undefined ? [] : [line === undefined ? { path: file } : { path: file, line }],
    rawInput: input,
  };
}

/**
 * The details of a call, with the diff of Edit and Write computed from the file as it is now — callers make
 * sure "now" is before the tool runs. Edit's new text is the old one with its single replacement; when the
 * replacement cannot apply (absent or repeated `old_string`), there is no diff and the tool will say why.
 */
export async function detailsWithDiff(
  name: string,
  tool: AnyTool | undefined,
  rawInput: Record<string, unknown>,
  places: { cwd: string; homeDir: string },
): Promise<ToolDetails> {
  const details = describeCall(name, tool, rawInput, places);
  if (name !== "Edit" && name !== "Write") return details;
  const file = details.locations[0]?.path;
  if (file === undefined) return details;
  const before = await readText(file);
  if (before === "unreadable") return details;
  const input = details.rawInput;
  if (name === "Write") {
    if (typeof input.content !== "string") return details;
    return { ...details, diff: { type: "diff", path: file, oldText: before ?? null, newText: input.content } };
  }
  const { old_string: oldString, new_string: newString } = input;
  if (before === undefined || typeof oldString !== "string" || typeof newString !== "string" || oldString === "") return details;
  const at = before.indexOf(oldString);
  if (at < 0 || before.indexOf(oldString, at + 1) >= 0) return details;
  const after = `${before.slice(0, at)}${newString}${before.slice(at + oldString.length)}`;
  const line = before.slice(0, at).split("\n").length;
  return { ...details, locations: [{ path: file, line }], diff: { type: "diff", path: file, oldText: before, newText: after } };
}

/** The file's text; undefined when it does not exist; "unreadable" for a folder, a binary or a huge file. */
async function readText(file: string): Promise<string | undefined | "unreadable"> {
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size > DIFF_MAX_BYTES) return "unreadable";
    const bytes = await readFile(file);
    if (bytes.includes(0)) return "unreadable";
    return bytes.toString("utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : "unreadable";
  }
}
