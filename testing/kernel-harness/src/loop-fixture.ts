import { definePlugin, type AgentSession, type AnyTool, type AskAnswer, type ImageBlock, type MaiaPlugin } from "@maia/kernel";
import { scriptedProvider, type ScriptedCall, type ScriptedProvider, type ScriptedProviderOptions, type ScriptedStep } from "./scripted-provider.ts";
import { createTestKernel, recordEvents, scriptedInteraction, type TestKernel } from "./test-kernel.ts";

/** What the test tools saw: start and end times per call, and the most tools running at once. */
export interface ToolLog {
  runs: Array<{ name: string; id: string; input: Record<string, unknown>; start: number; end: number }>;
  maxConcurrent: number;
}

/**
 * Tools for loop tests: `Echo` (auto) returns its text, `Sleep` (auto) waits `ms` and has a lock key when
 * given one, `Danger` (ask) returns "done", `Fail` (auto) throws, `Picture` (auto) returns a 2×1 PNG named by `name`.
 */
export function testToolsPlugin(log: ToolLog): MaiaPlugin<never, unknown> {
  let running = 0;
  const timed = async <T>(name: string, id: string, input: Record<string, unknown>, work: () => Promise<T>) => {
    const start = performance.now();
    running += 1;
    log.maxConcurrent = Math.max(log.maxConcurrent, running);
    try {
      return await work();
    } finally {
      running -= 1;
      log.runs.push({ name, id, input, start, end: performance.now() });
    }
  };
  const tools: AnyTool[] = [
    {
      spec: { name: "Picture", description: "Returns an image", inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
      permission: "auto",
      execute: async (input: { name: string }) => ({ content: `Image ${input.name}`, isError: false, images: [testImage(input.name)] }),
    },
    {
      spec: {
        name: "Echo",
        description: "Returns its text",
        inputSchema: { type: "object", properties: { text: { type: "string" }, times: { type: "integer" } }, required: ["text"] },
      },
      permission: "auto",
      describe: (input: { text: string }) => input.text,
      execute: async (input: { text: string; times?: number }) =>
        timed("Echo", "", input, async () => input.text.repeat(input.times ?? 1)),
    },
    {
      spec: {
        name: "Sleep",
        description: "Waits",
        inputSchema: { type: "object", properties: { ms: { type: "number" }, key: { type: "string" }, tag: { type: "string" } }, required: ["ms"] },
      },
      permission: "auto",
      lockKey: (input: { key?: string }) => input.key,
      execute: async (input: { ms: number; tag?: string }, context) =>
        timed("Sleep", input.tag ?? "", input, async () => {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(resolve, input.ms);
            context.signal?.addEventListener("abort", () => {
              clearTimeout(timer);
              reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
            });
          });
          return `slept ${input.ms}`;
        }),
    },
    {
      spec: { name: "Danger", description: "Needs a confirmation", inputSchema: { type: "object", properties: { what: { type: "string" } } } },
      permission: "ask",
      describe: (input: { what?: string }) => input.what ?? "",
      execute: async (input) => timed("Danger", "", input, async () => "done"),
    },
    {
      spec: { name: "Fail", description: "Throws", inputSchema: { type: "object", properties: {} } },
      permission: "auto",
      execute: async () => {
        throw new Error("tool exploded");
      },
    },
  ];
  return definePlugin({
    name: "test-tools",
    version: "1.0.0",
    kernel: "^1.0.0",
    apply(context) {
      context.hooks.tools.tapPromise("test-tools", async (list) => [...list, ...tools]);
    },
  }) as MaiaPlugin<never, unknown>;
}

export interface LoopFixture extends TestKernel {
  provider: ScriptedProvider;
  session: AgentSession;
  log: ToolLog;
  questions: string[];
  events: ReturnType<typeof recordEvents>;
  close(): Promise<void>;
}

/** A real kernel with the scripted provider in memory and the test tools: what the agent loop's tests run on. */
export async function loopFixture(
  script: ScriptedStep[],
  options: { answers?: AskAnswer[]; canAsk?: boolean; extraPlugins?: Array<MaiaPlugin<never, unknown>>; provider?: ScriptedProviderOptions } = {},
): Promise<LoopFixture> {
  const provider = scriptedProvider(script, options.provider);
  const log: ToolLog = { runs: [], maxConcurrent: 0 };
  const test = await createTestKernel([provider.plugin, testToolsPlugin(log), ...(options.extraPlugins ?? [])]);
  const interaction = scriptedInteraction(options.answers ?? []);
  const session = await test.kernel.createSession(
    { model: "fake-model" },
    { interaction: options.canAsk === false ? { ...interaction, canAsk: false } : interaction },
  );
  return {
    ...test,
    provider,
    session,
    log,
    questions: interaction.questions,
    events: recordEvents(session.events),
    // Nothing to stop in memory; kept so that a test's clean-up reads the same whatever the provider.
    close: async () => undefined,
  };
}

export function call(name: string, input: Record<string, unknown>, id?: string): ScriptedCall {
  return { name, arguments: input, ...(id ? { id } : {}) };
}

/** A 2×1 image block for tests (its bytes are not a real PNG: nothing in the kernel decodes them). */
export function testImage(name: string, data = "iVBORw0K"): ImageBlock {
  return { type: "image", mediaType: "image/png", hash: "0".repeat(64), name, width: 2, height: 1, size: 6, data };
}
