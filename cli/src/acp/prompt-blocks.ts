import { cutMiddle } from "@maia/util";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ContentBlock } from "@agentclientprotocol/sdk";
import type { ImageBlock } from "@maia/kernel";
import { t } from "./messages.ts";

/** Seed § 23, `@fichier`: characters injected per file and per input; a longer text loses its middle. */
export const RESOURCE_MAX_CHARS = 50_000;
export const PROMPT_RESOURCES_MAX_CHARS = 150_000;

export interface PromptRequest {
  /** What the user typed, resources named in place (`` `src/a.ts` ``). */
  text: string;
  /** Attached resources framed as data, for the context joined before the text (seed § 6.2.1). */
  context: string[];
  /** Blocks the model does not get, each with why, for a notice. */
  ignored: Array<{ what: string; reason: string }>;
  /** Images (an `image` block, or an embedded resource whose blob is an image), to prepare and send after the text. */
  images: Array<{ name: string; bytes: Buffer }>;
}

/**
 * A `session/prompt`'s blocks as a MAIA request. Text blocks are the user's words, joined as they came. An
 * embedded `resource` with text is attached like an `@` reference: framed as data (never instructions, seed
 * § 17) in a fence longer than any backtick run of its text, so the text cannot close the frame; within the
 * `@` limits. A `resource_link` is named and pointed at: the model reads it with its tools if it needs it. An
 * `image` block, or an embedded resource whose blob is an image, is kept to be sent after the text (issue 38).
 */
export function promptToRequest(blocks: readonly ContentBlock[], cwd: string): PromptRequest {
  const words: Array<{ text: string; named: boolean }> = [];
  const context: string[] = [];
  const ignored: PromptRequest["ignored"] = [];
  const images: PromptRequest["images"] = [];
  let budget = PROMPT_RESOURCES_MAX_CHARS;
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        words.push({ text: block.text, named: false });
        break;
      case "resource_link": {
        const name = displayName(block.uri, cwd, block.name);
        words.push({ text: `\`${name}\``, named: true });
        context.push(t("resourceLink", { name, uri: block.uri }));
        break;
      }
      case "resource": {
        const { resource } = block;
        const name = displayName(resource.uri, cwd);
        words.push({ text: `\`${name}\``, named: true });
        if (!("text" in resource)) {
          if (resource.mimeType?.startsWith("image/") === true) images.push({ name, bytes: Buffer.from(resource.blob, "base64") });
          else ignored.push({ what: name, reason: t("blockBinary") });
          break;
        }
        if (budget <= 0) {
          context.push(t("resourceLimit", { name, max: PROMPT_RESOURCES_MAX_CHARS }));
          break;
        }
        const allowance = Math.min(RESOURCE_MAX_CHARS, budget);
        const text = cutMiddle(resource.text, allowance, (count) => t("resourceCut", { count }));
        // A cut text uses its whole allowance (the marker stands for the rest).
        budget -= text.length < resource.text.length ? allowance : text.length;
        context.push(frameResource(name, text));
        break;
      }
      case "image":
        // The bytes decide what the image is (@maia/images checks them), not the MIME type the client claims.
        images.push({ name: block.uri ? displayName(block.uri, cwd) : t("imageName", { number: images.length + 1 }), bytes: Buffer.from(block.data, "base64") });
        break;
      case "audio":
        ignored.push({ what: "audio", reason: t("blockAudio") });
        break;
      default:
        ignored.push({ what: String((block as { type?: unknown }).type), reason: t("blockUnknown") });
    }
  }
  return { text: joinWords(words), context, ignored, images };
}

/**
 * Text blocks carry their own spacing and are joined as they came; a resource named between two words is set
 * apart by spaces, except before punctuation and after an opening bracket ("see `a.ts`, then…", "(`a.ts`)").
 */
function joinWords(words: ReadonlyArray<{ text: string; named: boolean }>): string {
  let text = "";
  let previousNamed = false;
  for (const word of words) {
    const apart = (word.named || previousNamed) && text !== "" && word.text !== "";
    if (apart && !/[\s([{]$/.test(text) && !/^[\s,.;:!?)\]}]/.test(word.text)) text += " ";
    text += word.text;
    previousNamed = word.named;
  }
  return text;
}

/** The frame of an attached text: a header that says it is data, then a fence the text cannot close. */
export function frameResource(name: string, text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${t("resourceHeader", { name })}\n${fence}\n${text}\n${fence}`;
}


/** A file URI as the user knows it (relative to the launch folder when inside it); other URIs as given. */
function displayName(uri: string, cwd: string, fallback?: string): string {
  if (!uri.startsWith("file:")) return fallback && fallback.trim() !== "" ? `${fallback} <${uri}>` : uri;
  let file: string;
  try {
    file = fileURLToPath(uri);
  } catch {
    return uri;
  }
  const relative = path.relative(cwd, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative.split(path.sep).join("/") : file;
}

/**
 * The prompt's images as the kernel sends them (issue 38): checked and scaled down under the cap by @maia/images,
 * loaded only for a prompt that has images. One that cannot be sent is left out, with why.
 */
export async function prepareImages(images: PromptRequest["images"], warn: (message: string) => void): Promise<ImageBlock[]> {
  if (images.length === 0) return [];
  const { prepareImage } = await import("@maia/images");
  const prepared: ImageBlock[] = [];
  for (const { name, bytes } of images) {
    const result = await prepareImage(bytes, name);
    if (result.ok) prepared.push(result.image);
    else warn(result.message);
  }
  return prepared;
}
