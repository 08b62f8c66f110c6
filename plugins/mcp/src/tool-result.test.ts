import fc from "fast-check";
import { setActiveLocale } from "@maia/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatToolResult, MAX_RESULT_CHARS } from "./tool-result.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

describe("formatToolResult (seed § 22: what the model reads)", () => {
  it("joins the text parts", () => {
    expect(formatToolResult({ content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] })).toEqual({ content: "a\nb", isError: false });
  });

  it("describes images, audio, resources and links by type, MIME type and size", () => {
    const result = formatToolResult({
      content: [
        { type: "image", data: Buffer.alloc(300).toString("base64"), mimeType: "image/png" },
        { type: "audio", data: Buffer.alloc(1).toString("base64"), mimeType: "audio/wav" },
        { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "héllo" } },
        { type: "resource", resource: { uri: "file:///b.bin", blob: Buffer.alloc(7).toString("base64") } },
        { type: "resource_link", uri: "file:///c", name: "c", mimeType: "text/csv" },
        { type: "hologram" },
      ],
    });
    expect(result.content.split("\n")).toEqual([
      "[image: image/png, 300 bytes]",
      "[audio: audio/wav, 1 byte]",
      "[resource file:///a.txt: text/plain, 6 bytes]",
      "[resource file:///b.bin: type unknown, 7 bytes]",
      "[resource link file:///c: c, text/csv]",
      "[hologram content]",
    ]);
  });

  it("keeps isError", () => {
    expect(formatToolResult({ content: [{ type: "text", text: "bad" }], isError: true })).toEqual({ content: "bad", isError: true });
  });

  it("says so when there is no content; shows structured content when it is all there is", () => {
    expect(formatToolResult({ content: [] }).content).toBe("(the tool returned no content)");
    expect(formatToolResult({ content: [], structuredContent: { sum: 3 } }).content).toBe('{"sum":3}');
    expect(formatToolResult(null).content).toBe("(the tool returned no content)");
  });

  it("cuts at 100,000 characters and says how much is missing", () => {
    const result = formatToolResult({ content: [{ type: "text", text: "x".repeat(150_000) }] });
    expect(result.content.startsWith("x".repeat(MAX_RESULT_CHARS))).toBe(true);
    expect(result.content.slice(MAX_RESULT_CHARS)).toBe("\n[… output cut: 50000 more characters]");
  });

  it("property: never longer than the limit plus the note, and short texts are kept whole", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30_000 }), { maxLength: 8 }), (texts) => {
        const { content } = formatToolResult({ content: texts.map((text) => ({ type: "text", text })) });
        // Empty text parts carry nothing and are left out.
        const joined = texts.filter((text) => text !== "").join("\n");
        if (joined === "") return content === "(the tool returned no content)";
        return joined.length <= MAX_RESULT_CHARS ? content === joined : content.length < MAX_RESULT_CHARS + 60 && content.startsWith(joined.slice(0, MAX_RESULT_CHARS));
      }),
      { numRuns: 50 },
    );
  });

  it("property: any JSON value as a result never throws", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => typeof formatToolResult(value).content === "string"));
    fc.assert(fc.property(fc.array(fc.jsonValue()), (parts) => typeof formatToolResult({ content: parts }).content === "string"));
  });
});
