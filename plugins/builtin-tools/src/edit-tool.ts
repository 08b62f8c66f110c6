import { readFile, stat } from "node:fs/promises";
import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { writeFileAtomic } from "@maia/util";
import { toolDoc as d } from "./descriptions.ts";
import { replaceOnce, lineOf } from "./edit-replace.ts";
import { editPreview } from "./file-preview.ts";
import { classifyBytes, SNIFF_BYTES } from "@maia/util";
import { guardSeen, inspectTarget } from "./file-guard.ts";
import { markFileSeen } from "./files-seen.ts";
import { t } from "./messages.ts";
import { displayPath, resolveToolPath } from "./paths.ts";
import { numberedLine, splitLines } from "./read-format.ts";
import { renameFilePath } from "./read-tool.ts";
import { decodeText, encodeText } from "@maia/util";
import { fsCause, toolError } from "./tool-result.ts";
import type { ToolEnvironment } from "./tool-environment.ts";

export interface EditInput extends Record<string, unknown> {
  path: string;
  old_string: string;
  new_string: string;
}

/** Lines of context shown around the change, so the model sees the result without a new Read. */
const SNIPPET_CONTEXT = 3;
/** A snippet longer than this many lines is cut to its start. */
const SNIPPET_MAX_LINES = 40;

/** `file_path`, and the `old_str` / `new_str` names of the str_replace editors some models were trained on. */
export function normalizeEditInput(raw: Record<string, unknown>): Record<string, unknown> {
  const input = { ...renameFilePath(raw) };
  for (const [alias, name] of [["old_str", "old_string"], ["new_str", "new_string"]] as const) {
    if (input[name] === undefined && typeof input[alias] === "string") {
      input[name] = input[alias];
      delete input[alias];
    }
  }
  return input;
}

export function createEditTool(environment: ToolEnvironment): Tool<EditInput> {
  return {
    spec: {
      name: "Edit",
      description: d("edit"),
      inputSchema: {
        type: "object",
        properties: {
          path: { type: "string", minLength: 1, description: d("editPath") },
          old_string: { type: "string", description: d("editOld") },
          new_string: { type: "string", description: d("editNew") },
        },
        required: ["path", "old_string", "new_string"],
      },
    },
    permission: "ask",
    normalizeInput: normalizeEditInput,
    describe: (input) => input.path,
    kind: "edit",
    locations: (input, { cwd }) => [{ path: resolveToolPath(input.path, cwd, environment.homeDir) }],
    lockKey: (input, { cwd }) => `file:${resolveToolPath(input.path, cwd, environment.homeDir)}`,
    preview: (input, { cwd }) => editPreview(resolveToolPath(input.path, cwd, environment.homeDir), input.old_string, input.new_string),
    execute: (input, context) => editPath(input, context, environment),
  };
}

async function editPath(input: EditInput, context: ToolContext, environment: ToolEnvironment): Promise<ToolOutput> {
  const absolute = resolveToolPath(input.path, context.cwd, environment.homeDir);
  const shown = displayPath(absolute, context.cwd);
  if (input.old_string === "") return toolError(t("editEmptyOld", { path: shown }), input);
  if (input.old_string === input.new_string) return toolError(t("editSameStrings", { path: shown }), input);
  const target = await inspectTarget(absolute, shown, input);
  if ("problem" in target) return target.problem;
  if (!target.exists) return toolError(t("editNoFile", { path: shown }), input);

  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    return toolError(t("readFailed", { path: shown, cause: fsCause(error) }), input);
  }
  const refused = await guardSeen(context, absolute, shown, target.stats, input, bytes);
  if (refused) return refused;
  if (classifyBytes(bytes.subarray(0, SNIFF_BYTES)).kind !== "text") return toolError(t("editBinary", { path: shown }), input);

  const { text, encoding } = decodeText(bytes);
  const outcome = replaceOnce(text, input.old_string, input.new_string);
  if (outcome.kind === "absent") {
    const hint = /^\s*\d+\t/m.test(input.old_string) ? ` ${t("editLineNumbersHint")}` : "";
    return toolError(`${t("editAbsent", { path: shown })}${hint}`, input);
  }
  if (outcome.kind === "multiple") {
    const lines = outcome.lines.slice(0, 10).join(", ") + (outcome.lines.length > 10 ? ", …" : "");
    return toolError(t("editMultiple", { path: shown, count: outcome.count, lines }), input);
  }
  const written = encodeText(outcome.text, encoding);
  try {
    await writeFileAtomic(absolute, written);
  } catch (error) {
    return toolError(t("writeFailed", { path: shown, cause: fsCause(error) }), input);
  }
  markFileSeen(context.state, absolute, await stat(absolute), written);
  const firstLine = lineOf(outcome.text, outcome.start);
  return `${t("editDone", { path: shown, line: firstLine })}\n${snippet(outcome.text, outcome.start, outcome.insertedLength)}`;
}

/** The edited lines with a few around them, numbered as Read numbers them. */
function snippet(text: string, start: number, length: number): string {
  const lines = splitLines(text);
  const first = lineOf(text, start);
  const last = lineOf(text, start + Math.max(0, length - 1));
  const from = Math.max(1, first - SNIPPET_CONTEXT);
  const to = Math.min(lines.length, last + SNIPPET_CONTEXT, from + SNIPPET_MAX_LINES - 1);
  const cut = (omitted: number) => t("lineCut", { count: omitted });
  return lines
    .slice(from - 1, to)
    .map((line, index) => numberedLine(from + index, line, cut))
    .join("\n");
}
