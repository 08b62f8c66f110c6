import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatModelSpec, parseModelSpec } from "./model-spec.ts";

describe("parseModelSpec", () => {
  it.each([
    ["litellm:gpt-4o", "gpt-4o"],
    ["gpt-4o", "gpt-4o"],
    ["litellm:ollama/qwen3:8b", "ollama/qwen3:8b"],
    ["ollama/qwen3:8b", "ollama/qwen3:8b"],
    ["LiteLLM:claude-sonnet", "claude-sonnet"],
    ["  litellm:  spaced  ", "spaced"],
    ["litellm:litellm:odd", "litellm:odd"],
    ["bedrock/anthropic.claude-3:0", "bedrock/anthropic.claude-3:0"],
  ])("%j → %j", (spec, model) => {
    expect(parseModelSpec(spec)).toEqual({ provider: "litellm", model });
  });

  it.each(["", "   ", "litellm:", "litellm:   "])("%j has no model", (spec) => {
    expect(parseModelSpec(spec)).toBeUndefined();
  });

  it("round-trips any trimmed non-empty name, colons and slashes included", () => {
    const name = fc
      .string({ minLength: 1 })
      .map((s) => s.trim())
      .filter((s) => s !== "");
    fc.assert(
      fc.property(name, (model) => {
        expect(parseModelSpec(formatModelSpec(model))?.model).toBe(model);
      }),
    );
  });
});
