import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { AgentEvents, definePlugin, NO_INTERACTION, type AgentEvent, type FrontEnd, type Tool } from "@maia/kernel";
import { createTestKernel, recordEvents } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, describe, expect, it } from "vitest";
import contextPlugin, { type ContextApi, type ContextOptions } from "./index.ts";

const litellm = await firstParty("litellm");

const servers: FakeLiteLLM[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const echo: Tool<{ text: string }> = {
  spec: { name: "Echo", description: "Repeats a text", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
  permission: "auto",
  execute: async ({ text }) => `echo: ${text}`,
};
const echoPlugin = definePlugin({
  name: "echo-tool",
  version: "1.0.0",
  kernel: "^1.0.0",
  apply(context) {
    context.hooks.tools.tap("echo-tool", (tools) => [...tools, echo]);
  },
});

async function setUp(options: {
  server?: Parameters<typeof startFakeLiteLLM>[0];
  settings?: Record<string, unknown>;
  frontEnd?: FrontEnd;
  plugin?: Partial<ContextOptions>;
}) {
  const server = await startFakeLiteLLM(options.server ?? {});
  servers.push(server);
  const { kernel, homeDir, logs } = await createTestKernel(
    [litellm, echoPlugin, { plugin: contextPlugin as never, options: options.plugin ?? {} }],
    { frontEnd: options.frontEnd ?? "headless" },
  );
  server.writeSettings(homeDir, options.settings);
  const events = new AgentEvents();
  const recorded = recordEvents(events);
  const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION, events });
  const api = kernel.plugins.get<ContextApi>("context")?.api;
  if (!api) throw new Error("the context plugin has no API");
  return { server, kernel, session, api, events: recorded, logs };
}

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const usages = (events: AgentEvent[]) => events.filter((event): event is Extract<AgentEvent, { type: "context_usage" }> => event.type === "context_usage");

describe("context plugin", () => {
  it("emits the usage after the request, each answer and each batch of tool results, always growing", async () => {
    const { kernel, session, api, events } = await setUp({
      server: { script: [{ toolCalls: [{ name: "Echo", arguments: { text: "bonjour" } }] }, { text: "Done." }] },
    });
    await api.countNow(session);
    events.length = 0;
    const outcome = await kernel.runTurn(session, "Say bonjour through Echo");
    expect(outcome.status).toBe("done");
    const counts = usages(events).map((event) => event.tokens);
    // request, answer with the call, tool results, final answer
    expect(counts).toHaveLength(4);
    for (let index = 1; index < counts.length; index += 1) expect(counts[index]).toBeGreaterThan(counts[index - 1] ?? Infinity);
    expect(counts.at(-1)).toBe(api.count(session));
  });

  it("takes the maximum from LiteLLM /model/info first, announces it and sends it with the usage", async () => {
    const { session, api, events } = await setUp({
      server: { modelInfo: { "fake-model": { max_input_tokens: 200_000 } } },
      settings: { ContextWindow: 64_000 },
    });
    const info = await until(() => events.find((event) => event.type === "info"), "the announcement");
    expect(info).toEqual({ type: "info", message: "Maximum context size: 200k tokens (LiteLLM /model/info)" });
    expect(await api.maxTokens(session)).toBe(200_000);
    await until(() => usages(events).find((event) => event.max === 200_000), "a usage with the maximum");
  });

  it("falls back to ContextWindow in settings.json when /model/info does not know the model", async () => {
    const { session, api, events, server } = await setUp({ settings: { ContextWindow: 64_000 } });
    expect(await api.maxTokens(session)).toBe(64_000);
    await until(() => events.find((event) => event.type === "info" && event.message.includes("ContextWindow")), "the announcement");
    expect(server.chatBodies()).toHaveLength(0);
  });

  it("asks the model when nothing else knows, and reads its answer", async () => {
    const { session, api, events, server } = await setUp({
      server: { script: [{ text: "Environ 128 000 tokens." }] },
      plugin: { askModel: "always" },
    });
    await until(() => api.knownMax(session), "the model's answer");
    expect(api.knownMax(session)).toEqual({ tokens: 128_000, source: "model" });
    const question = JSON.stringify(server.chatBodies()[0]);
    expect(question).toContain("Maximum context size for this model, in tokens?");
    await until(() => usages(events).find((event) => event.max === 128_000), "a usage with the maximum");
  });

  it("in the interactive UI, an unreadable answer leaves the maximum unknown, with a warning saying how to set it", async () => {
    const { session, api, events } = await setUp({ server: { script: [{ text: "I am not sure." }] }, frontEnd: "tui" });
    const unknown = await until(() => events.find((event) => event.type === "warning" && event.message.includes("ContextWindow")), "the warning");
    expect(unknown.type === "warning" && unknown.message).toBe(
      'Maximum context size unknown for fake-model: automatic compaction is off (/compact still works). Set it in ~/.maia/settings.json, e.g. "ContextWindow": 128000.',
    );
    expect(events.some((event) => event.type === "warning" && event.message.includes('"I am not sure."'))).toBe(true);
    expect(await api.maxTokens(session)).toBeUndefined();
    await api.countNow(session);
    api.refresh(session);
    expect(usages(events).at(-1)?.max).toBeUndefined();
  });

  it("in a headless run, does not spend a request on the question and stays quiet", async () => {
    const { session, api, events, server, kernel } = await setUp({ server: { script: [{ text: "ok" }] } });
    expect(await api.maxTokens(session)).toBeUndefined();
    await kernel.runTurn(session, "hello");
    expect(server.chatBodies()).toHaveLength(1);
    expect(events.filter((event) => event.type === "warning")).toEqual([]);
  });

  it("asks once per model and per run, whatever the number of sessions", async () => {
    const { kernel, server, api } = await setUp({ server: { script: [{ text: "32k" }] }, plugin: { askModel: "always" } });
    const second = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    await until(() => api.knownMax(second), "the answer");
    expect(server.chatBodies()).toHaveLength(1);
    expect(api.knownMax(second)?.tokens).toBe(32_000);
  });

  it("rejects invalid options with the plugin named", async () => {
    const { records } = await createTestKernel([{ plugin: contextPlugin as never, options: { askModel: "sometimes" } }]);
    expect(records[0]?.state).not.toBe("active");
  });
});
