import { validatorFor } from "@maia/kernel";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usableSchema } from "./mcp-tool.ts";

afterEach(() => vi.restoreAllMocks());

describe("usableSchema: a server's input schema the kernel can validate with", () => {
  it("keeps an ordinary schema", () => {
    const schema = { type: "object", properties: { a: { type: "number" } }, required: ["a"] };
    expect(usableSchema(schema)).toEqual(schema);
  });

  it("drops a 2020-12 $schema declaration that the kernel's ajv cannot load, and validates the rest", () => {
    const schema = usableSchema({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { n: { type: "number" } }, required: ["n"] });
    expect(schema).toEqual({ type: "object", properties: { n: { type: "number" } }, required: ["n"] });
    expect(validatorFor(schema)({})).toBe(false);
  });

  it("drops format keywords (nothing printed on the console), but keeps a property named format", () => {
    const warn = vi.spyOn(console, "warn");
    const log = vi.spyOn(console, "log");
    const schema = usableSchema({
      type: "object",
      properties: { url: { type: "string", format: "uri" }, format: { type: "string", enum: ["png"] } },
      items: [{ format: "date" }],
    });
    expect(schema).toEqual({ type: "object", properties: { url: { type: "string" }, format: { type: "string", enum: ["png"] } }, items: [{}] });
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it("a schema ajv refuses, or none at all, becomes a plain object schema", () => {
    expect(usableSchema({ type: "banana", description: "odd" })).toEqual({ type: "object", description: "odd" });
    expect(usableSchema(undefined)).toEqual({ type: "object", properties: {} });
    expect(usableSchema({ properties: { a: { type: "string" } } })).toEqual({ type: "object", properties: { a: { type: "string" } } });
  });
});
