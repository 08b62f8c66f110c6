import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closest, editDistance } from "./closest.ts";

describe("closest", () => {
  it.each([
    ["LiteLLM_Url", "LiteLLM_URL"],
    ["OpenAI_Endpoint", "OpenAI_EndPoint"],
    ["maxiterations", "MaxIterations"],
    ["ContextWindows", "ContextWindow"],
    ["model", undefined],
    ["colour", undefined],
  ])("%j → %j", (key, expected) => {
    expect(closest(key, ["LiteLLM_URL", "OpenAI_EndPoint", "MaxIterations", "ContextWindow", "LiteLLM_Models"])).toBe(expected);
  });

  it("is a distance: zero only for equal strings, symmetric", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b) === 0).toBe(a === b);
      }),
    );
  });

  it("never suggests a word further than its allowance, and always one within distance 0", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }), (word, candidates) => {
        const guess = closest(word, candidates);
        if (guess !== undefined) expect(candidates).toContain(guess);
        if (candidates.includes(word)) expect(guess).toBeDefined();
      }),
    );
  });
});
