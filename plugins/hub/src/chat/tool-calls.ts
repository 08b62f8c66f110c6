import type * as acp from "@agentclientprotocol/sdk";
import { TOOL_KINDS, type MessageImage, type PlanEntry, type ToolCall, type ToolDiff, type ToolKind, type ToolLocation, type ToolStatus } from "../protocol.ts";

/** The text a terminal embedded in a tool call shows now (undefined for a terminal the hub does not know). */
export type TerminalText = (terminalId: string) => string | undefined;

/** A tool call before anything is known but its id (a `tool_call_update` or a permission request came first). */
export function emptyToolCall(id: string): ToolCall {
  return { id, title: "", kind: "other", status: "pending", input: "", output: "", locations: [], diffs: [] };
}

/**
 * Applies a `tool_call` (everything given) or a `tool_call_update` (only the fields it carries; `content` and
 * `locations` replace the previous ones, as ACP says) to what the hub knew of that call, returning a new object
 * so an event already emitted never changes under the page.
 */
export function applyToolCall(previous: ToolCall, update: acp.ToolCallUpdate | acp.ToolCall, terminalText: TerminalText): ToolCall {
  const next: ToolCall = { ...previous };
  if (update.title != null) next.title = update.title;
  if (update.kind != null) next.kind = toolKind(update.kind);
  if (update.status != null) next.status = update.status satisfies ToolStatus;
  if (update.rawInput !== undefined) next.input = compactJson(update.rawInput);
  const maia = (update._meta as { maia?: { sandboxed?: unknown; background?: { id?: unknown; running?: unknown } } } | null | undefined)?.maia;
  if (typeof maia?.sandboxed === "boolean") next.sandboxed = maia.sandboxed;
  const background = maia?.background;
  if (typeof background?.id === "string" && typeof background.running === "boolean") next.background = { id: background.id, running: background.running };
  if (update.locations != null) next.locations = update.locations.map(location);
  if (update.content != null) {
    const { text, diffs, images } = fromContent(update.content, terminalText);
    // Diffs the hub attached itself (writes through fs/write_text_file) stay beside the agent's own.
    next.diffs = [...diffs, ...previous.diffs.filter((diff) => !diffs.some((own) => own.path === diff.path))];
    if (text !== "") next.output = text;
    if (images.length > 0) next.images = images;
    else delete next.images;
  }
  // The raw output is for machines: shown only while the tool gave no content to read.
  if (next.output === "" && update.rawOutput != null) {
    next.output = typeof update.rawOutput === "string" ? update.rawOutput : compactJson(update.rawOutput);
  }
  return next;
}

/** `switch_mode` (and any kind a newer agent invents) is shown as `other`, one of the seed's kinds. */
function toolKind(kind: string): ToolKind {
  return (TOOL_KINDS as readonly string[]).includes(kind) ? (kind as ToolKind) : "other";
}

function location(entry: acp.ToolCallLocation): ToolLocation {
  return { path: entry.path, line: entry.line ?? 0 };
}

/** The text of the content items (content blocks and terminals, in order), the diffs, and the images. */
function fromContent(content: readonly acp.ToolCallContent[], terminalText: TerminalText): { text: string; diffs: ToolDiff[]; images: MessageImage[] } {
  const texts: string[] = [];
  const diffs: ToolDiff[] = [];
  const images: MessageImage[] = [];
  for (const item of content) {
    if (item.type === "diff") diffs.push({ path: item.path, oldText: item.oldText ?? "", newText: item.newText, newFile: item.oldText == null });
    else if (item.type === "terminal") texts.push(terminalText(item.terminalId) ?? "");
    else {
      const image = messageImage(item.content);
      if (image) images.push(image);
      else texts.push(blockText(item.content));
    }
  }
  return { text: texts.filter((text) => text !== "").join("\n"), diffs, images };
}

const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * An ACP image block the page can show (issue 38): PNG, JPEG, GIF or WebP with base64 data. Anything else (an
 * SVG, a URI without data, a type it does not know) is undefined, and is shown as a short text mark instead.
 */
export function messageImage(block: acp.ContentBlock): MessageImage | undefined {
  if (block.type !== "image" || !IMAGE_TYPES.has(block.mimeType) || !/^[A-Za-z0-9+/]+={0,2}$/.test(block.data)) return undefined;
  return { mimeType: block.mimeType as MessageImage["mimeType"], data: block.data };
}

/** A content block as text: text as is, an embedded text resource by its text, anything else by a short mark. */
export function blockText(block: acp.ContentBlock): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "resource":
      return "text" in block.resource ? block.resource.text : `[${block.resource.uri}]`;
    case "resource_link":
      return `[${block.name}](${block.uri})`;
    case "image":
      return `[image ${block.mimeType}]`;
    case "audio":
      return `[audio ${block.mimeType}]`;
    default:
      return "";
  }
}

export function planEntry(entry: acp.PlanEntry): PlanEntry {
  return { content: entry.content, priority: entry.priority, status: entry.status };
}

/** Compact JSON; a value JSON cannot write (a cycle cannot come over the wire, but undefined can) gives "". */
export function compactJson(value: unknown): string {
  if (value === undefined || value === null) return "";
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}
