import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { Conversation, NO_INTERACTION, type CommandOutput } from "@maia/kernel";
import { createTestKernel } from "@maia/testing-kernel";
import { dispatchInput, firstParty } from "@maia/testing-plugins";
import { describe, expect, it } from "vitest";
import memory from "./index.ts";

const litellm = await firstParty("litellm");

describe("/init (real kernel, fake LiteLLM)", () => {
  it("asks to update the memory file there is, with what the user added, sent on the user's behalf", async () => {
    const server = await startFakeLiteLLM();
    try {
      const test = await createTestKernel([litellm, memory]);
      server.writeSettings(test.homeDir);
      await writeFile(path.join(test.cwd, "CLAUDE.md"), "Old notes.\n");
      const conversation = await Conversation.start({ kernel: test.kernel, model: "fake-model", interaction: NO_INTERACTION });
      const printed: string[] = [];
      const output: CommandOutput = { info: (text) => printed.push(text), warn: () => {}, error: () => {}, text: () => {} };
      server.enqueue({ text: "Updated." });
      await dispatchInput(conversation, "/init the test commands", { output, interaction: NO_INTERACTION, signal: new AbortController().signal });
      const file = path.join(test.cwd, "CLAUDE.md");
      expect(printed).toEqual([`The model studies the project and updates ${file} (its edits are confirmed as usual).`]);
      const messages = (server.chatBodies()[0] as { messages: Array<{ role: string; content: string }> }).messages;
      const request = messages.filter((message) => message.role === "user").at(-1)?.content ?? "";
      expect(request).toContain(`then update ${file}`);
      expect(request).toContain("The user adds: the test commands");
    } finally {
      await server.close();
    }
  });
});
