import { ProviderError } from "@maia/kernel";
import { t } from "./messages.ts";

/**
 * Wordings by which servers say the conversation no longer fits the model's context window. LiteLLM passes
 * the upstream provider's text through, so the list covers OpenAI/Azure, Anthropic (also via Bedrock and
 * Vertex), Gemini, Mistral, vLLM, llama.cpp, Ollama, Groq, xAI, DeepSeek, OpenRouter and LiteLLM's own
 * ContextWindowExceededError.
 */
const CONTEXT_OVERFLOW_PATTERNS: readonly RegExp[] = [
  /context[_\s-]?length[_\s-]?exceeded/i,
  /context[_\s-]?window[_\s-]?exceeded/i,
  /maximum (context|prompt|input|model|sequence) length/i,
  /\bprompt is too long\b/i,
  /\bprompt too long\b/i,
  /\binput is too long\b/i,
  /\bexceed(s|ed|ing)? (the )?(\w+ ){0,2}context (window|length|limit|size)/i,
  /\bexceeds the maximum number of tokens\b/i,
  /\binput token count .{0,40}exceeds\b/i,
  /\blonger than the maximum model length\b/i,
  /\btoo large for model with\b/i,
  /\breduce the length of the (messages|prompt|input)\b/i,
  /\bcontext (size|window) (has been |was )?exceeded\b/i,
  /\b(input|prompt) (length|tokens?) (and `?max_tokens`? )?exceed/i,
];

/** Wordings that also describe rate limits ("too many tokens per minute"): trusted only without one. */
const WEAK_OVERFLOW_PATTERNS: readonly RegExp[] = [/\btoo many (input |prompt )?tokens\b/i, /\binput too long\b/i];
const RATE_LIMIT_PATTERN = /\brate[_\s-]?limit|\bper minute\b|\btokens per (min|day)\b|\bTPM\b|\bquota\b/i;

/** True when a server's error text says the conversation exceeds the model's context window. */
export function isContextOverflowMessage(text: string): boolean {
  if (CONTEXT_OVERFLOW_PATTERNS.some((pattern) => pattern.test(text))) return true;
  return !RATE_LIMIT_PATTERN.test(text) && WEAK_OVERFLOW_PATTERNS.some((pattern) => pattern.test(text));
}

/** Replaces every occurrence of the secret (the API key) with `***`. */
export function redactSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 4) return text;
  return text.split(secret).join("***");
}

/** A short, readable text for an error payload: `{message, code…}`, a string, or anything else as JSON. */
export function describeErrorPayload(payload: unknown, limit = 500): string {
  let text: string;
  if (typeof payload === "string") text = payload;
  else if (typeof payload === "object" && payload !== null) {
    const record = payload as Record<string, unknown>;
    const message = typeof record.message === "string" ? record.message : undefined;
    const code = typeof record.code === "string" || typeof record.code === "number" ? String(record.code) : undefined;
    if (message !== undefined) {
      text = code !== undefined && !/^\d+$/.test(code) && !message.includes(code) ? `${message} (${code})` : message;
    } else if (typeof record.error === "string" || (typeof record.error === "object" && record.error !== null)) {
      return describeErrorPayload(record.error, limit);
    } else text = safeStringify(payload);
  } else text = String(payload);
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The error of an in-stream `{"error": …}`, `{"object":"error",…}` or SSE `error` field: « Erreur du
 * serveur LiteLLM : … », kind "context_too_long" when the text says the context overflowed, else "server".
 */
export function serverError(payload: unknown, secret?: string): ProviderError {
  const message = redactSecret(describeErrorPayload(payload), secret);
  const whole = typeof payload === "string" ? payload : safeStringify(payload);
  const kind = isContextOverflowMessage(`${message}\n${whole}`) ? "context_too_long" : "server";
  return new ProviderError(t("serverError", { message }), kind);
}

export { isAbortError } from "@maia/kernel";

/** The innermost cause of a fetch error, as text: `ECONNREFUSED`, `other side closed`… */
export function causeText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    if (typeof current === "object") {
      const record = current as { code?: unknown; message?: unknown; cause?: unknown };
      const code = typeof record.code === "string" ? record.code : undefined;
      const message = typeof record.message === "string" ? record.message : undefined;
      const text = code !== undefined && message !== undefined && !message.includes(code) ? `${code}: ${message}` : (message ?? code);
      if (text !== undefined && text !== "" && !parts.includes(text)) parts.push(text);
      current = record.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  const meaningful = parts.filter((p) => p !== "fetch failed");
  return (meaningful.length > 0 ? meaningful : parts).join(" — ") || String(error);
}
