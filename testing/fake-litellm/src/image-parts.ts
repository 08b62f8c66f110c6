// The `image_url` parts of a chat request, decoded and checked (issue 38): what a test asserts about the images
// MAIA sent. A part that is not what OpenAI's API takes is an error naming where it is.
import type { ChatBody, ReceivedImage } from "./types.ts";

const DATA_URI = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/;

export function imagePartsOf(body: ChatBody, request: number): ReceivedImage[] {
  const found: ReceivedImage[] = [];
  (body.messages ?? []).forEach((message, index) => {
    if (!Array.isArray(message.content)) return;
    const parts = message.content as unknown[];
    const where = `request ${request}, message ${index} (${message.role})`;
    const text = parts
      .filter((part): part is { type: "text"; text: string } => isRecord(part) && part.type === "text" && typeof part.text === "string")
      .map((part) => part.text)
      .join("\n");
    for (const part of parts) {
      if (!isRecord(part) || typeof part.type !== "string") throw new Error(`fake-litellm: ${where}: a content part without a type`);
      if (part.type === "text") continue;
      if (part.type !== "image_url") throw new Error(`fake-litellm: ${where}: unknown content part type ${JSON.stringify(part.type)}`);
      if (message.role !== "user") throw new Error(`fake-litellm: ${where}: an image_url part outside a user message`);
      const url = isRecord(part.image_url) ? part.image_url.url : undefined;
      const match = typeof url === "string" ? DATA_URI.exec(url) : null;
      if (match === null) throw new Error(`fake-litellm: ${where}: image_url.url is not a base64 data URI: ${String(url).slice(0, 60)}`);
      const data = match[2] ?? "";
      if (data.length % 4 !== 0) throw new Error(`fake-litellm: ${where}: the base64 data's length is not a multiple of 4`);
      found.push({ request, message: index, role: message.role, mediaType: match[1] ?? "", bytes: Buffer.from(data, "base64"), text });
    }
  });
  return found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
