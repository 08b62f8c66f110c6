import type { ContentBlock, ImageBlock, Message, ToolResultBlock, ToolUseBlock } from "../contracts/messages.ts";
import { imageReference } from "../contracts/messages.ts";
import { ProviderError, type StopReason } from "../contracts/provider.ts";
import type { AgentSession } from "../contracts/session.ts";
import type { TurnOutcome, TurnStatus } from "../contracts/hooks.ts";
import { isAbortError } from "@maia/util/maia-error";
import type { HookTable } from "../hooks/hooks.ts";
import { t } from "./messages.ts";
import { holdsImages, imageSupportOf, withImageStandIns } from "./images.ts";
import { runToolCalls } from "./tool-runner.ts";

/** Seed § 23: iterations per series of a turn (MaxIterations). */
export const MAX_ITERATIONS = 50;

export interface RunTurnOptions {
  signal?: AbortSignal;
  /** Iterations per series; the session's value by default. */
  maxIterations?: number;
  /** Asked when a series is used up (the CLI's « Continuer ? (o/n) »); true grants another series. */
  onLimit?: (iterations: number) => Promise<boolean>;
  /** Max output tokens for each request, when the settings set one. */
  maxTokens?: number;
  /** Who wrote the request (default "user"), passed to `beforeTurn`. */
  origin?: string;
  /** Images sent with the request, after its text (`--image`, the input's chips, ACP image content). */
  images?: ImageBlock[];
}

interface Snapshot {
  /** The messages as they were (a shallow copy: a `beforeTurn` tap may replace the array itself). */
  messages: Message[];
  lastContent: ContentBlock[] | undefined;
  pending: string[];
}

/**
 * One user request, to the end (seed § 6.2): pending context joined to the text, then model calls and tool
 * batches until the model stops calling tools, the iteration limit is refused, or the user says "stop".
 * An abort or an error restores the conversation exactly as it was before the request (Ctrl+C is a rollback);
 * `afterTurn` runs in every case, after the rollback.
 */
export async function runTurn(
  hooks: HookTable,
  session: AgentSession,
  userText: string,
  options: RunTurnOptions = {},
): Promise<TurnOutcome> {
  const signal = options.signal ?? new AbortController().signal;
  const snapshot = takeSnapshot(session);
  let outcome: TurnOutcome;
  try {
    const result = await loop(hooks, session, userText, signal, options);
    outcome = { session, ...result };
  } catch (error) {
    // Copied before the rollback, which puts the last message's old content back in place.
    const attempted = session.messages.map((message) => ({ ...message, content: [...message.content] }));
    restore(session, snapshot);
    session.events.emit({ type: "thinking", active: false });
    hooks.contextChanged.call(session, "restored");
    const status: TurnStatus = isAbortError(error) || signal.aborted ? "aborted" : "error";
    outcome = status === "error" ? { session, status, error, attempted } : { session, status };
  }
  await hooks.afterTurn.promise(outcome);
  return outcome;
}

async function loop(
  hooks: HookTable,
  session: AgentSession,
  userText: string,
  signal: AbortSignal,
  options: RunTurnOptions,
): Promise<{ status: TurnStatus; stopReason?: StopReason }> {
  const input = await hooks.beforeTurn.promise({ session, text: userText, signal, origin: options.origin ?? "user", images: [...(options.images ?? [])] });
  throwIfAborted(signal);
  if (input.blocked !== undefined) {
    session.events.emit({ type: "warning", message: input.blocked });
    return { status: "done" };
  }
  // Refused before anything is sent or added (issue 38): the model's provider says why, naming what to change.
  if (input.images.length > 0) {
    const support = await imageSupportOf(session.provider, signal);
    if (!support.images) throw new ProviderError(support.why, "unsupported_input");
  }
  addUserText(session, input.text, input.images);
  if (input.images.length > 0) session.events.emit({ type: "request_images", images: input.images.map(imageReference) });
  hooks.contextChanged.call(session, "request");

  const perSeries = options.maxIterations ?? session.maxIterations;
  let limit = perSeries;
  let stopReason: StopReason | undefined;
  for (let iteration = 0; ; iteration += 1) {
    if (iteration >= limit) {
      if (options.onLimit && (await options.onLimit(limit))) {
        limit += perSeries;
      } else {
        session.events.emit({ type: "warning", message: t("iterationLimit", { count: limit }) });
        return { status: "max_iterations", stopReason };
      }
    }
    const answer = await callModel(session, signal, options.maxTokens);
    stopReason = answer.stopReason;
    const calls = answer.calls.map((call) => call.block);
    if (calls.length === 0) {
      if (answer.text) session.messages.push({ role: "assistant", content: [{ type: "text", text: answer.text }] });
      hooks.contextChanged.call(session, "answer");
      return { status: "done", stopReason };
    }
    const content: ContentBlock[] = answer.text ? [{ type: "text", text: answer.text }, ...calls] : [...calls];
    session.messages.push({ role: "assistant", content });
    hooks.contextChanged.call(session, "answer");

    // Malformed calls are answered without running anything; the valid ones go through the runner.
    const valid = answer.calls.filter((call) => call.problem === undefined).map((call) => call.block);
    const run = await runToolCalls(hooks, session, valid, signal);
    throwIfAborted(signal);
    const byId = new Map(run.results.map((result) => [result.toolUseId, result]));
    const results: ToolResultBlock[] = answer.calls.map(({ block, problem }) =>
      problem === undefined
        ? (byId.get(block.id) ?? { type: "tool_result", toolUseId: block.id, content: t("notRunForModel"), isError: true })
        : { type: "tool_result", toolUseId: block.id, content: t("malformedCall", { name: block.name || "?", reason: problem }), isError: true },
    );
    session.messages.push({ role: "user", content: results });
    hooks.contextChanged.call(session, "tool_results");
    if (run.stopped) return { status: "stopped", stopReason };
  }
}

interface ModelAnswer {
  text: string;
  calls: Array<{ block: ToolUseBlock; problem?: string }>;
  stopReason: StopReason;
}

/** One blocking model call (seed § 6.2: the model's reasoning is never put in the background). */
async function callModel(session: AgentSession, signal: AbortSignal, maxTokens?: number): Promise<ModelAnswer> {
  const { events } = session;
  const specs = [...session.tools.values()].map((tool) => tool.spec);
  let text = "";
  const calls: ModelAnswer["calls"] = [];
  let stopReason: StopReason = "other";
  events.emit({ type: "thinking", active: true });
  try {
    // A model without vision gets the stand-ins of the images an earlier model or a tool left in the conversation.
    const messages = holdsImages(session.messages) && !(await imageSupportOf(session.provider, signal)).images ? withImageStandIns(session.messages) : session.messages;
    const request = { system: session.system, messages, tools: specs, ...(maxTokens ? { maxTokens } : {}) };
    for await (const event of session.provider.chat(request, signal)) {
      switch (event.type) {
        case "text_delta":
          text += event.text;
          events.emit({ type: "text", text: event.text });
          break;
        case "tool_use":
          calls.push({ block: { type: "tool_use", id: event.id, name: event.name, input: event.input } });
          break;
        case "invalid_tool_use":
          calls.push({ block: { type: "tool_use", id: event.id, name: event.name, input: {} }, problem: event.reason });
          events.emit({ type: "warning", message: t("malformedCallWarning", { name: event.name || "?" }) });
          break;
        case "usage":
          events.emit({ type: "usage", inputTokens: event.usage.inputTokens, outputTokens: event.usage.outputTokens });
          break;
        case "warning":
          events.emit({ type: "warning", message: event.message });
          break;
        case "retry":
          events.emit({
            type: "warning",
            message: t("retrying", { provider: session.provider.label ?? session.provider.id, reason: event.reason, attempt: event.attempt, seconds: Math.round(event.delayMs / 100) / 10 }),
          });
          break;
        case "done":
          stopReason = event.stopReason;
          break;
      }
    }
    throwIfAborted(signal);
  } finally {
    if (text) events.emit({ type: "text_end" });
    events.emit({ type: "thinking", active: false });
  }
  return { text, calls, stopReason };
}

/**
 * Pending context first, then the text, in one user message (some providers require strict alternation).
 * After an iteration limit or a stop the last message is already the user's tool results: the new request
 * joins it (seed § 6.2.3).
 */
function addUserText(session: AgentSession, text: string, images: readonly ImageBlock[]): void {
  const pending = session.pendingContext.splice(0);
  const full = pending.length > 0 ? `${pending.join("\n\n")}\n\n${text}` : text;
  const blocks: ContentBlock[] = [{ type: "text", text: full }, ...images];
  const last = session.messages.at(-1);
  if (last?.role === "user") last.content.push(...blocks);
  else session.messages.push({ role: "user", content: blocks });
}

function takeSnapshot(session: AgentSession): Snapshot {
  const last: Message | undefined = session.messages.at(-1);
  return { messages: [...session.messages], lastContent: last ? [...last.content] : undefined, pending: [...session.pendingContext] };
}

function restore(session: AgentSession, snapshot: Snapshot): void {
  session.messages = snapshot.messages;
  const last = session.messages.at(-1);
  if (last && snapshot.lastContent) last.content = snapshot.lastContent;
  session.pendingContext = snapshot.pending;
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) {
    const error = new Error("aborted");
    error.name = "AbortError";
    throw error;
  }
}
