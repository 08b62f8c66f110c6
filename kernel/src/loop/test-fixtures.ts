import { startFakeLiteLLM, type FakeLiteLLM, type Scripted } from "@maia/fake-litellm";
import litellm from "@maia/plugin-litellm";
import type { AskAnswer } from "../contracts/interaction.ts";
import type { AgentSession } from "../contracts/session.ts";
import type { AnyTool } from "../contracts/tool.ts";
import { definePlugin, type MaiaPlugin } from "../plugins/define-plugin.ts";
import { createTestKernel, recordEvents, scriptedInteraction, type TestKernel } from "../testing/test-kernel.ts";

/** What the test tools saw: start and end times per call, and the most tools running at once. */
export interface ToolLog {
  runs: Array<{ name: string; id: string; input: Record<string, unknown>; start: number; end: number }>;
  maxConcurrent: number;
}

/**
 * Tools for loop tests: `Echo` (auto) returns its text, `Sleep` (auto) waits `ms` and has a lock key when
 * given one, `Danger` (ask) returns "done", `Fail` (auto) throws.
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
  server: FakeLiteLLM;
  session: AgentSession;
  log: ToolLog;
  questions: string[];
  events: ReturnType<typeof recordEvents>;
  close(): Promise<void>;
}

/** A real kernel with the real LiteLLM plugin talking to the fake server, and the test tools. */
export async function loopFixture(
  script: Scripted[],
  options: { answers?: AskAnswer[]; canAsk?: boolean; extraPlugins?: Array<MaiaPlugin<never, unknown>> } = {},
): Promise<LoopFixture> {
  const server = await startFakeLiteLLM({ script });
  const log: ToolLog = { runs: [], maxConcurrent: 0 };
  const test = await createTestKernel([litellm as MaiaPlugin<never, unknown>, testToolsPlugin(log), ...(options.extraPlugins ?? [])]);
  await server.writeSettings(test.homeDir);
  const interaction = scriptedInteraction(options.answers ?? []);
  const session = await test.kernel.createSession(
    { model: "fake-model" },
    { interaction: options.canAsk === false ? { ...interaction, canAsk: false } : interaction },
  );
  return {
    ...test,
    server,
    session,
    log,
    questions: interaction.questions,
    events: recordEvents(session.events),
    close: () => server.close(),
  };
}

export function call(name: string, input: Record<string, unknown>, id?: string) {
  return { name, arguments: input, ...(id ? { id } : {}) };
}
