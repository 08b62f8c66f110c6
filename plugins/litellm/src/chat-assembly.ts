import type { StopReason, StreamEvent } from "@maia/kernel";
import { MAX_JSON_DEPTH, tooDeepAt } from "@maia/util";
import { serverError } from "./errors.ts";
import { t } from "./messages.ts";
import type { SseItem } from "./sse-framing.ts";

// The second layer of a chat answer: OpenAI `chat.completion.chunk` objects (or one whole `chat.completion`) →
// text deltas, then tool calls, usage, truncation warnings and the stop reason, tolerant as seed § 7.2 asks.

/**
 * Output sizes that are typical `max_tokens` caps: a tool call that arrives with exactly one of them was
 * probably cut and "repaired" by the server (seed § 7.2).
 */
export const ROUND_OUTPUT_LIMITS: ReadonlySet<number> = new Set([1024, 2048, 4096, 8192, 16384, 32768, 65536]);

/** How much of the raw arguments a reason quotes. */
const PREVIEW_LENGTH = 200;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

interface PendingCall {
  /** The index the server gave (sort key), then the arrival order. */
  index: number;
  seq: number;
  id: string;
  name: string;
  /** Argument fragments as received; an object argument is stored as its JSON text. */
  fragments: string[];
}

interface RawUsage {
  prompt: number;
  completion: number;
  reasoning: number;
}

/** Reads a usage object in OpenAI (prompt/completion_tokens) or Anthropic-like (input/output_tokens) form. */
function readUsage(value: unknown): RawUsage | undefined {
  if (!isRecord(value)) return undefined;
  const prompt = count(value.prompt_tokens) ?? count(value.input_tokens);
  const completion = count(value.completion_tokens) ?? count(value.output_tokens);
  if (prompt === undefined && completion === undefined) return undefined;
  const details = isRecord(value.completion_tokens_details)
    ? value.completion_tokens_details
    : isRecord(value.output_tokens_details)
      ? value.output_tokens_details
      : undefined;
  return { prompt: prompt ?? 0, completion: completion ?? 0, reasoning: count(details?.reasoning_tokens) ?? 0 };
}

/** The text of `delta.content`: a string, or a list of `{type:"text", text}` parts (Mistral and others). */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  let text = "";
  for (const part of content) {
    if (typeof part === "string") text += part;
    else if (isRecord(part) && (part.type === undefined || part.type === "text") && typeof part.text === "string") {
      text += part.text;
    }
  }
  return text;
}

/** The argument texts to try, in order: fragments appended, then cumulative re-sends collapsed. */
function argumentCandidates(fragments: readonly string[]): string[] {
  const appended = fragments.join("");
  let cumulative = "";
  for (const fragment of fragments) {
    cumulative = cumulative !== "" && fragment.startsWith(cumulative) ? fragment : cumulative + fragment;
  }
  return cumulative === appended ? [appended] : [appended, cumulative];
}

type ArgumentsOutcome =
  | { ok: true; input: Record<string, unknown> }
  | { ok: false; problem: "invalid_json" | "not_object" | "too_deep"; error: string };

function parseArguments(text: string): ArgumentsOutcome {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: "invalid_json", error: error instanceof Error ? error.message : String(error) };
  }
  // Some servers encode the arguments twice: a JSON string holding the JSON object.
  if (typeof value === "string") {
    try {
      const inner: unknown = JSON.parse(value);
      if (isRecord(inner)) return { ok: true, input: inner };
    } catch {
      // Not double-encoded after all.
    }
  }
  // Refused here, before the input joins the conversation: every later walk of it (the session save, the
  // token count, the next request's JSON) would overflow the stack.
  if (isRecord(value) && tooDeepAt(value) !== undefined) return { ok: false, problem: "too_deep", error: "" };
  if (isRecord(value)) return { ok: true, input: value };
  return { ok: false, problem: "not_object", error: "" };
}

function preview(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
}

/**
 * The tolerant assembly of seed § 7.2, fed with parsed chunks (or one non-streamed completion). `chunk`
 * returns the text deltas at once and throws ProviderError for an error payload; `finish` returns the tool
 * calls (sorted by index), the usage, the truncation warning and `done`.
 */
export class ChatCompletionAssembler {
  readonly #calls: PendingCall[] = [];
  readonly #byIndex = new Map<number, PendingCall>();
  #last: PendingCall | undefined;
  #usage: RawUsage | undefined;
  #finishReason: string | undefined;
  #done = false;
  readonly #secret: string | undefined;

  constructor(options: { secret?: string | undefined } = {}) {
    this.#secret = options.secret;
  }

  /** `[DONE]` was received. */
  get done(): boolean {
    return this.#done;
  }

  /** A finish reason was received. */
  get finishReason(): string | undefined {
    return this.#finishReason;
  }

  /** True when the answer is complete: a finish reason or `[DONE]` arrived. */
  get complete(): boolean {
    return this.#done || this.#finishReason !== undefined;
  }

  /** One SSE item. */
  item(item: SseItem): StreamEvent[] {
    if (item.kind === "error_field") throw serverError(errorPayloadOfText(item.value), this.#secret);
    if (item.event === "error") throw serverError(errorPayloadOfText(item.data), this.#secret);
    const data = item.data.trim();
    if (data === "[DONE]") {
      this.#done = true;
      return [];
    }
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return []; // Invalid JSON chunks are ignored (seed § 7.2).
    }
    return this.chunk(payload);
  }

  /** One parsed `chat.completion.chunk` (or a whole `chat.completion`). */
  chunk(payload: unknown): StreamEvent[] {
    if (!isRecord(payload)) return [];
    const error = payload.error;
    if ((typeof error === "string" && error !== "") || isRecord(error)) throw serverError(error, this.#secret);
    if (payload.object === "error") throw serverError(payload, this.#secret);

    this.#takeUsage(payload.usage);
    if (isRecord(payload.x_groq)) this.#takeUsage(payload.x_groq.usage);

    const events: StreamEvent[] = [];
    const choices = Array.isArray(payload.choices) ? payload.choices : [];
    for (const choice of choices) {
      if (!isRecord(choice)) continue;
      this.#takeUsage(choice.usage);
      const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : undefined;
      const text = delta !== undefined ? contentText(delta.content) : typeof choice.text === "string" ? choice.text : "";
      if (text !== "") events.push({ type: "text_delta", text });
      if (delta !== undefined) {
        if (Array.isArray(delta.tool_calls)) {
          for (const fragment of delta.tool_calls) this.#fragment(fragment);
        }
        // The legacy single `function_call` is one call without an index.
        if (isRecord(delta.function_call)) this.#fragment({ function: delta.function_call });
      }
      if (typeof choice.finish_reason === "string" && choice.finish_reason !== "") {
        this.#finishReason = choice.finish_reason;
      }
    }
    return events;
  }

  /** The events of the end of the answer. */
  finish(): StreamEvent[] {
    const events: StreamEvent[] = [];
    const reason = this.#finishReason?.toLowerCase();
    const cutByLength = reason === "length" || reason === "max_tokens";
    const roundLimit = this.#usage !== undefined && ROUND_OUTPUT_LIMITS.has(this.#usage.completion);
    const truncated = cutByLength || (roundLimit && this.#calls.length > 0);

    const sorted = [...this.#calls].sort((a, b) => a.index - b.index || a.seq - b.seq);
    const usedIds = new Set<string>();
    sorted.forEach((call, position) => {
      let id = call.id !== "" ? call.id : `call_${position}`;
      if (usedIds.has(id)) id = `${id}_${position}`;
      usedIds.add(id);
      events.push(this.#resolve(call, id, truncated, cutByLength));
    });

    if (this.#usage !== undefined) {
      const { prompt, completion, reasoning } = this.#usage;
      // Reasoning tokens are removed only when they are part of completion_tokens.
      const outputTokens = reasoning <= completion ? completion - reasoning : completion;
      events.push({ type: "usage", usage: { inputTokens: prompt, outputTokens: Math.max(0, outputTokens) } });
    }
    if (cutByLength) events.push({ type: "warning", message: t("truncatedLength") });
    else if (roundLimit && this.#calls.length > 0) {
      events.push({ type: "warning", message: t("truncatedToolCall", { tokens: this.#usage?.completion ?? 0 }) });
    }
    events.push({ type: "done", stopReason: this.stopReason() });
    return events;
  }

  /** Seed § 7.2: tool_calls/function_call → tool_use; length → max_tokens; stop → by calls; other → by calls. */
  stopReason(): StopReason {
    const hasCalls = this.#calls.length > 0;
    const reason = this.#finishReason?.toLowerCase();
    switch (reason) {
      case "tool_calls":
      case "function_call":
      case "tool_use":
        return "tool_use";
      case "length":
      case "max_tokens":
        return "max_tokens";
      case "stop":
      case "end_turn":
      case "stop_sequence":
      case undefined: // [DONE] without a finish reason
        return hasCalls ? "tool_use" : "end_turn";
      default:
        return hasCalls ? "tool_use" : "other";
    }
  }

  #takeUsage(value: unknown): void {
    const usage = readUsage(value);
    if (usage === undefined) return;
    // A zero usage (placeholder on ordinary chunks) never replaces a real one.
    if (usage.prompt === 0 && usage.completion === 0 && this.#usage !== undefined) return;
    this.#usage = usage;
  }

  #open(index: number, id: string | undefined): PendingCall {
    const call: PendingCall = { index, seq: this.#calls.length, id: id ?? "", name: "", fragments: [] };
    this.#calls.push(call);
    this.#byIndex.set(index, call);
    return call;
  }

  #nextIndex(): number {
    let next = 0;
    for (const call of this.#calls) next = Math.max(next, call.index + 1);
    return next;
  }

  #fragment(fragment: unknown): void {
    if (!isRecord(fragment)) return;
    const index =
      typeof fragment.index === "number" && Number.isInteger(fragment.index) ? fragment.index : undefined;
    const id = typeof fragment.id === "string" && fragment.id !== "" ? fragment.id : undefined;
    const fn = isRecord(fragment.function) ? fragment.function : {};
    const name = typeof fn.name === "string" ? fn.name : "";
    const args = fn.arguments;

    let call: PendingCall;
    if (index !== undefined) {
      const existing = this.#byIndex.get(index);
      if (existing === undefined) {
        // Arguments with neither id nor name on an unknown index continue the previous call.
        call = id === undefined && name === "" && this.#last !== undefined ? this.#last : this.#open(index, id);
      } else if (id !== undefined && existing.id !== "" && id !== existing.id) {
        call = this.#open(index, id); // a new id on a taken index is a new call
      } else call = existing;
    } else if (id !== undefined) {
      call = this.#calls.find((c) => c.id === id) ?? this.#open(this.#nextIndex(), id);
    } else if (name === "") {
      call = this.#last ?? this.#open(0, undefined);
    } else {
      // A name without index nor id: the same call unless the previous one is already complete.
      const last = this.#last;
      const lastComplete =
        last !== undefined &&
        last.name !== "" &&
        argumentCandidates(last.fragments).some((text) => parseArguments(text).ok);
      call = last !== undefined && !lastComplete ? last : this.#open(this.#nextIndex(), undefined);
    }
    this.#last = call;
    if (id !== undefined && call.id === "") call.id = id;

    if (name !== "") {
      if (call.name === "" || name.startsWith(call.name)) call.name = name; // repeated or re-sent whole
      else call.name += name;
    }
    if (typeof args === "string") {
      if (args !== "") call.fragments.push(args);
    } else if (typeof args === "object" && args !== null) {
      call.fragments = [JSON.stringify(args)]; // arguments sent as an object are the input
    }
  }

  #resolve(call: PendingCall, id: string, truncated: boolean, cutByLength: boolean): StreamEvent {
    const rawArguments = call.fragments.join("");
    const name = call.name.trim();
    const invalid = (reason: string): StreamEvent => ({ type: "invalid_tool_use", id, name, reason, rawArguments });
    if (name === "") return invalid(t("toolNameEmpty"));
    if (rawArguments.trim() === "") {
      // No arguments at all is a call without parameters, unless the output was cut.
      return cutByLength
        ? invalid(t("toolArgsTruncated", { preview: "" }))
        : { type: "tool_use", id, name, input: {} };
    }
    let first: ArgumentsOutcome | undefined;
    for (const candidate of argumentCandidates(call.fragments)) {
      const outcome = parseArguments(candidate);
      if (outcome.ok) return { type: "tool_use", id, name, input: outcome.input };
      first ??= outcome;
    }
    if (first !== undefined && !first.ok && first.problem === "too_deep") return invalid(t("toolArgsTooDeep", { max: MAX_JSON_DEPTH }));
    if (first !== undefined && !first.ok && first.problem === "not_object") {
      return invalid(t("toolArgsNotObject", { preview: preview(rawArguments) }));
    }
    if (truncated) return invalid(t("toolArgsTruncated", { preview: preview(rawArguments) }));
    return invalid(
      t("toolArgsInvalidJson", { error: first !== undefined && !first.ok ? first.error : "", preview: preview(rawArguments) }),
    );
  }
}

/** The payload of an SSE `error` field or `event: error` data: its JSON when it is JSON, else the text. */
function errorPayloadOfText(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed) && parsed.error !== undefined && parsed.error !== null) return parsed.error;
    return parsed;
  } catch {
    return text;
  }
}
