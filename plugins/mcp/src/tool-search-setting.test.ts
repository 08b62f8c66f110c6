import { validatorFor, type JsonSchema, type ToolSpec } from "@maia/kernel";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MCP_CONFIG_SCHEMA } from "./config-schema.ts";
import {
  budgetTokens,
  DEFAULT_TOOL_SEARCH,
  definitionTokens,
  FALLBACK_CONTEXT_TOKENS,
  formatToolSearch,
  parseToolSearch,
  shouldDefer,
  type ToolSearchMode,
} from "./tool-search-setting.ts";

const published = validatorFor((MCP_CONFIG_SCHEMA.properties as Record<string, JsonSchema>).toolSearch as JsonSchema);
const modes: fc.Arbitrary<ToolSearchMode> = fc.oneof(
  fc.integer({ min: 0, max: 100 }).map((percent) => ({ kind: "auto" as const, percent })),
  fc.constant({ kind: "always" as const }),
  fc.constant({ kind: "never" as const }),
);

describe("the toolSearch setting of mcp.json", () => {
  it("reads the values the documentation lists", () => {
    expect(parseToolSearch("auto")).toEqual(DEFAULT_TOOL_SEARCH);
    expect(parseToolSearch("auto:25")).toEqual({ kind: "auto", percent: 25 });
    expect(parseToolSearch("auto:0")).toEqual({ kind: "auto", percent: 0 });
    expect(parseToolSearch("auto:100")).toEqual({ kind: "auto", percent: 100 });
    expect(parseToolSearch(true)).toEqual({ kind: "always" });
    expect(parseToolSearch("always")).toEqual({ kind: "always" });
    expect(parseToolSearch(false)).toEqual({ kind: "never" });
    expect(parseToolSearch("never")).toEqual({ kind: "never" });
  });

  it("refuses what it does not know rather than guess", () => {
    for (const value of ["auto:101", "auto:-1", "auto:07", "auto: 5", "Auto", "10%", "", 10, null, {}, ["auto"]]) expect(parseToolSearch(value)).toBeUndefined();
  });

  it("accepts exactly what the published schema accepts (property)", () => {
    const candidates = fc.oneof(
      fc.string(),
      fc.boolean(),
      fc.integer({ min: -5, max: 205 }).map((n) => `auto:${n}`),
      fc.constantFrom("auto", "always", "never", "true", "false", "auto:", "auto:00", "auto:1 "),
    );
    fc.assert(fc.property(candidates, (value) => (parseToolSearch(value) !== undefined) === published(value)));
  });

  it("reads back what it writes (property)", () => {
    fc.assert(
      fc.property(modes, (mode) => {
        expect(parseToolSearch(formatToolSearch(mode))).toEqual(mode);
      }),
    );
  });
});

describe("the budget", () => {
  it("is 10 % of the model's context by default, of 128,000 tokens while it is unknown", () => {
    expect(budgetTokens(DEFAULT_TOOL_SEARCH, 200_000)).toBe(20_000);
    expect(budgetTokens(DEFAULT_TOOL_SEARCH, undefined)).toBe(FALLBACK_CONTEXT_TOKENS / 10);
    expect(budgetTokens({ kind: "never" }, 200_000)).toBeUndefined();
    expect(budgetTokens({ kind: "always" }, 200_000)).toBe(0);
  });

  it("defers past the budget only, never with `never`, always with `always` (property)", () => {
    fc.assert(
      fc.property(modes, fc.option(fc.integer({ min: 1000, max: 10_000_000 }), { nil: undefined }), fc.nat(1_000_000), fc.integer({ min: 1, max: 5000 }), (mode, context, tokens, count) => {
        const budget = budgetTokens(mode, context);
        const deferred = shouldDefer(tokens, count, budget);
        if (mode.kind === "never") expect(deferred).toBe(false);
        else if (mode.kind === "always") expect(deferred).toBe(tokens > 0);
        else expect(deferred).toBe(tokens > Math.floor(((context ?? FALLBACK_CONTEXT_TOKENS) * mode.percent) / 100));
        expect(shouldDefer(tokens, 0, budget)).toBe(false);
      }),
    );
  });

  it("grows with the share and the context (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1000, max: 10_000_000 }), (percent, context) => {
        const low = budgetTokens({ kind: "auto", percent }, context) ?? 0;
        expect(budgetTokens({ kind: "auto", percent: percent + 1 }, context)).toBeGreaterThanOrEqual(low);
        expect(budgetTokens({ kind: "auto", percent }, context * 2)).toBeGreaterThanOrEqual(low);
      }),
    );
  });

  it("counts a definition's JSON at four characters a token, growing with every tool (property)", () => {
    const spec = (name: string, description: string): ToolSpec => ({ name, description, inputSchema: { type: "object", properties: {} } });
    expect(definitionTokens([])).toBe(0);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 20 }), fc.string(), (pairs, extra) => {
        const specs = pairs.map(([name, description]) => spec(name, description));
        const tokens = definitionTokens(specs);
        expect(tokens).toBe(Math.ceil(specs.reduce((sum, one) => sum + JSON.stringify({ name: one.name, description: one.description, parameters: one.inputSchema }).length, 0) / 4));
        expect(definitionTokens([...specs, spec("x", extra)])).toBeGreaterThan(tokens);
      }),
    );
  });
});
