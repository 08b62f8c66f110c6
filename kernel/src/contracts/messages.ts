/**
 * The neutral conversation format (seed § 4.1). Providers translate it to and from their wire format;
 * nothing else in MAIA knows about OpenAI, Anthropic or any other API.
 */

export interface TextBlock {
  type: "text";
  text: string;
}

export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResultBlock {
  type: "tool_result";
  toolUseId: string;
  content: string;
  isError?: boolean;
  /** Images the tool returned beside its text (Read of a PNG, an MCP tool's screenshot). */
  images?: ImageBlock[];
}

/** The image formats MAIA attaches, reads and sends (issue 38): what vision models behind LiteLLM all take. */
export type ImageMediaType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/**
 * An image as every part of MAIA knows it without its bytes: what events, stream-json, the context estimate and
 * compaction's stand-in use, and what a session file stores (the bytes go to `.maia/.sessions/images/<hash>`).
 */
export interface ImageReference {
  mediaType: ImageMediaType;
  /** The sha256 of the bytes, in hex: the image's file name in a session's image folder. */
  hash: string;
  /** How the user or the tool named it: a file name (`shot.png`), `clipboard.png`… */
  name: string;
  /** Pixels of the image as sent (after any scaling down). */
  width: number;
  height: number;
  /** Bytes of the image as sent. */
  size: number;
}

/** An image in a message: its reference and its bytes (base64), which only the provider reads. */
export interface ImageBlock extends ImageReference {
  type: "image";
  /** The bytes, base64. */
  data: string;
}

export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock | ImageBlock;

export interface Message {
  role: "user" | "assistant";
  content: ContentBlock[];
}

export function textOf(message: Message): string {
  return message.content
    .filter((block): block is TextBlock => block.type === "text")
    .map((block) => block.text)
    .join("");
}

/** The reference of an image block: the block without its bytes. */
export function imageReference(block: ImageReference): ImageReference {
  return { mediaType: block.mediaType, hash: block.hash, name: block.name, width: block.width, height: block.height, size: block.size };
}

/**
 * What stands for an image where its bytes cannot go (issue 38): a compaction's summary request, a model without
 * vision reading an older message, a tool result shown as text. `[image: shot.png, 1280×720]`.
 */
export function imageStandIn(image: Pick<ImageReference, "name" | "width" | "height">): string {
  return `[image: ${image.name}, ${image.width}×${image.height}]`;
}
