import { performance } from "node:perf_hooks";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { Conversation } from "@maia/kernel";
import { createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import litellm from "@maia/plugin-litellm";
import { describe, expect, it } from "vitest";

describe("Conversation (the kernel's host) over the real provider", () => {
  it("keeps the turns and nothing of the requests that carried them (Node's fetch timings)", async () => {
    const server = await startFakeLiteLLM({ script: [{ text: "one" }, { text: "two" }, { text: "three" }] });
    try {
      const { kernel, homeDir } = await createTestKernel([litellm], { frontEnd: "tui" });
      await server.writeSettings(homeDir);
      const conversation = await Conversation.start({ kernel, model: "fake-model", interaction: scriptedInteraction([]) });
      for (const prompt of ["a", "b", "c"]) {
        const outcome = await conversation.submit(prompt);
        expect(outcome.status).toBe("done");
        // Each model call is a fetch: Node would keep a PerformanceResourceTiming of it, up to 250 of them.
        expect(performance.getEntriesByType("resource")).toEqual([]);
      }
      expect(conversation.current.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant", "user", "assistant"]);
      await conversation.close();
    } finally {
      await server.close();
    }
  });
});
