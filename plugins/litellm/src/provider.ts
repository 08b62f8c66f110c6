import {
  ProviderError,
  type ChatRequest,
  type ImageSupport,
  type LLMProvider,
  type StreamEvent,
} from "@maia/kernel";
import { buildChatBody } from "./chat-body.ts";
import { openDebugLog, type DebugLog } from "./debug-log.ts";
import { causeText, isAbortError, isContextOverflowMessage, redactSecret } from "./errors.ts";
import { t } from "./messages.ts";
import type { LiteLLMSettings } from "./settings.ts";
import { parseChatCompletionJson, parseChatStream } from "./chat-stream.ts";
import { joinUrl } from "./url.ts";
import { httpFetch, type HttpFetch, type HttpResponse } from "./http-fetch.ts";

/** HTTP statuses worth another try: rate limit and the gateway family. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Error codes of a connection the server dropped (not one it refused: that is "unreachable" at once). */
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);

/** How much of a non-2xx body the error quotes (seed § 7.2). */
const ERROR_BODY_LIMIT = 500;

export interface RetryOptions {
  /** At most this many retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff delay; doubles at each retry (default 1000 ms: 1 s, 2 s, 4 s). */
  baseDelayMs?: number;
  /** Cap of any delay, Retry-After included (default 30 000 ms). */
  maxDelayMs?: number;
}

export interface LiteLLMProviderOptions {
  settings: LiteLLMSettings;
  apiKey?: string | undefined;
  /** The model name as LiteLLM knows it (without the `litellm:` prefix). */
  model: string;
  /** How requests are sent (default: node:http/https, http-fetch.ts); the global `fetch` fits too. */
  fetch?: HttpFetch;
  /** For MAIA_DEBUG_LLM (default process.env). */
  env?: NodeJS.ProcessEnv;
  retry?: RetryOptions;
  /** Where the settings were read, for the messages that name a setting (default `~/.maia/settings.json`). */
  settingsPath?: string;
  /** Time limit of the `/model/info` request (default 10 s). */
  modelInfoTimeoutMs?: number;
  /**
   * A `/model/info` answer already on its way (the plugin asks as it loads, early-model-info.ts), or undefined:
   * contextWindow takes it instead of asking again.
   */
  takeEarlyModelInfo?: () => Promise<unknown> | undefined;
}

export interface LiteLLMProvider extends LLMProvider {
  readonly id: "litellm";
  readonly chatUrl: string;
  contextWindow(signal?: AbortSignal): Promise<number | undefined>;
  /** LiteLLM's `/model/info` answer, as JSON: every model's entry. */
  modelInfo(signal?: AbortSignal): Promise<unknown>;
  imageSupport(signal?: AbortSignal): Promise<ImageSupport>;
  listModels(signal?: AbortSignal): Promise<string[]>;
}

/** The LiteLLM provider of seed § 7: OpenAI `chat/completions` over SSE, with bounded retries. */
export function createLiteLLMProvider(options: LiteLLMProviderOptions): LiteLLMProvider {
  const { settings, model } = options;
  const apiKey = options.apiKey !== undefined && options.apiKey !== "" ? options.apiKey : undefined;
  const fetchImpl = options.fetch ?? httpFetch;
  const env = options.env ?? process.env;
  const maxRetries = options.retry?.maxRetries ?? 3;
  const baseDelayMs = options.retry?.baseDelayMs ?? 1000;
  const maxDelayMs = options.retry?.maxDelayMs ?? 30_000;
  const chatUrl = joinUrl(settings.LiteLLM_URL, settings.OpenAI_EndPoint);
  const modelInfoUrl = joinUrl(settings.LiteLLM_URL, "/model/info");
  const redact = (text: string) => redactSecret(text, apiKey);

  const headers = (accept: string, withBody: boolean): Record<string, string> => ({
    ...(withBody ? { "Content-Type": "application/json" } : {}),
    Accept: accept,
    ...(apiKey !== undefined ? { Authorization: `Bearer ${apiKey}` } : {}),
  });

  const unreachable = (url: string, error: unknown) =>
    new ProviderError(t("unreachable", { url, cause: redact(causeText(error)) }), "unreachable");

  async function httpError(url: string, response: HttpResponse): Promise<ProviderError> {
    let text = "";
    try {
      text = await response.text();
    } catch {
      // The status alone will do.
    }
    const body = redact(text.slice(0, ERROR_BODY_LIMIT));
    const key = response.status === 401 || response.status === 403 ? "httpErrorAuthHint" : "httpError";
    const kind = isContextOverflowMessage(text.slice(0, 20_000)) ? "context_too_long" : "http";
    return new ProviderError(t(key, { status: response.status, url, body }), kind, response.status);
  }

  // `/model/info` once per provider: the context window and image support read the same answer (the early one
  // when the plugin asked as it loaded). A failure is not kept: the next reader asks again.
  let modelInfoAnswer: Promise<unknown> | undefined;
  function ownModelInfo(signal: AbortSignal | undefined): Promise<unknown> {
    if (modelInfoAnswer === undefined) {
      const timeout = AbortSignal.timeout(options.modelInfoTimeoutMs ?? 10_000);
      const early = options.takeEarlyModelInfo?.();
      const answer = early === undefined ? getJson(modelInfoUrl, timeout) : untilAborted(early, timeout);
      modelInfoAnswer = answer;
      answer.catch(() => {
        if (modelInfoAnswer === answer) modelInfoAnswer = undefined;
      });
    }
    return signal === undefined ? modelInfoAnswer : untilAborted(modelInfoAnswer, signal);
  }

  function backoff(retry: number): number {
    return Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
  }

  async function* chat(request: ChatRequest, signal?: AbortSignal): AsyncGenerator<StreamEvent, void, undefined> {
    const body = JSON.stringify(buildChatBody(model, request, { maxOutputTokens: settings.MaxOutputTokens }));
    const debug = openDebugLog(env, apiKey);
    // Images are logged by size, not by their megabytes of base64.
    debug?.section(`POST ${chatUrl}`, body.replace(/(data:image\/[\w.+-]+;base64,)([A-Za-z0-9+/=]+)/g, (_, head: string, data: string) => `${head}<${data.length} base64 characters>`));

    for (let retry = 0; ; retry++) {
      const canRetry = retry < maxRetries;
      let response: HttpResponse;
      try {
        response = await fetchImpl(chatUrl, { method: "POST", headers: headers("text/event-stream", true), body, signal });
      } catch (error) {
        if (signal?.aborted || isAbortError(error)) throw error;
        debug?.section("request failed", causeText(error));
        if (canRetry && isConnectionReset(error)) {
          yield* pause(retry, backoff(retry), t("retryReset"), signal);
          continue;
        }
        throw unreachable(chatUrl, error);
      }
      debug?.section(`HTTP ${response.status}`, response.headers.get("content-type") ?? "");

      if (!response.ok) {
        if (canRetry && RETRY_STATUSES.has(response.status)) {
          const delay = Math.min(maxDelayMs, retryAfterMs(response.headers) ?? backoff(retry));
          await discard(response);
          yield* pause(retry, delay, t("retryHttp", { status: response.status }), signal);
          continue;
        }
        const error = await httpError(chatUrl, response);
        signal?.throwIfAborted(); // an abort while the error body was read is still an abort
        debug?.section("error", error.message);
        throw error;
      }
      if (response.body === null) throw new ProviderError(t("noBody", { url: chatUrl }), "no_body");

      let yielded = false;
      try {
        for await (const event of answerEvents(response, signal, debug)) {
          yielded = true;
          yield event;
        }
        return;
      } catch (error) {
        if (signal?.aborted) throw error;
        if (!yielded && canRetry && error instanceof ProviderError && error.kind === "interrupted") {
          yield* pause(retry, backoff(retry), t("retryInterrupted"), signal);
          continue;
        }
        if (error instanceof ProviderError) debug?.section("error", error.message);
        throw error;
      }
    }
  }

  /** The events of a 2xx answer: SSE, or one JSON completion from a server that ignored `stream`. */
  async function* answerEvents(
    response: HttpResponse,
    signal: AbortSignal | undefined,
    debug: DebugLog | undefined,
  ): AsyncGenerator<StreamEvent, void, undefined> {
    const body = response.body!; // checked by the caller
    const contentType = response.headers.get("content-type") ?? "";
    if (/\bjson\b/i.test(contentType)) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (signal?.aborted || isAbortError(error)) throw error;
        throw new ProviderError(t("streamReadFailed", { cause: redact(causeText(error)) }), "interrupted");
      }
      debug?.section("response body (JSON)", text);
      if (text.trimStart().startsWith("{")) {
        yield* parseChatCompletionJson(text, apiKey);
        return;
      }
      // SSE sent under a JSON content type.
      yield* parseChatStream(oneChunk(new TextEncoder().encode(text)), { signal, secret: apiKey });
      return;
    }
    yield* parseChatStream(body, { signal, debug, secret: apiKey });
  }

  /** Announces a retry, then waits (an abort during the wait propagates at once). */
  async function* pause(
    retry: number,
    delayMs: number,
    reason: string,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<StreamEvent, void, undefined> {
    yield { type: "retry", attempt: retry + 1, delayMs, reason };
    await sleep(delayMs, signal);
  }

  async function getJson(url: string, signal: AbortSignal | undefined): Promise<unknown> {
    let response: HttpResponse;
    try {
      response = await fetchImpl(url, { method: "GET", headers: headers("application/json", false), signal });
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw error;
      throw unreachable(url, error);
    }
    if (!response.ok) {
      const error = await httpError(url, response);
      signal?.throwIfAborted();
      throw error;
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw error;
      throw unreachable(url, error);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderError(t("invalidJsonAnswer", { body: redact(text.slice(0, ERROR_BODY_LIMIT)) }), "http", response.status);
    }
  }

  return {
    id: "litellm",
    label: "LiteLLM",
    model,
    chatUrl,
    capabilities: { tools: true },
    chat,

    async contextWindow(signal?: AbortSignal): Promise<number | undefined> {
      try {
        return maxInputTokens(await ownModelInfo(signal), model);
      } catch {
        return undefined;
      }
    },

    async imageSupport(signal?: AbortSignal): Promise<ImageSupport> {
      const path = options.settingsPath ?? "~/.maia/settings.json";
      if (settings.Vision !== undefined) return settings.Vision ? { images: true } : { images: false, why: t("visionOffSetting", { model, path }) };
      let info: unknown;
      try {
        info = await ownModelInfo(signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        info = undefined;
      }
      return supportsVision(info, model) ? { images: true } : { images: false, why: t("visionUnknown", { model, path }) };
    },

    modelInfo: (signal) => getJson(modelInfoUrl, signal),

    async listModels(signal?: AbortSignal): Promise<string[]> {
      const url = joinUrl(settings.LiteLLM_URL, settings.LiteLLM_Models);
      const list = modelNames(await getJson(url, signal));
      if (list === undefined) throw new ProviderError(t("invalidModelList", { url }), "http");
      return list;
    },
  };
}

/** `model_info.max_input_tokens` of the /model/info entry named `model` (else whose litellm model it is). */
export function maxInputTokens(info: unknown, model: string): number | undefined {
  const value = modelInfoOf(info, model)?.max_input_tokens;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** True when the /model/info entry of `model` says `supports_vision: true` (null, absent or false: no). */
export function supportsVision(info: unknown, model: string): boolean {
  return modelInfoOf(info, model)?.supports_vision === true;
}

function modelInfoOf(info: unknown, model: string): Record<string, unknown> | undefined {
  const data = isRecord(info) && Array.isArray(info.data) ? info.data.filter(isRecord) : [];
  const entry =
    data.find((e) => e.model_name === model) ??
    data.find((e) => isRecord(e.litellm_params) && e.litellm_params.model === model);
  return entry !== undefined && isRecord(entry.model_info) ? entry.model_info : undefined;
}

/** Names of a model list (seed § 7.4): `data[].id`, else `model_name`; deduplicated and sorted. */
export function modelNames(list: unknown): string[] | undefined {
  const data = Array.isArray(list) ? list : isRecord(list) && Array.isArray(list.data) ? list.data : undefined;
  if (data === undefined) return undefined;
  const names = new Set<string>();
  for (const entry of data) {
    if (typeof entry === "string" && entry !== "") names.add(entry);
    else if (isRecord(entry)) {
      const name = typeof entry.id === "string" && entry.id !== "" ? entry.id : entry.model_name;
      if (typeof name === "string" && name !== "") names.add(name);
    }
  }
  return [...names].sort((a, b) => a.localeCompare(b, "en") || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The wait a response asks for: `retry-after-ms` (OpenAI, Azure), else `Retry-After` in seconds or as an
 * HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Pick<Headers, "get">, now: number = Date.now()): number | undefined {
  const ms = headers.get("retry-after-ms")?.trim();
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) return Math.ceil(Number(ms));
  const value = headers.get("retry-after")?.trim();
  if (value === undefined || value === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** True when a fetch failed because the connection was dropped (reset, closed by the other side). */
export function isConnectionReset(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && RESET_CODES.has(code)) return true;
    if (typeof message === "string" && /other side closed|socket hang up|ECONNRESET/i.test(message)) return true;
    current = cause;
  }
  return false;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

async function discard(response: HttpResponse): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to free.
  }
}

async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `promise`, or a rejection with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}
