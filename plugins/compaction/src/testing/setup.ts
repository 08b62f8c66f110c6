import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { AgentEvents, Conversation, definePlugin, NO_INTERACTION, setActiveLocale, type AgentEvent, type AgentSession, type Kernel, type Tool } from "@maia/kernel";
import { createTestKernel, recordEvents } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
// The real provider, context, memory and sessions plugins come through @maia/testing-plugins; only their API types from here.
import type { ContextApi } from "@maia/plugin-context";
import type { SessionsApi } from "@maia/plugin-sessions";
import { afterEach, beforeEach } from "vitest";
import compactionPlugin, { type CompactionApi, type CompactionOptions } from "../index.ts";

const contextPlugin = await firstParty("context");
const litellm = await firstParty("litellm");
const memoryPlugin = await firstParty("memory");
const sessionsPlugin = await firstParty("sessions");

export { runCommand } from "@maia/testing-kernel";

export interface Setup {
  server: FakeLiteLLM;
  kernel: Kernel;
  cwd: string;
  session: AgentSession;
  /** The kernel's host over `session`: requests sent through it recover as every front end's do. */
  host: Conversation;
  events: AgentEvent[];
  compaction: CompactionApi;
  context: ContextApi;
  sessions: SessionsApi;
}

/** A tool whose output is as long as asked: `{ text, times }` gives `text` repeated. */
const echo: Tool<{ text: string; times?: number }> = {
  spec: {
    name: "Echo",
    description: "Repeats a text",
    inputSchema: { type: "object", properties: { text: { type: "string" }, times: { type: "integer" } }, required: ["text"] },
  },
  permission: "auto",
  execute: async ({ text, times }) => text.repeat(times ?? 1),
};
const echoPlugin = definePlugin({
  name: "echo-tool",
  version: "1.0.0",
  kernel: "^1.0.0",
  apply(context) {
    context.hooks.tools.tap("echo-tool", (tools) => [...tools, echo]);
  },
});

export interface SetUpOptions {
  /** The model's context window, as /model/info reports it (unknown when absent). */
  max?: number;
  compaction?: Partial<CompactionOptions>;
  /** Whether to wait until the context is counted (default true). */
  waitForTokenizer?: boolean;
  /** Project instructions (MAIA.md): loads the memory plugin too. */
  maiaMd?: string;
}

/**
 * For the tests of the calling file: messages in English, and a `setUp` whose kernels' fake servers are closed
 * after each test. Call at the top of the file: `const setUp = setUpPerTest();`.
 */
export function setUpPerTest(): (options?: SetUpOptions) => Promise<Setup> {
  const made: Setup[] = [];
  beforeEach(() => setActiveLocale("en"));
  afterEach(async () => {
    setActiveLocale(undefined);
    await Promise.all(made.splice(0).map((setup) => setup.server.close()));
  });
  return async (options) => {
    const setup = await setUp(options);
    made.push(setup);
    return setup;
  };
}

/** A kernel with the real provider, context, sessions and compaction plugins, and a fake LiteLLM behind it. */
async function setUp(options: SetUpOptions = {}): Promise<Setup> {
  const server = await startFakeLiteLLM(options.max ? { modelInfo: { "fake-model": { max_input_tokens: options.max } } } : {});
  const { kernel, cwd, homeDir } = await createTestKernel([
    litellm,
    echoPlugin,
    contextPlugin as never,
    sessionsPlugin as never,
    { plugin: compactionPlugin as never, options: options.compaction ?? {} },
    // With project instructions, the memory plugin too: a compaction must put the summary in their place.
    ...(options.maiaMd === undefined ? [] : [memoryPlugin as never]),
  ]);
  server.writeSettings(homeDir);
  if (options.maiaMd !== undefined) await writeFile(join(cwd, "MAIA.md"), options.maiaMd);
  const bus = new AgentEvents();
  const events = recordEvents(bus);
  const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION, events: bus });
  const api = <T>(name: string): T => {
    const found = kernel.plugins.get<T>(name)?.api;
    if (!found) throw new Error(`no ${name} API`);
    return found;
  };
  const context = api<ContextApi>("context");
  await context.maxTokens(session);
  if (options.waitForTokenizer ?? true) await context.countNow(session);
  return {
    server,
    kernel,
    cwd,
    session,
    host: Conversation.over(kernel, session),
    events,
    compaction: api<CompactionApi>("compaction"),
    context,
    sessions: api<SessionsApi>("sessions"),
  };
}

export async function readSession(cwd: string, name: string): Promise<{ name: string; messages: unknown[]; startContext?: string }> {
  return JSON.parse(await readFile(join(cwd, ".maia", ".sessions", `${name}.json`), "utf8"));
}

/** The text of the last user message of a recorded chat body (OpenAI format). */
export function lastUserText(body: unknown): string {
  const messages = (body as { messages: Array<{ role: string; content: unknown }> }).messages;
  const last = [...messages].reverse().find((message) => message.role === "user");
  return typeof last?.content === "string" ? last.content : "";
}

export function systemText(body: unknown): string {
  const first = (body as { messages: Array<{ role: string; content: unknown }> }).messages[0];
  return first?.role === "system" && typeof first.content === "string" ? first.content : "";
}

/** About `tokens` o200k_base tokens of plain prose. */
export function prose(tokens: number): string {
  return "lorem ipsum ".repeat(Math.ceil(tokens / 2));
}
