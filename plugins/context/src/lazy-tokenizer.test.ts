import { startFakeLiteLLM } from "@maia/fake-litellm";
import { AgentEvents, NO_INTERACTION, type AgentEvent } from "@maia/kernel";
import { createTestKernel, recordEvents } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { expect, it } from "vitest";
import contextPlugin, { type ContextApi } from "./index.ts";
import { tokenizerIfReady } from "./tokenizer.ts";

const litellm = await firstParty("litellm");

// Its own file: the tokenizer is process-wide, and this test needs a process where nobody loaded it yet.
it("keeps the tokenizer off the start-up path: the session exists before it loads, the first count follows", async () => {
  const server = await startFakeLiteLLM({});
  try {
    // Headless first: no context bar there, so nothing loads the tokenizer just to report usage.
    const headless = await createTestKernel([litellm, contextPlugin as never], { frontEnd: "headless" });
    server.writeSettings(headless.homeDir);
    await headless.kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tokenizerIfReady()).toBeUndefined();

    const { kernel, homeDir } = await createTestKernel([litellm, contextPlugin as never], { frontEnd: "tui" });
    server.writeSettings(homeDir);
    const events = new AgentEvents();
    const recorded: AgentEvent[] = recordEvents(events);
    await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION, events });
    expect(tokenizerIfReady()).toBeUndefined();
    expect(recorded.filter((event) => event.type === "context_usage")).toEqual([]);
    const started = Date.now();
    while (!recorded.some((event) => event.type === "context_usage") && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const usage = recorded.find((event) => event.type === "context_usage");
    expect(usage).toEqual({ type: "context_usage", tokens: 0 });
    expect(tokenizerIfReady()).toBeDefined();
    expect(kernel.plugins.get<ContextApi>("context")?.api?.count).toBeDefined();
  } finally {
    await server.close();
  }
});
