// The pure chunk builder: cutting rules and usage defaults, without a server.

import { describe, expect, it } from "vitest";
import { cutInto, cutText, streamEvents, usageFor, type StreamContext } from "./stream-answer.ts";

const ctx: StreamContext = { id: "chatcmpl-x", model: "m", created: 1, promptChars: 40, requestIndex: 0 };

describe("cutText", () => {
  it("cuts by code points, never inside a surrogate pair", () => {
    const pieces = cutText("1234567😀abcdefgh");
    expect(pieces).toEqual(["1234567😀", "abcdefgh"]);
    expect(cutText("")).toEqual([]);
  });
});

describe("cutInto", () => {
  it("gives exactly the asked number of pieces that join back", () => {
    expect(cutInto("abcdefg", 3)).toEqual(["ab", "cd", "efg"]);
    expect(cutInto("ab", 3).join("")).toBe("ab");
    expect(cutInto("ab", 3)).toHaveLength(3);
    expect(cutInto("abc", 0)).toEqual(["abc"]);
  });
});

describe("usageFor", () => {
  it("estimates ~4 characters per token and adds reasoning tokens", () => {
    expect(usageFor({ text: "12345678", reasoningTokens: 5 }, ctx)).toEqual({
      prompt_tokens: 10,
      completion_tokens: 7,
      total_tokens: 17,
      completion_tokens_details: { reasoning_tokens: 5 },
    });
  });
});

describe("streamEvents", () => {
  it("announces the role once even without content and ends with [DONE]", () => {
    const events = streamEvents({}, ctx);
    expect(events).toHaveLength(3);
    expect(JSON.parse(events[0]?.slice(6) ?? "")).toMatchObject({
      choices: [{ delta: { role: "assistant" }, finish_reason: "stop" }],
    });
    expect(events.every((e) => e.startsWith("data: ") && e.endsWith("\n\n"))).toBe(true);
    expect(events[2]).toBe("data: [DONE]\n\n");
  });
});
