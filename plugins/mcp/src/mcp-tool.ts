import { validatorFor, type AnyTool, type ImageBlock, type JsonSchema, type Tool, type ToolOutput } from "@maia/kernel";
import type { McpConnection, RemoteTool } from "./connection.ts";
import type { FormattedResult } from "./tool-result.ts";

/**
 * A server's tool as the kernel runs it (seed § 22.4): offered as `mcp__<key>__<tool>`, permission "ask"
 * (the permissions plugin decides with `Mcp(key[,tool])` rules), each call a `tools/call` on the connection
 * that listed it, bounded by the server's timeout and stopped by Ctrl+C.
 */
export function createMcpTool(offeredName: string, remote: RemoteTool, connection: McpConnection): AnyTool {
  const tool: Tool = {
    spec: {
      name: offeredName,
      description: remote.description?.trim() || remote.title || remote.name,
      inputSchema: usableSchema(remote.inputSchema),
    },
    permission: "ask",
    describe: (input) => preview(input),
    execute: async (input, context) => withImages(await connection.callTool(remote.name, input, context.signal), remote.name, context.warn),
  };
  return tool;
}

/**
 * A result's images as the kernel sends them (issue 38): checked and scaled down by @maia/images, loaded only for
 * a result that has images; one that cannot be used stays described in the text, with a warning for the user.
 */
async function withImages(result: FormattedResult, toolName: string, warn: (message: string) => void): Promise<ToolOutput> {
  const { images: parts, ...text } = result;
  if (parts === undefined || parts.length === 0) return text;
  const { prepareImage } = await import("@maia/images");
  const images: ImageBlock[] = [];
  for (const [index, part] of parts.entries()) {
    const prepared = await prepareImage(Buffer.from(part.data, "base64"), `${toolName}-${index + 1}`);
    if (prepared.ok) images.push(prepared.image);
    else warn(prepared.message);
  }
  return images.length > 0 ? { ...text, images } : text;
}

const EMPTY_OBJECT: JsonSchema = { type: "object", properties: {} };

/**
 * The kernel validates every input against `inputSchema` with ajv (draft-07, no formats). Servers built on
 * newer libraries declare `$schema` 2020-12, which that ajv cannot load: the declaration goes. `format`
 * keywords go too: that ajv knows none, and it prints a line on the console for each one it meets, over the
 * UI. A schema ajv still refuses becomes a plain object schema, so one odd server cannot break a turn; the
 * server validates its own inputs anyway.
 */
export function usableSchema(schema: JsonSchema | undefined): JsonSchema {
  const base: JsonSchema = typeof schema === "object" && schema !== null && !Array.isArray(schema) ? schema : EMPTY_OBJECT;
  const { $schema: _declared, ...rest } = withoutFormats(base) as JsonSchema;
  const candidate: JsonSchema = rest.type === undefined ? { type: "object", ...rest } : rest;
  try {
    validatorFor(candidate);
    return candidate;
  } catch {
    return { type: "object", ...(typeof base.description === "string" ? { description: base.description } : {}) };
  }
}

/** Keywords whose value maps names to schemas: a member called "format" there is a property, not a keyword. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]);

function withoutFormats(value: unknown, isMap = false, depth = 0): unknown {
  if (depth > 64 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withoutFormats(item, false, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!isMap && key === "format" && typeof item === "string") continue;
    out[key] = withoutFormats(item, !isMap && SCHEMA_MAPS.has(key), depth + 1);
  }
  return out;
}

/** The call's arguments on one short line, for the confirmation question and the log. */
function preview(input: Record<string, unknown>): string {
  const text = JSON.stringify(input) ?? "";
  if (text === "{}") return "";
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}
