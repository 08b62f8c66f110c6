import { setActiveLocale, type AnyTool } from "@maia/kernel";
import { sampleSession } from "@maia/testing-kernel";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ToolPlacement } from "./deferred-tools.ts";
import { TOOL_SEARCH_NAME } from "./tool-search.ts";
import { definitionTokens } from "./tool-search-setting.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

/** A tool whose definition costs about `tokens` tokens (its description makes the size). */
function toolOf(name: string, tokens = 500): readonly [string, AnyTool] {
  const tool: AnyTool = {
    spec: { name, description: "d".repeat(tokens * 4), inputSchema: { type: "object", properties: {} } },
    permission: "ask",
    execute: async () => `${name} ran`,
  };
  return [name, tool] as const;
}

const builtin: AnyTool = { spec: { name: "Read", description: "reads", inputSchema: { type: "object" } }, permission: "auto", execute: async () => "" };

function setup(context = 200_000) {
  const session = sampleSession("/tmp");
  session.tools.set("Read", builtin);
  const placement = new ToolPlacement(session);
  placement.setContextTokens(context);
  return { session, placement, offered: () => [...session.tools.keys()] };
}

describe("ToolPlacement", () => {
  it("offers the MCP tools while they fit 10 % of the context, and binds nothing", () => {
    const { placement, offered } = setup();
    placement.add([toolOf("mcp__a__one"), toolOf("mcp__a__two")]);
    expect(offered()).toEqual(["Read", "mcp__a__one", "mcp__a__two"]);
    expect(placement.resolve("mcp__a__one")).toBeUndefined();
    expect(placement.state()).toMatchObject({ deferred: false, tools: 2, budget: 20_000 });
  });

  it("past the budget, takes every MCP tool out of the request and offers ToolSearch, naming them", () => {
    const { session, placement, offered } = setup();
    const many = Array.from({ length: 300 }, (_, index) => toolOf(`mcp__big__tool_${index}`, 200));
    placement.add(many);
    expect(offered()).toEqual(["Read", TOOL_SEARCH_NAME]);
    const search = session.tools.get(TOOL_SEARCH_NAME);
    expect(search?.spec.description).toContain("300 tools");
    expect(search?.spec.description).toContain("mcp__big__tool_299");
    // The binding is the tool itself: same permission, same execution.
    expect(placement.resolve("mcp__big__tool_42")).toBe(many[42]?.[1]);
    expect(placement.resolve("mcp__big__nope")).toBeUndefined();
    expect(placement.resolve("Read")).toBeUndefined();
    // The request now carries a small fraction of what the definitions cost.
    const sent = definitionTokens([...session.tools.values()].map((tool) => tool.spec));
    expect(sent).toBeLessThan(placement.state().tokens / 10);
  });

  it("loads what a search found into the following requests, the oldest found leaving past the budget", () => {
    const { placement, offered } = setup();
    // 300 tools of about 5,000 tokens each: four fit the 20,000-token budget at once.
    placement.add(Array.from({ length: 300 }, (_, index) => toolOf(`mcp__big__t${index}`, 5000)));
    placement.load(["mcp__big__t1", "mcp__big__t2", "mcp__big__nope"]);
    expect(offered()).toEqual(["Read", TOOL_SEARCH_NAME, "mcp__big__t1", "mcp__big__t2"]);
    expect(placement.resolve("mcp__big__t1")?.spec.name).toBe("mcp__big__t1");
    placement.load(["mcp__big__t3", "mcp__big__t4", "mcp__big__t1"]);
    // t2 was found longest ago: out, the four others are 20,000 tokens and more… t3, t4, t1 stay.
    expect(offered()).toEqual(["Read", TOOL_SEARCH_NAME, "mcp__big__t1", "mcp__big__t3", "mcp__big__t4"]);
    expect(placement.state()).toMatchObject({ deferred: true, loaded: 3 });
    // The last search's tools stay even when they alone pass the budget.
    placement.load(["mcp__big__t10", "mcp__big__t11", "mcp__big__t12", "mcp__big__t13", "mcp__big__t14"]);
    expect(offered().filter((name) => name.startsWith("mcp__"))).toEqual(["mcp__big__t10", "mcp__big__t11", "mcp__big__t12", "mcp__big__t13", "mcp__big__t14"]);
  });

  it("ToolSearch loads what it finds", async () => {
    const { session, placement, offered } = setup();
    placement.add(Array.from({ length: 300 }, (_, index) => toolOf(`mcp__big__tool_${index}`, 200)));
    const search = session.tools.get(TOOL_SEARCH_NAME);
    await search?.execute({ query: "select:mcp__big__tool_7" }, { cwd: "/", state: new Map(), warn: () => undefined });
    expect(offered()).toEqual(["Read", TOOL_SEARCH_NAME, "mcp__big__tool_7"]);
  });

  it("offers them again once a server leaves and the rest fits; a known context moves the line", () => {
    const { session, placement, offered } = setup(20_000);
    placement.add([toolOf("mcp__a__one", 2500)]);
    expect(offered()).toEqual(["Read", TOOL_SEARCH_NAME]);
    placement.setContextTokens(200_000);
    expect(offered()).toEqual(["Read", "mcp__a__one"]);
    placement.add([toolOf("mcp__b__huge", 30_000)]);
    expect(offered()).toEqual(["Read", TOOL_SEARCH_NAME]);
    placement.remove(["mcp__b__huge"]);
    expect(offered()).toEqual(["Read", "mcp__a__one"]);
    expect(session.tools.has(TOOL_SEARCH_NAME)).toBe(false);
  });

  it("never replaces a ToolSearch tool that is not its own", () => {
    const { session, placement } = setup(1000);
    const other: AnyTool = { ...builtin, spec: { ...builtin.spec, name: TOOL_SEARCH_NAME } };
    session.tools.set(TOOL_SEARCH_NAME, other);
    placement.add([toolOf("mcp__a__one", 1000)]);
    expect(session.tools.get(TOOL_SEARCH_NAME)).toBe(other);
    placement.remove(["mcp__a__one"]);
    expect(session.tools.get(TOOL_SEARCH_NAME)).toBe(other);
  });

  it("`never` sends them all, `always` defers even one", () => {
    const never = sampleSession("/tmp");
    const all = new ToolPlacement(never, { kind: "never" });
    all.add(Array.from({ length: 300 }, (_, index) => toolOf(`mcp__big__t${index}`, 1000)));
    expect(never.tools.size).toBe(300);
    const always = sampleSession("/tmp");
    const one = new ToolPlacement(always, { kind: "always" });
    one.add([toolOf("mcp__a__one", 1)]);
    expect([...always.tools.keys()]).toEqual([TOOL_SEARCH_NAME]);
    expect(one.resolve("mcp__a__one")?.spec.name).toBe("mcp__a__one");
  });

  it("every catalogue tool is either in the request or bound on call, never both nor neither (property)", () => {
    const steps = fc.array(
      fc.oneof(
        fc.record({ add: fc.integer({ min: 0, max: 30 }), size: fc.integer({ min: 1, max: 4000 }) }),
        fc.record({ remove: fc.integer({ min: 0, max: 30 }) }),
        fc.record({ context: fc.option(fc.integer({ min: 1000, max: 1_000_000 }), { nil: undefined }) }),
        fc.record({ load: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 4 }) }),
      ),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(steps, (script) => {
        const { session, placement } = setup();
        const live = new Set<string>();
        for (const step of script) {
          if ("add" in step) {
            const name = `mcp__s__t${step.add}`;
            if (live.has(name)) continue;
            placement.add([toolOf(name, step.size)]);
            live.add(name);
          } else if ("remove" in step) {
            const name = `mcp__s__t${step.remove}`;
            placement.remove([name]);
            live.delete(name);
          } else if ("load" in step) {
            placement.load(step.load.map((index) => `mcp__s__t${index}`));
          } else {
            placement.setContextTokens(step.context);
          }
          const { deferred, tokens, budget } = placement.state();
          expect(deferred).toBe(live.size > 0 && budget !== undefined && tokens > budget);
          expect(session.tools.has(TOOL_SEARCH_NAME)).toBe(deferred);
          // Offered: all in the request, nothing to bind. Deferred: every one bound on call, only loaded ones sent.
          for (const name of live) {
            if (deferred) expect(placement.resolve(name)?.spec.name).toBe(name);
            else expect(session.tools.has(name) && placement.resolve(name) === undefined).toBe(true);
          }
          if (!deferred) expect(placement.state().loaded).toBe(0);
          const sent = [...session.tools.keys()].filter((name) => name.startsWith("mcp__"));
          if (deferred) expect(sent.length).toBe(placement.state().loaded);
          expect(session.tools.has("Read")).toBe(true);
        }
      }),
    );
  });
});
