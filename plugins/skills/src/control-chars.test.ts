import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import skills from "./index.ts";
import { skillFile, writeSkill } from "./testing/fixtures.ts";

const litellm = await firstParty("litellm");

let server: FakeLiteLLM;
beforeEach(async () => {
  server = await startFakeLiteLLM();
});
afterEach(async () => {
  await server.close();
});

describe("a skill's body never reaches the model with raw control characters", () => {
  it("the Skill tool's result shows ESC, BEL and NUL as visible stand-ins", async () => {
    const { kernel, cwd, homeDir } = await createTestKernel([litellm, skills]);
    server.writeSettings(homeDir);
    await writeSkill(path.join(cwd, ".maia", "skills"), "paint", skillFile("Colours output", "Print \u001b[31mred\u001b[0m, ring \u0007, stop at \u0000."));
    server.enqueue({ toolCalls: [{ id: "s1", name: "Skill", arguments: { name: "paint" } }] }, { text: "Done." });
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction(["yes"]) });
    await kernel.runTurn(session, "paint");
    const messages = (server.chatBodies()[1] as { messages: Array<{ role: string; content: string }> }).messages;
    const result = messages.find((message) => message.role === "tool")?.content ?? "";
    expect(result).toContain("Print \u241b[31mred\u241b[0m, ring \u2407, stop at \u2400.");
    expect(/[\u0000-\u0008\u000b-\u001f\u007f]/.test(result)).toBe(false);
  });
});
