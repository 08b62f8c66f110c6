import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closest, describeErrors, editDistance, validatorFor } from "./validator.ts";

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
});

describe("describeErrors", () => {
  it("names the unknown property and suggests the known one", () => {
    const schema = { type: "object", properties: { greeting: { type: "string" } }, additionalProperties: false };
    const validate = validatorFor(schema);
    expect(validate({ greting: "x" })).toBe(false);
    expect(describeErrors(validate.errors, schema)).toEqual(['/: unknown property "greting" (did you mean "greeting"?)']);
  });
});
