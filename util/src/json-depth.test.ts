import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, tooDeepAt } from "./json-depth.ts";

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
};

describe("tooDeepAt", () => {
  it("accepts MAX_JSON_DEPTH levels and names where the next one starts", () => {
    expect(tooDeepAt(nested(MAX_JSON_DEPTH))).toBeUndefined();
    const pointer = tooDeepAt({ messages: [{ input: nested(MAX_JSON_DEPTH) }] });
    expect(pointer?.startsWith("/messages/0/input/")).toBe(true);
    expect(tooDeepAt([[[]]], 2)).toBe("/0/0");
    expect(tooDeepAt({ "a/b": { "~": {} } }, 2)).toBe("/a~1b/~0");
  });

  it("never overflows the stack, even 200,000 levels deep (parsed by JSON.parse, as a file would be)", () => {
    const text = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    expect(tooDeepAt(JSON.parse(text))).toMatch(/^(\/0){512}$/);
  });

  it("scalars and shallow values are fine", () => {
    for (const value of [null, 1, "x", true, {}, [], { a: [1, 2, { b: "c" }] }]) expect(tooDeepAt(value)).toBeUndefined();
  });

  it("agrees with a recursive depth count on any JSON value (property)", () => {
    const depthOf = (value: unknown): number =>
      typeof value !== "object" || value === null ? 0 : 1 + Math.max(0, ...Object.values(value).map(depthOf));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 8 }), (value, max) => {
        expect(tooDeepAt(value, max) === undefined).toBe(depthOf(value) <= max);
      }),
    );
  });
});
