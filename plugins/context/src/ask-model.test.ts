import { startFakeLiteLLM } from "@maia/fake-litellm";
import { NO_INTERACTION, setActiveLocale } from "@maia/kernel";
import { createTestKernel } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, describe, expect, it } from "vitest";
import { askModelForContextSize } from "./ask-model.ts";

const litellm = await firstParty("litellm");

afterEach(() => setActiveLocale(undefined));

async function providerWith(script: Parameters<typeof startFakeLiteLLM>[0]) {
  const server = await startFakeLiteLLM(script);
  const { kernel, homeDir } = await createTestKernel([litellm]);
  server.writeSettings(homeDir);
  const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
  return { server, provider: session.provider };
}

describe("the context-size question (seed § 13.2)", () => {
  it("asks in the user's language, alone, and reads the answer", async () => {
    setActiveLocale("fr");
    const { server, provider } = await providerWith({ script: [{ text: "La fenêtre est de 1,5 million de tokens." }] });
    try {
      expect(await askModelForContextSize(provider, new AbortController().signal)).toEqual({ kind: "answer", tokens: 1_500_000 });
      const body = server.chatBodies()[0] as { messages: Array<{ role: string; content: string }>; tools?: unknown };
      expect(body.messages).toEqual([
        { role: "user", content: "Taille maximale du contexte pour ce modèle, en tokens ? Réponds uniquement par un nombre entier, sans autre texte." },
      ]);
      expect(body.tools).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it("gives up after its time limit", async () => {
    setActiveLocale("en");
    const { server, provider } = await providerWith({ script: [{ hang: true }] });
    try {
      expect(await askModelForContextSize(provider, new AbortController().signal, 1_000)).toEqual({
        kind: "failed",
        reason: "the model did not answer within 1 s",
      });
    } finally {
      await server.close();
    }
  });

  it("is abandoned at once when its signal fires (Ctrl+C)", async () => {
    const { server, provider } = await providerWith({ script: [{ hang: true }] });
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      // The server never answers and the default time limit is far away: only the signal can end the question.
      expect(await askModelForContextSize(provider, controller.signal)).toEqual({ kind: "aborted" });
    } finally {
      await server.close();
    }
  });

  it("says when the answer holds no size", async () => {
    const { server, provider } = await providerWith({ script: [{ text: "I cannot know that." }] });
    try {
      expect(await askModelForContextSize(provider, new AbortController().signal)).toEqual({ kind: "unreadable", answer: "I cannot know that." });
    } finally {
      await server.close();
    }
  });
});
