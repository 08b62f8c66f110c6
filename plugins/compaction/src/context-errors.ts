/**
 * How the servers behind LiteLLM say that a request no longer fits the model's context window (seed § 14.5).
 * LiteLLM passes the upstream text through (sometimes wrapped in `litellm.ContextWindowExceededError`), so each
 * provider's own phrasing is listed, with an example in the comment.
 */
const CONTEXT_TOO_LONG: readonly RegExp[] = [
  // OpenAI / Azure: code "context_length_exceeded"; "This model's maximum context length is 128000 tokens."
  /context[_\s-]?length[_\s-]?exceeded/i,
  /maximum context length is \d/i,
  // OpenAI (Responses era): "Input tokens exceed the configured limit of 272000 tokens."
  /input tokens exceed the configured limit/i,
  // LiteLLM's own class: "litellm.ContextWindowExceededError: …"
  /context[_\s-]?window[_\s-]?exceeded/i,
  // Anthropic (direct, Vertex): "prompt is too long: 210000 tokens > 200000 maximum"
  /\bprompt is too long\b/i,
  // Bedrock: "Input is too long for requested model."; "The input is too long for the model"
  /\binput is too long\b/i,
  // Gemini: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."
  /input token count .{0,40}exceeds the maximum number of tokens/i,
  // Mistral: "Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length"
  /too large for model with \d+ maximum context length/i,
  // vLLM: "…you requested 5000 tokens… Please reduce the length of the messages"; "Input prompt (5000 tokens) is too
  // long and exceeds limit of 4096"; "The decoder prompt (length 5000) is longer than the maximum model length of 4096"
  /\bplease reduce the length of the (messages|prompt|input)/i,
  /\bprompt \(\d+ tokens\) is too long\b/i,
  /\blonger than the maximum model length\b/i,
  // llama.cpp / Ollama: "the request exceeds the available context size"; "input length exceeds maximum context length"
  /exceeds the available context size/i,
  /exceeds (the )?maximum context length/i,
  // Cohere and others: "too many tokens: total number of tokens in the prompt cannot exceed 4081"
  /total number of tokens in the prompt cannot exceed/i,
];

/** Rate limits also speak of "too many tokens" or "request too large": those are not context overflows. */
const RATE_LIMIT = /\brate[_\s-]?limit|\btokens per (min|minute|day)\b|\bTPM\b|\bquota\b|\btoo many requests\b/i;

/**
 * True when a turn failed because the conversation exceeds the model's context window: the provider's
 * ProviderError of kind "context_too_long", or any error whose text (causes included) says so.
 */
export function isContextTooLongError(error: unknown): boolean {
  if ((error as { kind?: unknown } | null | undefined)?.kind === "context_too_long") return true;
  const text = textOf(error);
  if (text === "" || RATE_LIMIT.test(text)) return false;
  return CONTEXT_TOO_LONG.some((pattern) => pattern.test(text));
}

function textOf(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    if (typeof current === "string") {
      parts.push(current);
      break;
    }
    const record = current as { message?: unknown; code?: unknown; cause?: unknown };
    if (typeof record.message === "string") parts.push(record.message);
    if (typeof record.code === "string") parts.push(record.code);
    current = record.cause;
  }
  return parts.join("\n");
}
