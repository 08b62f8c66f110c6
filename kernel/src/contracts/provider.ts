import type { Message } from "./messages.ts";

/** What the model is told about a tool (seed § 4.2): a name, a description and a JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** A JSON Schema object. Kept open: schemas come from tools, plugins and MCP servers. */
export type JsonSchema = { [key: string]: unknown };

export interface ChatRequest {
  system: string;
  messages: Message[];
  tools: ToolSpec[];
  maxTokens?: number;
}

export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "other";

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * What a provider streams back (seed § 4.2). `tool_use` carries a complete call and arrives after the text;
 * `warning` and `retry` are for the user (truncated answer, a retried request) and never reach the model.
 */
export type StreamEvent =
  | { type: "text_delta"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  | { type: "invalid_tool_use"; id: string; name: string; reason: string; rawArguments: string }
  | { type: "usage"; usage: TokenUsage }
  | { type: "warning"; message: string }
  | { type: "retry"; attempt: number; delayMs: number; reason: string }
  | { type: "done"; stopReason: StopReason };

export interface ProviderCapabilities {
  tools: boolean;
}

export interface LLMProvider {
  /** Provider id, e.g. "litellm". */
  readonly id: string;
  /** How messages name the provider ("LiteLLM: HTTP 429; retry 1 in 1 s"); the id when absent. */
  readonly label?: string;
  /** The model name as the provider's server knows it. */
  readonly model: string;
  readonly capabilities: ProviderCapabilities;
  chat(request: ChatRequest, signal?: AbortSignal): AsyncIterable<StreamEvent>;
  /** The model's input window in tokens when the provider can tell (LiteLLM `/model/info`), else undefined. */
  contextWindow?(signal?: AbortSignal): Promise<number | undefined>;
  /** The models the provider offers, sorted, for a choice list. */
  listModels?(signal?: AbortSignal): Promise<string[]>;
  /**
   * Whether the model takes images (LiteLLM: the `Vision` setting, else `/model/info`'s `supports_vision`). A
   * provider without this method takes none. Either way the kernel makes sure a provider whose model takes no
   * images never receives one: a request with images is refused before anything is sent (with `why`), and the
   * images of older messages and tool results are sent as their text stand-ins.
   */
  imageSupport?(signal?: AbortSignal): Promise<ImageSupport>;
}

/** Whether a model takes images; when it does not, why, for the user: the model and what setting would change it. */
export type ImageSupport = { images: true } | { images: false; why: string };

/** Raised by providers; `kind` lets front ends and plugins react without parsing messages. */
export type ProviderErrorKind =
  | "unreachable"
  | "http"
  | "server"
  | "no_body"
  | "interrupted"
  | "context_too_long"
  | "settings"
  /** The request holds what the model cannot take (images for a model without vision): nothing was sent. */
  | "unsupported_input";

export class ProviderError extends Error {
  override readonly name = "ProviderError";
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  constructor(message: string, kind: ProviderErrorKind, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}
