import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { Conversation, NO_INTERACTION, type CommandOutput } from "@maia/kernel";
import { createTestKernel } from "@maia/testing-kernel";
import { dispatchInput, firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import contextPlugin from "./index.ts";

const litellm = await firstParty("litellm");

let server: FakeLiteLLM;
beforeEach(async () => {
  server = await startFakeLiteLLM({ models: ["fake-model", "big-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
});
afterEach(async () => {
  await server.close();
});

describe("/usage (real kernel, fake LiteLLM streaming usage chunks)", () => {
  it("adds up the provider's tokens per model across requests and a model change, beside the local count", async () => {
    const test = await createTestKernel([litellm, contextPlugin]);
    server.writeSettings(test.homeDir);
    const conversation = await Conversation.start({ kernel: test.kernel, model: "fake-model", interaction: NO_INTERACTION });
    const printed: string[] = [];
    const output: CommandOutput = { info: (text) => printed.push(text), warn: () => {}, error: () => {}, text: () => {} };
    const type = (line: string) => dispatchInput(conversation, line, { output, interaction: NO_INTERACTION, signal: new AbortController().signal });

    // Typed first thing, as `maia -p "/usage"` runs it: the command waits for the tokenizer and /model/info.
    await type("/usage");
    expect(printed.at(-1)).toContain("The provider has reported no tokens yet in this conversation.");
    expect(printed.at(-1)).toMatch(/Context now \(counted here, o200k_base\): [\d.]+k? \/ 200k · \d+%/);

    server.enqueue(
      { text: "one", usage: { prompt_tokens: 1_200, completion_tokens: 7 } },
      { text: "two", usage: { prompt_tokens: 1_300, completion_tokens: 5 } },
      { text: "three", usage: { prompt_tokens: 40, completion_tokens: 2 } },
    );
    await type("first");
    await type("second");
    await conversation.restart({ reason: "model", model: "big-model", messages: conversation.current.messages });
    await type("third");
    await type("/usage");
    const shown = printed.at(-1) ?? "";
    expect(shown).toContain("fake-model: 2,500 in · 12 out · model calls: 2");
    expect(shown).toContain("big-model: 40 in · 2 out · model calls: 1");
    expect(shown).toMatch(/Context now \(counted here, o200k_base\): \d/);
  });
});
