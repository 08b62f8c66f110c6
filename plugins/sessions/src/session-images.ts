import { existsSync, mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { ContentBlock, ImageBlock, ImageReference, Message } from "@maia/kernel";
import { imageStandIn } from "@maia/kernel";
import { EXTENSIONS } from "@maia/images";
import { sha256Hex } from "@maia/util";
import { writeFileAtomicSync } from "./atomic-write.ts";
import { t } from "./messages.ts";

/** An image block as a session file holds it: its reference; its bytes are in the images folder (`data` optional). */
export type SavedImage = ImageReference & { type: "image"; data?: string };

/**
 * `.maia/.sessions/images/` (issue 38): the images of the conversations, one file per distinct image, named by the
 * sha256 of its bytes (`<hash>.png`). Session files refer to them by hash instead of holding their base64, so a
 * session with ten screenshots stays a few KB of JSON and every session that shows the same image shares its file.
 */
export class SessionImages {
  readonly dir: string;
  /** Hashes known to be on disk (written or seen by this process). */
  readonly #stored = new Set<string>();
  /** Messages whose images were stored, with their block count then (blocks are only ever added). */
  readonly #walked = new WeakMap<Message, number>();

  constructor(sessionsDir: string) {
    this.dir = join(sessionsDir, "images");
  }

  fileOf(image: Pick<ImageReference, "hash" | "mediaType">): string {
    return join(this.dir, `${image.hash}.${EXTENSIONS[image.mediaType]}`);
  }

  /**
   * Writes the images of the messages that are not on disk yet, before the session file that refers to them
   * (synchronous: a save on exit uses it too). Each write is atomic; an image already there is not written again.
   */
  storeSync(messages: readonly Message[]): void {
    for (const message of messages) {
      if (message === undefined || this.#walked.get(message) === message.content.length) continue;
      for (const image of imagesOf(message.content)) {
        if (this.#stored.has(image.hash)) continue;
        const file = this.fileOf(image);
        if (!existsSync(file)) {
          mkdirSync(this.dir, { recursive: true });
          writeFileAtomicSync(file, Buffer.from(image.data, "base64"));
        }
        this.#stored.add(image.hash);
      }
      this.#walked.set(message, message.content.length);
    }
  }

  /**
   * The messages of a session file with their images' bytes read back (`--resume` sends them again). An image whose
   * file is missing or does not match its hash becomes a text stand-in saying so: the rest of the session loads.
   */
  async load(messages: readonly Message[]): Promise<Message[]> {
    const loaded: Message[] = [];
    for (const message of messages) {
      if (!message.content.some((block) => block.type === "image" || (block.type === "tool_result" && block.images !== undefined))) {
        loaded.push(message);
        continue;
      }
      const content: ContentBlock[] = [];
      for (const block of message.content) {
        if (block.type === "image") {
          const image = await this.#read(block);
          content.push(image ?? { type: "text", text: this.#missing(block) });
        } else if (block.type === "tool_result" && block.images !== undefined) {
          const images: ImageBlock[] = [];
          const missing: string[] = [];
          for (const saved of block.images) {
            const image = await this.#read(saved);
            if (image) images.push(image);
            else missing.push(this.#missing(saved));
          }
          const { images: _saved, ...rest } = block;
          content.push({
            ...rest,
            ...(missing.length > 0 ? { content: [rest.content, ...missing].join("\n") } : {}),
            ...(images.length > 0 ? { images } : {}),
          });
        } else content.push(block);
      }
      loaded.push({ ...message, content });
      this.#walked.set(loaded.at(-1) as Message, content.length);
    }
    return loaded;
  }

  async #read(saved: SavedImage): Promise<ImageBlock | undefined> {
    if (typeof saved.data === "string" && saved.data !== "") return { ...saved, data: saved.data };
    let bytes: Buffer;
    try {
      bytes = await readFile(this.fileOf(saved));
    } catch {
      return undefined;
    }
    if (sha256Hex(bytes) !== saved.hash) return undefined;
    this.#stored.add(saved.hash);
    return { ...saved, data: bytes.toString("base64") };
  }

  #missing(saved: SavedImage): string {
    return `${imageStandIn(saved)} ${t("imageMissing", { file: `.maia/.sessions/images/${saved.hash}.${EXTENSIONS[saved.mediaType]}` })}`;
  }
}

/** A message as its session file holds it: images without their bytes. */
export function savedForm(message: Message): Message {
  if (!message.content.some((block) => block.type === "image" || (block.type === "tool_result" && block.images !== undefined))) return message;
  return {
    ...message,
    content: message.content.map((block) => {
      if (block.type === "image") return withoutBytes(block);
      if (block.type === "tool_result" && block.images !== undefined) return { ...block, images: block.images.map(withoutBytes) };
      return block;
    }),
  };
}

// The saved form has no `data`: typed as an image block for the message list, it is read back by `load`.
function withoutBytes(image: ImageBlock): ImageBlock {
  const { data: _bytes, ...reference } = image;
  return reference as ImageBlock;
}

function imagesOf(content: readonly ContentBlock[]): ImageBlock[] {
  return content.flatMap((block) => (block.type === "image" ? [block] : block.type === "tool_result" ? (block.images ?? []) : []));
}
