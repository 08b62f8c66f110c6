import { t } from "./messages.ts";

/** Seed § 23: an MCP tool result is cut at 100,000 characters. */
export const MAX_RESULT_CHARS = 100_000;

/**
 * What the model reads of a `tools/call` result (seed § 22, client): text parts joined, every other part
 * described by its type, MIME type and size (an image's base64 would only fill the context as text; its bytes
 * are kept apart, in `images`, for the tool to return as images, issue 38), `isError` kept as an error result, the whole cut at 100,000 characters with
 * a note saying how much is missing. Takes the result as received: a part of an unknown type from a newer
 * server is described, never fatal.
 */
export interface FormattedResult {
  content: string;
  isError: boolean;
  /** The result's `image` parts as received (issue 38): the tool prepares them for a model that takes images. */
  images?: Array<{ data: string; mimeType: string }>;
}

export function formatToolResult(result: unknown): FormattedResult {
  const record = typeof result === "object" && result !== null ? (result as Record<string, unknown>) : {};
  const parts = Array.isArray(record.content) ? record.content : [];
  const pieces = parts.map(describePart).filter((piece) => piece !== "");
  // A tool with an output schema may answer with structured content only.
  if (pieces.length === 0 && record.structuredContent !== undefined) pieces.push(JSON.stringify(record.structuredContent));
  // Older servers (protocol 2024-10-07) answered `{ toolResult }`.
  if (pieces.length === 0 && record.toolResult !== undefined) {
    pieces.push(typeof record.toolResult === "string" ? record.toolResult : JSON.stringify(record.toolResult));
  }
  const text = pieces.length > 0 ? pieces.join("\n") : t("resultEmpty");
  const images = parts.flatMap((part) => {
    const block = (typeof part === "object" && part !== null ? part : {}) as Record<string, unknown>;
    return block.type === "image" && typeof block.data === "string" && typeof block.mimeType === "string" ? [{ data: block.data, mimeType: block.mimeType }] : [];
  });
  return images.length > 0 ? { content: cut(text), isError: record.isError === true, images } : { content: cut(text), isError: record.isError === true };
}

export function cut(text: string, limit = MAX_RESULT_CHARS): string {
  if (text.length <= limit) return text;
  return text.slice(0, limit) + t("resultCut", { count: text.length - limit });
}

function describePart(part: unknown): string {
  if (typeof part !== "object" || part === null) return "";
  const block = part as Record<string, unknown>;
  const mime = typeof block.mimeType === "string" ? block.mimeType : t("unknownMime");
  switch (block.type) {
    case "text":
      return typeof block.text === "string" ? block.text : "";
    case "image":
      return t("resultImage", { mime, size: sizeOf(block.data) });
    case "audio":
      return t("resultAudio", { mime, size: sizeOf(block.data) });
    case "resource": {
      const resource = (typeof block.resource === "object" && block.resource !== null ? block.resource : {}) as Record<string, unknown>;
      const size = typeof resource.text === "string" ? t("bytes", { count: Buffer.byteLength(resource.text) }) : sizeOf(resource.blob);
      return t("resultResource", {
        uri: String(resource.uri ?? "?"),
        mime: typeof resource.mimeType === "string" ? resource.mimeType : t("unknownMime"),
        size,
      });
    }
    case "resource_link":
      return t("resultResourceLink", { uri: String(block.uri ?? "?"), name: String(block.name ?? "?"), mime });
    default:
      return t("resultOther", { type: String(block.type ?? "?") });
  }
}

/** The decoded size of base64 data, without decoding it. */
function sizeOf(data: unknown): string {
  if (typeof data !== "string") return t("bytes", { count: 0 });
  const clean = data.replace(/\s/g, "");
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return t("bytes", { count: Math.max(0, Math.floor((clean.length * 3) / 4) - padding) });
}
