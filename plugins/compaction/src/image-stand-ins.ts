import { imageStandIn, type ContentBlock, type Message } from "@maia/kernel";

/**
 * The conversation as the summary request sends it (issue 38): each image as its text stand-in
 * (`[image: shot.png, 1280×720]`), never its bytes — a summary is text, and the images' tokens would only crowd it.
 */
export function withImageStandIns(messages: readonly Message[]): Message[] {
  return messages.map((message) => {
    if (!message.content.some(hasImage)) return message;
    const content = message.content.map((block): ContentBlock => {
      if (block.type === "image") return { type: "text", text: imageStandIn(block) };
      if (block.type !== "tool_result" || block.images === undefined) return block;
      const { images, ...rest } = block;
      return { ...rest, content: [rest.content, ...images.map(imageStandIn)].join("\n") };
    });
    return { ...message, content };
  });
}

/** The stand-ins of every image of the conversation, once each, in order: what the summary keeps of them. */
export function imageStandInsOf(messages: readonly Message[]): string[] {
  const seen = new Set<string>();
  for (const message of messages) {
    for (const block of message.content) {
      const images = block.type === "image" ? [block] : block.type === "tool_result" ? (block.images ?? []) : [];
      for (const image of images) seen.add(imageStandIn(image));
    }
  }
  return [...seen];
}

function hasImage(block: ContentBlock): boolean {
  return block.type === "image" || (block.type === "tool_result" && block.images !== undefined && block.images.length > 0);
}
