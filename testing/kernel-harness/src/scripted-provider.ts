import {
  definePlugin,
  ProviderError,
  type ChatRequest,
  type LLMProvider,
  type MaiaPlugin,
  type ProviderErrorKind,
  type StopReason,
  type StreamEvent,
  type TokenUsage,
} from "@maia/kernel";

/** A tool call the model makes; `arguments` as a string is sent as the raw JSON text (which may be broken). */
export interface ScriptedCall {
  name: string;
  arguments: Record<string, unknown> | string;
  /** Defaults to `call_<request>_<position>`. */
  id?: string;
}

/** An answer streamed back: text deltas (one per string), then complete tool calls, then usage and the stop. */
export interface ScriptedReply {
  text?: string | string[];
  toolCalls?: ScriptedCall[];
  /** Default `tool_use` when there are tool calls, else `end_turn`. */
  stopReason?: StopReason;
  usage?: TokenUsage;
}

/** A request the provider refuses, as a real one raises it (e.g. `kind: "context_too_long"`). */
export interface ScriptedFailure {
  error: string;
  /** Default `http`. */
  kind?: ProviderErrorKind;
  status?: number;
}

/** The optional text, then nothing until the request is aborted. */
export interface ScriptedHang {
  hang: true;
  text?: string;
}

export type ScriptedAnswer = ScriptedReply | ScriptedFailure | ScriptedHang;
/** An answer, or a function of the request that picks one (`index` counts requests from 0). */
export type ScriptedStep = ScriptedAnswer | ((request: ChatRequest, index: number) => ScriptedAnswer | Promise<ScriptedAnswer>);

export interface ScriptedProvider extends LLMProvider {
  /** Every request received, copied as it was sent. */
  readonly requests: ChatRequest[];
  /** Adds answers after those still waiting. */
  enqueue(...steps: ScriptedStep[]): void;
  /** A plugin that makes this the provider of every model (`resolveProvider`). */
  readonly plugin: MaiaPlugin<never, unknown>;
}

export interface ScriptedProviderOptions {
  model?: string;
  /** What `contextWindow()` answers; absent, the provider cannot tell. */
  contextWindow?: number;
  /** What `imageSupport()` answers: true, or why not; absent, the provider has no such method (it takes none). */
  images?: true | string;
}

/**
 * An LLM provider in memory that replays a script, one answer per request. Kernel tests talk to the model
 * through it, so the kernel needs no provider plugin; a request with no answer left fails like a refusal.
 */
export function scriptedProvider(script: ScriptedStep[] = [], options: ScriptedProviderOptions = {}): ScriptedProvider {
  const steps = [...script];
  const requests: ChatRequest[] = [];
  const provider: Omit<ScriptedProvider, "plugin"> = {
    id: "scripted",
    model: options.model ?? "scripted-model",
    capabilities: { tools: true },
    requests,
    enqueue: (...more) => void steps.push(...more),
    ...(options.contextWindow === undefined ? {} : { contextWindow: async () => options.contextWindow }),
    ...(options.images === undefined
      ? {}
      : { imageSupport: async () => (options.images === true ? { images: true as const } : { images: false as const, why: options.images ?? "" }) }),
    async *chat(request, signal) {
      const index = requests.length;
      requests.push(structuredClone(request));
      const step = steps.shift() ?? { error: "the script has no answer left" };
      yield* play(typeof step === "function" ? await step(request, index) : step, index, signal);
    },
  };
  const plugin = definePlugin({
    name: "scripted-provider",
    version: "1.0.0",
    kernel: "^1.0.0",
    apply(context) {
      context.hooks.resolveProvider.tap("scripted-provider", () => full);
    },
  }) as MaiaPlugin<never, unknown>;
  const full: ScriptedProvider = Object.assign(provider, { plugin });
  return full;
}

async function* play(answer: ScriptedAnswer, index: number, signal: AbortSignal | undefined): AsyncGenerator<StreamEvent> {
  if ("error" in answer) throw new ProviderError(answer.error, answer.kind ?? "http", answer.status);
  if ("hang" in answer) {
    if (answer.text) yield { type: "text_delta", text: answer.text };
    await untilAborted(signal);
    return;
  }
  const texts = typeof answer.text === "string" ? [answer.text] : (answer.text ?? []);
  for (const text of texts) yield { type: "text_delta", text };
  const calls = answer.toolCalls ?? [];
  for (const [position, call] of calls.entries()) yield toolEvent(call, call.id ?? `call_${index}_${position}`);
  if (answer.usage) yield { type: "usage", usage: answer.usage };
  yield { type: "done", stopReason: answer.stopReason ?? (calls.length > 0 ? "tool_use" : "end_turn") };
}

/** A call whose arguments are not a JSON object arrives as a real provider reports it: invalid, with its text. */
function toolEvent(call: ScriptedCall, id: string): StreamEvent {
  if (typeof call.arguments !== "string") return { type: "tool_use", id, name: call.name, input: call.arguments };
  try {
    const input: unknown = JSON.parse(call.arguments);
    if (input && typeof input === "object" && !Array.isArray(input)) return { type: "tool_use", id, name: call.name, input: input as Record<string, unknown> };
    return { type: "invalid_tool_use", id, name: call.name, reason: "the arguments are not a JSON object", rawArguments: call.arguments };
  } catch {
    return { type: "invalid_tool_use", id, name: call.name, reason: "the arguments are not valid JSON", rawArguments: call.arguments };
  }
}

function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
    if (signal?.aborted) fail();
    else signal?.addEventListener("abort", fail, { once: true });
  });
}
