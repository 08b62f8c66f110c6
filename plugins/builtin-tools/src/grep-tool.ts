import { stat } from "node:fs/promises";
import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { toolDoc as d } from "./descriptions.ts";
import { GrepCollector, type GrepMode } from "./grep-output.ts";
import { searchFiles } from "./grep-search.ts";
import { LineMatcher } from "./line-matcher.ts";
import { formatSize, t } from "./messages.ts";
import { displayPath, resolveToolPath } from "./paths.ts";
import { GREP_MAX_FILE_BYTES } from "./file-bytes.ts";
import { folderLabel, fsCause, toolError } from "./tool-result.ts";
import type { ToolEnvironment } from "./tool-environment.ts";

export interface GrepInput extends Record<string, unknown> {
  pattern: string;
  path?: string;
  glob?: string;
  output_mode?: GrepMode;
  "-i"?: boolean;
  "-n"?: boolean;
  "-A"?: number;
  "-B"?: number;
  "-C"?: number;
  head_limit?: number;
}

/** Seed § 23: Grep's default head_limit (0 means no limit). */
export const GREP_DEFAULT_HEAD_LIMIT = 250;

const BOOLEAN_OPTIONS = ["-i", "-n"] as const;

/** Models sometimes send flags as "true"/"false" strings; the schema wants booleans. */
export function normalizeGrepInput(raw: Record<string, unknown>): Record<string, unknown> {
  const input = { ...raw };
  for (const key of BOOLEAN_OPTIONS) {
    if (input[key] === "true") input[key] = true;
    else if (input[key] === "false") input[key] = false;
  }
  return input;
}

export function createGrepTool(environment: ToolEnvironment): Tool<GrepInput> {
  const count = { type: "integer", minimum: 0 };
  return {
    spec: {
      name: "Grep",
      description: d("grep", { headLimit: GREP_DEFAULT_HEAD_LIMIT }),
      inputSchema: {
        type: "object",
        properties: {
          pattern: { type: "string", minLength: 1, description: d("grepPattern") },
          path: { type: "string", minLength: 1, description: d("grepPath") },
          glob: { type: "string", minLength: 1, description: d("grepGlob") },
          output_mode: { type: "string", enum: ["files_with_matches", "content", "count"], description: d("grepMode") },
          "-i": { type: "boolean", description: d("grepIgnoreCase") },
          "-n": { type: "boolean", description: d("grepLineNumbers") },
          "-A": { ...count, description: d("grepAfter") },
          "-B": { ...count, description: d("grepBefore") },
          "-C": { ...count, description: d("grepContext") },
          head_limit: { ...count, description: d("grepHeadLimit", { headLimit: GREP_DEFAULT_HEAD_LIMIT }) },
        },
        required: ["pattern"],
      },
    },
    permission: "auto",
    normalizeInput: normalizeGrepInput,
    describe: (input) => (input.path ? `${input.pattern} (${input.path})` : input.pattern),
    kind: "search",
    locations: (input, { cwd }) => (input.path ? [{ path: resolveToolPath(input.path, cwd, environment.homeDir) }] : []),
    execute: (input, context) => grep(input, context, environment),
  };
}

async function grep(input: GrepInput, context: ToolContext, environment: ToolEnvironment): Promise<ToolOutput> {
  let matcher: LineMatcher;
  try {
    matcher = new LineMatcher(input.pattern, input["-i"] === true);
  } catch (error) {
    return toolError(t("grepBadPattern", { pattern: input.pattern, error: error instanceof Error ? error.message : String(error) }), input);
  }
  const absolute = resolveToolPath(input.path ?? ".", context.cwd, environment.homeDir);
  const shown = displayPath(absolute, context.cwd);
  let isFile: boolean;
  try {
    const stats = await stat(absolute);
    if (!stats.isFile() && !stats.isDirectory()) return toolError(t("notRegularFile", { path: shown }), input);
    isFile = stats.isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return toolError(t("searchPathNotFound", { path: shown }), input);
    return toolError(t("searchPathFailed", { path: shown, cause: fsCause(error) }), input);
  }

  const mode = input.output_mode ?? "files_with_matches";
  const around = input["-C"] ?? 0;
  const headLimit = input.head_limit ?? GREP_DEFAULT_HEAD_LIMIT;
  const collector = new GrepCollector(matcher, {
    mode,
    before: mode === "content" ? (input["-B"] ?? around) : 0,
    after: mode === "content" ? (input["-A"] ?? around) : 0,
    lineNumbers: input["-n"] ?? true,
    headLimit,
    cutNote: (omitted) => t("lineCut", { count: omitted }),
  });
  const stats = await searchFiles({ absolute, isFile, cwd: context.cwd, signal: context.signal, glob: isFile ? undefined : input.glob }, matcher, collector);

  const notes: string[] = [];
  if (collector.limited) notes.push(t("grepLimited", { limit: headLimit }));
  if (stats.skippedLarge > 0) notes.push(t("grepSkippedLarge", { count: stats.skippedLarge, limit: formatSize(GREP_MAX_FILE_BYTES) }));
  const tail = notes.length > 0 ? `\n\n${notes.join("\n")}` : "";
  if (collector.filesMatched === 0) return t("grepNone", { pattern: input.pattern, path: folderLabel(shown) }) + tail;
  const body = collector.lines.join("\n");
  if (mode === "files_with_matches") return `${t("grepFoundFiles", { count: collector.lines.length })}\n${body}${tail}`;
  if (mode === "count") return `${body}\n\n${t("grepCountTotal", { lines: collector.matchingLines, files: collector.filesMatched })}${tail}`;
  return body + tail;
}
