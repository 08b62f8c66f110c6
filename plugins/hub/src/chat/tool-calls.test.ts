import { describe, expect, it } from "vitest";
import { applyToolCall, blockText, emptyToolCall, messageImage } from "./tool-calls.ts";

const none = () => undefined;

describe("images in tool calls (issue 38)", () => {
  it("keeps a tool's PNG, JPEG, GIF and WebP images apart from its text", () => {
    const next = applyToolCall(emptyToolCall("r1"), {
      toolCallId: "r1",
      status: "completed",
      content: [
        { type: "content", content: { type: "text", text: "Image ui.png (PNG, 40×30 pixels, 1 KB), attached below." } },
        { type: "content", content: { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" } },
      ],
    }, none);
    expect(next.output).toBe("Image ui.png (PNG, 40×30 pixels, 1 KB), attached below.");
    expect(next.images).toEqual([{ mimeType: "image/png", data: "iVBORw0KGgo=" }]);
    // Content replaces content: an update without images leaves none.
    expect(applyToolCall(next, { toolCallId: "r1", content: [{ type: "content", content: { type: "text", text: "again" } }] }, none).images).toBeUndefined();
  });

  it("shows what the page cannot display as a short mark, never as an image", () => {
    const svg = { type: "image" as const, data: "PHN2Zz4=", mimeType: "image/svg+xml" };
    expect(messageImage(svg)).toBeUndefined();
    expect(blockText(svg)).toBe("[image image/svg+xml]");
    expect(messageImage({ type: "image", data: "not base64!", mimeType: "image/png" })).toBeUndefined();
    expect(messageImage({ type: "image", data: "R0lGODlh", mimeType: "image/gif" })).toEqual({ mimeType: "image/gif", data: "R0lGODlh" });
  });
});
