import type { ContentBlock, Message } from "../contracts/messages.ts";
import { imageStandIn } from "../contracts/messages.ts";
import type { ImageSupport, LLMProvider } from "../contracts/provider.ts";
import { t } from "./messages.ts";

/** True when a message of the conversation holds an image (in its own blocks or in a tool result). */
export function holdsImages(messages: readonly Message[]): boolean {
  return messages.some((message) => message.content.some((block) => block.type === "image" || (block.type === "tool_result" && (block.images?.length ?? 0) > 0)));
}

/** The provider's answer, or "none" (with the provider named) when it cannot say: a provider without the method takes none. */
export async function imageSupportOf(provider: LLMProvider, signal: AbortSignal): Promise<ImageSupport> {
  if (provider.imageSupport === undefined) {
    return { images: false, why: t("imagesUnsupportedProvider", { model: provider.model, provider: provider.label ?? provider.id }) };
  }
  return provider.imageSupport(signal);
}

/**
 * The conversation as a model without vision is sent it (issue 38): each image becomes its text stand-in, in place,
 * and a tool result's images are named after its text. The session's messages are not changed: the images stay
 * for a later model that takes them.
 */
export function withImageStandIns(messages: readonly Message[]): Message[] {
  return messages.map((message) => {
    if (!message.content.some((block) => block.type === "image" || (block.type === "tool_result" && block.images !== undefined))) return message;
    const content = message.content.map((block): ContentBlock => {
      if (block.type === "image") return { type: "text", text: imageStandIn(block) };
      if (block.type !== "tool_result" || block.images === undefined) return block;
      const { images, ...rest } = block;
      const names = images.map((image) => imageStandIn(image)).join(" ");
      return { ...rest, content: names === "" ? rest.content : `${rest.content}\n${names} ${t("imageNotSent")}` };
    });
    return { ...message, content };
  });
}
