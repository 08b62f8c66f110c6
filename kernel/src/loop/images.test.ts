import { call, loopFixture, testImage, type LoopFixture } from "@maia/testing-kernel";
import { afterEach, describe, expect, it } from "vitest";
import { ProviderError } from "../contracts/provider.ts";
import { withImageStandIns } from "./images.ts";

let fixture: LoopFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe("images in a turn (issue 38)", () => {
  it("sends the request's images after its text, and tells front ends about them by reference", async () => {
    fixture = await loopFixture([{ text: "seen" }], { provider: { images: true } });
    const outcome = await fixture.kernel.runTurn(fixture.session, "what is this?", { images: [testImage("a.png"), testImage("b.png", "QUJD")] });
    expect(outcome.status).toBe("done");
    expect(fixture.provider.requests[0]?.messages[0]).toEqual({ role: "user", content: [{ type: "text", text: "what is this?" }, testImage("a.png"), testImage("b.png", "QUJD")] });
    const event = fixture.events.find((candidate) => candidate.type === "request_images");
    expect(event).toEqual({ type: "request_images", images: [expect.objectContaining({ name: "a.png", width: 2, height: 1 }), expect.objectContaining({ name: "b.png" })] });
    expect(JSON.stringify(event)).not.toContain("iVBORw0K");
  });

  it("refuses a request with images to a model without vision before anything is sent, and changes nothing", async () => {
    fixture = await loopFixture([{ text: "never" }], { provider: { images: "The model m takes no images: set Vision." } });
    const outcome = await fixture.kernel.runTurn(fixture.session, "look", { images: [testImage("a.png")] });
    expect(outcome.status).toBe("error");
    expect(outcome.error).toBeInstanceOf(ProviderError);
    expect(outcome.error).toMatchObject({ kind: "unsupported_input", message: "The model m takes no images: set Vision." });
    expect(fixture.provider.requests).toEqual([]);
    expect(fixture.session.messages).toEqual([]);
  });

  it("refuses them too when the provider cannot say, naming the model and the provider", async () => {
    fixture = await loopFixture([{ text: "never" }]);
    const outcome = await fixture.kernel.runTurn(fixture.session, "look", { images: [testImage("a.png")] });
    expect((outcome.error as Error).message).toMatch(/^The model scripted-model does not take images \(.+ cannot send them\): the request was not sent\.$/);
    expect(fixture.provider.requests).toEqual([]);
  });

  it("keeps a tool's images in its result, by reference in the event", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Picture", { name: "shot.png" }, "call_1")] }, { text: "a picture" }], { provider: { images: true } });
    await fixture.kernel.runTurn(fixture.session, "show me");
    expect(fixture.provider.requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool_result", toolUseId: "call_1", content: "Image shot.png", images: [testImage("shot.png")] }],
    });
    const result = fixture.events.find((event) => event.type === "tool_result");
    expect(result).toMatchObject({ type: "tool_result", images: [{ name: "shot.png", mediaType: "image/png", width: 2, height: 1, size: 6 }] });
    expect(JSON.stringify(result)).not.toContain("iVBORw0K");
  });

  it("sends a model without vision the stand-ins of a tool's images, and keeps the images in the conversation", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Picture", { name: "shot.png" }, "call_1")] }, { text: "a picture" }], { provider: { images: "no" } });
    await fixture.kernel.runTurn(fixture.session, "show me");
    expect(fixture.provider.requests[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "tool_result", toolUseId: "call_1", content: "Image shot.png\n[image: shot.png, 2×1] (not shown: this model does not take images)" }],
    });
    expect(JSON.stringify(fixture.session.messages)).toContain("iVBORw0K");
  });

  it("replaces images left by an earlier model with their stand-ins for a model without vision", async () => {
    fixture = await loopFixture([{ text: "ok" }], { provider: { images: "no" } });
    fixture.session.messages.push({ role: "user", content: [{ type: "text", text: "before" }, testImage("old.png")] }, { role: "assistant", content: [{ type: "text", text: "seen" }] });
    await fixture.kernel.runTurn(fixture.session, "and now?");
    expect(fixture.provider.requests[0]?.messages[0]).toEqual({ role: "user", content: [{ type: "text", text: "before" }, { type: "text", text: "[image: old.png, 2×1]" }] });
  });
});

describe("withImageStandIns", () => {
  it("returns the messages without images as they are", () => {
    const messages = [{ role: "user" as const, content: [{ type: "text" as const, text: "hi" }] }];
    expect(withImageStandIns(messages)[0]).toBe(messages[0]);
  });
});
