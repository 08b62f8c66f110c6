// Images over ACP through the built bundle (issue 38): the capability follows the model, image content reaches
// LiteLLM as image_url parts, a Read's image goes back to the client, and session/load replays the images.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { makePng } from "@maia/images/testing";
import { describe, expect, it } from "vitest";
import { acpPerTest, initialize } from "./testing/test-client.ts";

const bed = acpPerTest(() => startFakeLiteLLM({ models: ["eye", "blind"], modelInfo: { eye: { supports_vision: true } } }));

describe("maia acp: images (issue 38)", () => {
  it("advertises promptCapabilities.image only when the model takes images", async () => {
    const seeing = bed.start({ args: ["--model", "eye"] });
    expect((await initialize(seeing)).agentCapabilities?.promptCapabilities).toMatchObject({ image: true });
    const blind = bed.start({ args: ["--model", "blind"] });
    expect((await initialize(blind)).agentCapabilities?.promptCapabilities).toMatchObject({ image: false });
  });

  it("sends ACP image content to the model, replays it with session/load, and returns a Read's image to the client", async () => {
    const shot = makePng(320, 200);
    const ui = makePng(40, 30, { pixel: () => [0, 128, 255] });
    await writeFile(path.join(bed.cwd, "ui.png"), ui);
    bed.server.enqueue({ toolCalls: [{ id: "r1", name: "Read", arguments: { path: "ui.png" } }] }, { text: "Both seen." });
    const agent = bed.start({ args: ["--model", "eye", "--allow", "Read"] });
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    const answer = await agent.connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "compare with ui.png" }, { type: "image", data: shot.toString("base64"), mimeType: "image/png" }],
    });
    expect(answer.stopReason).toBe("end_turn");
    const parts = bed.server.imageParts();
    const sent = parts[0];
    const read = parts.find((part) => part.text.startsWith("The images returned"));
    expect(sent).toMatchObject({ request: 0, mediaType: "image/png", text: "compare with ui.png" });
    expect(sent?.bytes.equals(shot)).toBe(true);
    expect(read).toMatchObject({ request: 1, text: "The images returned by the tool call r1:" });
    expect(read?.bytes.equals(ui)).toBe(true);
    const finished = agent.updates(sessionId, "tool_call_update").find((update) => update.status === "completed");
    expect(finished?.content).toContainEqual({ type: "content", content: { type: "image", data: ui.toString("base64"), mimeType: "image/png" } });
    expect(await agent.close()).toBe(0);

    const again = bed.start({ args: ["--model", "eye"] });
    await initialize(again);
    await again.connection.agent.request(methods.agent.session.load, { sessionId, cwd: bed.cwd, mcpServers: [] });
    const replayed = again.updates(sessionId, "user_message_chunk").map((update) => update.content);
    expect(replayed).toEqual([{ type: "text", text: "compare with ui.png" }, { type: "image", data: shot.toString("base64"), mimeType: "image/png" }]);
  });

  it("refuses a prompt with an image for a model without vision, saying why, and sends nothing", async () => {
    const agent = bed.start({ args: ["--model", "blind"] });
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    const prompt = agent.connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "look" }, { type: "image", data: makePng(8, 8).toString("base64"), mimeType: "image/png" }],
    });
    await expect(prompt).rejects.toMatchObject({ message: expect.stringContaining("The model blind does not take images") });
    expect(bed.server.chatBodies()).toEqual([]);
  });
});
