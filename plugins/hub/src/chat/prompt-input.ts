import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as acp from "@agentclientprotocol/sdk";
import { looksBinary } from "@maia/util";
import type { ChatMessage, PromptCapabilities, PromptInput } from "../protocol.ts";
import { ChatError } from "./errors.ts";
import { confine } from "./file-system.ts";
import { t } from "./messages.ts";

/** A file embedded in a prompt whole: larger ones go as links (the agent reads them with its tools). */
export const EMBED_MAX_BYTES = 512 * 1024;

/** What an agent's `initialize` says it takes in a prompt; nothing known before its first start. */
export function promptCapabilities(initialize: acp.InitializeResponse | undefined): PromptCapabilities {
  const agent = initialize?.agentCapabilities;
  const prompt = agent?.promptCapabilities;
  return {
    known: initialize !== undefined,
    image: prompt?.image === true,
    audio: prompt?.audio === true,
    embeddedContext: prompt?.embeddedContext === true,
    loadSession: agent?.loadSession === true,
    listSessions: agent?.sessionCapabilities?.list != null,
  };
}

/**
 * What can be refused before the message is even added: images for an agent known not to take them, and file
 * paths that cannot name a file of its folder (absolute, or climbing out with `..`). The real check of each file,
 * symbolic links included, is made when the prompt is built.
 */
export function checkPrompt(prompt: PromptInput, agent: string, capabilities: PromptCapabilities): void {
  if (prompt.images.length > 0 && capabilities.known && !capabilities.image) throw new ChatError(t("imagesRefused", { name: agent }), 400);
  for (const file of prompt.files) {
    const normal = path.posix.normalize(file);
    if (path.isAbsolute(file) || normal === ".." || normal.startsWith("../")) throw new ChatError(t("fileOutside", { path: file }), 400);
  }
}

/**
 * The ACP prompt of a user message. Plain text is one text block. With files named with `@`, the text is cut
 * where each `@path` of them stands, and the file goes in its place: as an embedded resource when the agent takes
 * embedded context and the file is text of at most 512 KiB, else as a resource link (which every agent takes).
 * Images follow as image content — refused, with the agent's name, when it does not take images. Rejects with
 * the reason when a file is missing or outside the agent's folder.
 */
export async function promptBlocks(
  message: ChatMessage,
  attached: PromptInput | undefined,
  cwd: string,
  initialize: acp.InitializeResponse,
): Promise<acp.ContentBlock[]> {
  const capabilities = promptCapabilities(initialize);
  const text = message.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  const images = attached?.images ?? [];
  if (images.length > 0 && !capabilities.image) throw new Error(t("imagesRefused", { name: message.agent }));
  const blocks: acp.ContentBlock[] = [];
  const pieces = splitMentions(text, attached?.files ?? []);
  for (const piece of pieces) {
    if (piece.kind === "text") {
      if (piece.text !== "") blocks.push({ type: "text", text: piece.text });
    } else blocks.push(await fileBlock(cwd, piece.file, capabilities.embeddedContext));
  }
  for (const image of images) blocks.push({ type: "image", mimeType: image.mimeType, data: image.data });
  return blocks.length > 0 ? blocks : [{ type: "text", text }];
}

export type Piece = { kind: "text"; text: string } | { kind: "file"; file: string };

/** The text cut at each `@path` of `files` (the longest path first where two start alike); other `@` stay text. */
export function splitMentions(text: string, files: readonly string[]): Piece[] {
  const names = [...new Set(files)].filter((file) => file !== "").sort((a, b) => b.length - a.length);
  const pieces: Piece[] = [];
  let rest = "";
  let index = 0;
  while (index < text.length) {
    const file = text[index] === "@" ? names.find((name) => text.startsWith(name, index + 1)) : undefined;
    if (file === undefined) {
      rest += text[index];
      index += 1;
      continue;
    }
    pieces.push({ kind: "text", text: rest });
    pieces.push({ kind: "file", file });
    rest = "";
    index += file.length + 1;
  }
  pieces.push({ kind: "text", text: rest });
  return pieces;
}

async function fileBlock(cwd: string, file: string, embed: boolean): Promise<acp.ContentBlock> {
  let real: string;
  try {
    real = await confine(cwd, path.resolve(cwd, file));
  } catch {
    throw new Error(t("fileOutside", { path: file }));
  }
  const info = await stat(real).catch(() => undefined);
  if (!info) throw new Error(t("fileMissing", { path: file }));
  const link: acp.ContentBlock = { type: "resource_link", uri: pathToFileURL(real).href, name: file };
  if (!embed || !info.isFile() || info.size > EMBED_MAX_BYTES) return link;
  const bytes = await readFile(real);
  if (looksBinary(bytes)) return link;
  return { type: "resource", resource: { uri: pathToFileURL(real).href, mimeType: "text/plain", text: bytes.toString("utf8") } };
}
