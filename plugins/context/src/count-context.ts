import type { ContentBlock, Message, ToolSpec } from "@maia/kernel";
import { imageTokens } from "@maia/images";
import type { CountText } from "./tokenizers.ts";

/** Seed § 23: structure tokens counted for each message. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** What is sent to the model, as seed § 13.1 counts it. */
export interface ContextInput {
  system: string;
  messages: readonly Message[];
  tools?: readonly ToolSpec[];
  /** The pending context (`!` output, `@` files…) that joins the next request. */
  pending?: readonly string[];
}

/**
 * `countContextTokens` of seed § 13.1, without memory: the system prompt, the tool definitions
 * (`JSON.stringify(tools)`), 4 tokens plus the blocks of each message, and each pending text. Every term is a
 * count, so the sum is strictly additive: adding a message can only raise it.
 */
export function countContextTokens(input: ContextInput, countText: CountText): number {
  let total = countText(input.system) + countToolSpecs(input.tools, countText);
  for (const message of input.messages) {
    total += MESSAGE_OVERHEAD_TOKENS;
    for (const block of message.content) total += countBlock(block, countText);
  }
  for (const text of input.pending ?? []) total += countText(text);
  return total;
}

/**
 * A block's tokens: its text; a tool call's name and JSON arguments; a tool result's content and images. An image
 * counts by OpenAI's tile formula (issue 38, docs/images.md), never by the length of its base64.
 */
export function countBlock(block: ContentBlock, countText: CountText): number {
  switch (block.type) {
    case "text":
      return countText(block.text);
    case "tool_use":
      return countText(block.name) + countText(JSON.stringify(block.input) ?? "");
    case "tool_result":
      return countText(block.content) + (block.images ?? []).reduce((sum, image) => sum + imageTokens(image.width, image.height), 0);
    case "image":
      return imageTokens(block.width, block.height);
  }
}

function countToolSpecs(tools: readonly ToolSpec[] | undefined, countText: CountText): number {
  return tools && tools.length > 0 ? countText(JSON.stringify(tools)) : 0;
}

/**
 * The same count with memory, so that a recount after one new message costs only that message: block counts
 * are kept per block object (blocks are never edited in place, only added or dropped), the system prompt and
 * the tool list keep their last value, pending texts are kept from one count to the next.
 */
export class ContextCounter {
  readonly #countText: CountText;
  readonly #blocks = new WeakMap<ContentBlock, number>();
  #system = { text: "", tokens: 0 };
  #tools: { specs: readonly ToolSpec[]; tokens: number } = { specs: [], tokens: 0 };
  #pending = new Map<string, number>();

  constructor(countText: CountText) {
    this.#countText = countText;
  }

  count(input: ContextInput): number {
    return this.#countSystem(input.system) + this.#countTools(input.tools ?? []) + this.countMessages(input.messages) + this.#countPending(input.pending ?? []);
  }

  /** The messages alone (4 tokens each plus their blocks): what a compaction replaces. */
  countMessages(messages: readonly Message[]): number {
    let total = 0;
    for (const message of messages) {
      // A turn rolled back after a plugin replaced the conversation can leave holes for an instant (see the
      // compaction plugin's afterTurn repair); a count must not fail on them.
      if (message === undefined) continue;
      total += MESSAGE_OVERHEAD_TOKENS;
      for (const block of message.content) {
        let tokens = this.#blocks.get(block);
        if (tokens === undefined) {
          tokens = countBlock(block, this.#countText);
          this.#blocks.set(block, tokens);
        }
        total += tokens;
      }
    }
    return total;
  }

  /** One text, without memory (a request about to be sent). */
  countText(text: string): number {
    return this.#countText(text);
  }

  #countSystem(system: string): number {
    if (system !== this.#system.text) this.#system = { text: system, tokens: this.#countText(system) };
    return this.#system.tokens;
  }

  #countTools(specs: readonly ToolSpec[]): number {
    const last = this.#tools.specs;
    const same = specs.length === last.length && specs.every((spec, index) => spec === last[index]);
    if (!same) this.#tools = { specs: [...specs], tokens: countToolSpecs(specs, this.#countText) };
    return this.#tools.tokens;
  }

  #countPending(pending: readonly string[]): number {
    const next = new Map<string, number>();
    let total = 0;
    for (const text of pending) {
      const tokens = next.get(text) ?? this.#pending.get(text) ?? this.#countText(text);
      next.set(text, tokens);
      total += tokens;
    }
    this.#pending = next;
    return total;
  }
}
