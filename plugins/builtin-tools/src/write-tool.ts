import { open, stat } from "node:fs/promises";
import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { writeFileAtomic } from "@maia/util";
import { toolDoc as d } from "./descriptions.ts";
import { guardSeen, inspectTarget } from "./file-guard.ts";
import { writePreview } from "./file-preview.ts";
import { markFileSeen } from "./files-seen.ts";
import { formatSize, t } from "./messages.ts";
import { displayPath, resolveToolPath } from "./paths.ts";
import { renameFilePath } from "./read-tool.ts";
import { splitLines } from "./read-format.ts";
import { detectEncoding, encodeText, type TextEncoding } from "@maia/util";
import { fsCause, toolError } from "./tool-result.ts";
import type { ToolEnvironment } from "./tool-environment.ts";

export interface WriteInput extends Record<string, unknown> {
  path: string;
  content: string;
}

/** Seed § 8: the names models use for the content, besides `content`. */
export const CONTENT_ALIASES = ["contents", "text", "file_text", "file_content", "data", "body"] as const;

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** `file_path` for `path`, an alias for `content`, an array of lines joined by line breaks (seed § 8). */
export function normalizeWriteInput(raw: Record<string, unknown>): Record<string, unknown> {
  let input = renameFilePath(raw);
  if (input.content === undefined) {
    const alias = CONTENT_ALIASES.find((key) => typeof input[key] === "string" || isStringArray(input[key]));
    if (alias) {
      const { [alias]: value, ...rest } = input;
      input = { ...rest, content: value };
    }
  }
  if (isStringArray(input.content)) input = { ...input, content: input.content.join("\n") };
  return input;
}

export function createWriteTool(environment: ToolEnvironment): Tool<WriteInput> {
  return {
    spec: {
      name: "Write",
      description: d("write"),
      inputSchema: {
        type: "object",
        properties: {
          path: { type: "string", minLength: 1, description: d("writePath") },
          content: { type: "string", description: d("writeContent") },
        },
        required: ["path", "content"],
      },
    },
    permission: "ask",
    normalizeInput: normalizeWriteInput,
    describe: (input) => input.path,
    kind: "edit",
    locations: (input, { cwd }) => [{ path: resolveToolPath(input.path, cwd, environment.homeDir) }],
    lockKey: (input, { cwd }) => `file:${resolveToolPath(input.path, cwd, environment.homeDir)}`,
    preview: (input, { cwd }) => writePreview(resolveToolPath(input.path, cwd, environment.homeDir), input.content),
    execute: (input, context) => writePath(input, context, environment),
  };
}

async function writePath(input: WriteInput, context: ToolContext, environment: ToolEnvironment): Promise<ToolOutput> {
  const absolute = resolveToolPath(input.path, context.cwd, environment.homeDir);
  const shown = displayPath(absolute, context.cwd);
  const target = await inspectTarget(absolute, shown, input);
  if ("problem" in target) return target.problem;

  let encoding: TextEncoding = "utf8";
  if (target.exists) {
    const refused = await guardSeen(context, absolute, shown, target.stats, input);
    if (refused) return refused;
    // An existing file keeps its encoding (byte order mark, UTF-16); its content is the model's.
    encoding = detectEncoding(await readHead(absolute));
  }
  const bytes = encodeText(input.content, encoding);
  try {
    await writeFileAtomic(absolute, bytes);
  } catch (error) {
    return toolError(t("writeFailed", { path: shown, cause: fsCause(error) }), input);
  }
  markFileSeen(context.state, absolute, await stat(absolute), bytes);
  const facts = { path: shown, lines: splitLines(input.content).length, size: formatSize(bytes.byteLength) };
  return target.exists ? t("writeUpdated", facts) : t("writeCreated", facts);
}

async function readHead(absolute: string): Promise<Uint8Array> {
  const handle = await open(absolute, "r");
  try {
    const buffer = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buffer, 0, 4, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
