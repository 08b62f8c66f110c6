import type { ChatRequest, ImageBlock, Message } from "@maia/kernel";
import { t } from "./messages.ts";

/** OpenAI `chat/completions` wire types: only what MAIA sends. */
export interface OpenAIToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A part of a user message's content: images go as `image_url` parts with a data URI (issue 38). */
export type OpenAIContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

export type OpenAIMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string | OpenAIContentPart[] }
  | { role: "assistant"; content: string | null; tool_calls?: OpenAIToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

export interface OpenAITool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatBody {
  model: string;
  messages: OpenAIMessage[];
  stream: true;
  stream_options: { include_usage: true };
  max_tokens?: number;
  tools?: OpenAITool[];
}

export interface ChatBodyOptions {
  /** `MaxOutputTokens` from settings.json; `request.maxTokens` wins over it (seed § 7.3). */
  maxOutputTokens?: number | undefined;
}

/** Separates several text blocks of one message. */
const BLOCK_SEPARATOR = "\n\n";

/**
 * The request body of seed § 7.1: the neutral conversation mapped to OpenAI's format. System prompt first;
 * an assistant's text and tool calls become one message (content null when there is no text); each
 * tool_result of a user message becomes its own `role: "tool"` message, placed before that message's text.
 * Images (issue 38) make the user message's content a list of parts, text then `image_url` data URIs; a `tool`
 * message carries text only, so the images a tool returned follow the tool messages in that user message, each
 * group introduced by the call it came from. (The kernel has already put stand-ins in their place for a model
 * that takes no images.)
 */
export function buildChatBody(model: string, request: ChatRequest, options: ChatBodyOptions = {}): ChatBody {
  const messages: OpenAIMessage[] = [];
  if (request.system !== "") messages.push({ role: "system", content: request.system });
  for (const message of request.messages) messages.push(...mapMessage(message));

  const body: ChatBody = {
    model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  };
  const maxTokens = request.maxTokens ?? options.maxOutputTokens;
  if (maxTokens !== undefined && Number.isInteger(maxTokens) && maxTokens > 0) body.max_tokens = maxTokens;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
  }
  return body;
}

/** One neutral message → one or more OpenAI messages. */
export function mapMessage(message: Message): OpenAIMessage[] {
  const texts: string[] = [];
  if (message.role === "assistant") {
    const toolCalls: OpenAIToolCall[] = [];
    for (const block of message.content) {
      if (block.type === "text") texts.push(block.text);
      else if (block.type === "tool_use") {
        toolCalls.push({
          id: block.id,
          type: "function",
          function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) },
        });
      }
    }
    const text = texts.join(BLOCK_SEPARATOR);
    if (toolCalls.length === 0) return [{ role: "assistant", content: text }];
    return [{ role: "assistant", content: text === "" ? null : text, tool_calls: toolCalls }];
  }

  const out: OpenAIMessage[] = [];
  const toolImages: OpenAIContentPart[] = [];
  const images: ImageBlock[] = [];
  for (const block of message.content) {
    if (block.type === "text") texts.push(block.text);
    else if (block.type === "image") images.push(block);
    else if (block.type === "tool_result") {
      out.push({ role: "tool", tool_call_id: block.toolUseId, content: block.content });
      if (block.images !== undefined && block.images.length > 0) {
        toolImages.push({ type: "text", text: t("toolImages", { id: block.toolUseId }) }, ...block.images.map(imagePart));
      }
    }
  }
  if (toolImages.length === 0 && images.length === 0) {
    // A user message made only of tool results needs no empty user message after them.
    if (texts.length > 0 || out.length === 0) out.push({ role: "user", content: texts.join(BLOCK_SEPARATOR) });
    return out;
  }
  const parts: OpenAIContentPart[] = [...toolImages];
  if (texts.length > 0) parts.push({ type: "text", text: texts.join(BLOCK_SEPARATOR) });
  parts.push(...images.map(imagePart));
  out.push({ role: "user", content: parts });
  return out;
}

/** An image as OpenAI's `image_url` part: its bytes in a data URI. */
export function imagePart(image: ImageBlock): OpenAIContentPart {
  return { type: "image_url", image_url: { url: `data:${image.mediaType};base64,${image.data}` } };
}
