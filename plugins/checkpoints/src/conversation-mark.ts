import type { Message } from "@maia/kernel";
import { sha256Hex } from "@maia/util";
import type { ConversationMark } from "./turn-log.ts";

const ROOT = "maia-conversation";

function step(previous: string, message: Message): string {
  return sha256Hex(previous, "\0", JSON.stringify(byHash(message)));
}

/**
 * A message with its images by their hash, not their base64 (issue 38): the sha256 of the bytes already names
 * them, and a conversation with ten screenshots is not hashed again, megabytes and all, at every turn. A message
 * without images is itself (its fingerprint is what it always was).
 */
function byHash(message: Message): Message {
  const images = (block: Message["content"][number]) => block.type === "image" || (block.type === "tool_result" && block.images !== undefined);
  if (!message.content.some(images)) return message;
  const strip = <T extends { data: string }>(image: T): T => ({ ...image, data: "" });
  return {
    ...message,
    content: message.content.map((block) => (block.type === "image" ? strip(block) : block.type === "tool_result" && block.images ? { ...block, images: block.images.map(strip) } : block)),
  };
}

/**
 * Fingerprints of every prefix of a conversation: `prefixes[n]` stands for its first n messages. A turn is
 * recorded with the fingerprint of what came before it, so it is found again in a reloaded session (the same
 * messages give the same fingerprint) and not in another one, without writing anything into session files.
 */
export function prefixFingerprints(messages: readonly Message[]): string[] {
  const prefixes = [ROOT];
  let current = ROOT;
  for (const message of messages) {
    current = step(current, message);
    prefixes.push(current);
  }
  return prefixes;
}

/** Where the conversation stands now, as a turn starting now would record it. */
export function markOf(messages: readonly Message[]): ConversationMark {
  const prefixes = prefixFingerprints(messages);
  return { count: messages.length, blocks: messages.at(-1)?.content.length ?? 0, chain: prefixes.at(-1) ?? ROOT };
}

/** The fingerprint a mark would have in `messages` (whose prefixes are given), or undefined when it cannot. */
function chainAt(messages: readonly Message[], prefixes: readonly string[], mark: ConversationMark): string | undefined {
  if (mark.count > messages.length) return undefined;
  if (mark.count === 0) return mark.blocks === 0 ? ROOT : undefined;
  const last = messages[mark.count - 1];
  if (!last || mark.blocks > last.content.length) return undefined;
  if (mark.blocks === last.content.length) return prefixes[mark.count];
  return step(prefixes[mark.count - 1] ?? ROOT, { ...last, content: last.content.slice(0, mark.blocks) });
}

/**
 * Whether the turn marked `mark` is part of this conversation: what came before it is still there, and
 * something came after (the turn itself).
 */
export function belongsTo(messages: readonly Message[], prefixes: readonly string[], mark: ConversationMark): boolean {
  const after = messages.length > mark.count || (messages[mark.count - 1]?.content.length ?? 0) > mark.blocks;
  return after && chainAt(messages, prefixes, mark) === mark.chain;
}

/** The conversation as it was before the marked turn. */
export function cutAt(messages: readonly Message[], mark: ConversationMark): Message[] {
  const kept = messages.slice(0, mark.count);
  const last = kept.at(-1);
  if (last && last.content.length > mark.blocks) kept[kept.length - 1] = { ...last, content: last.content.slice(0, mark.blocks) };
  return kept;
}
