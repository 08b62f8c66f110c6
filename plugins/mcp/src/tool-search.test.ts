import { setActiveLocale, type ToolSpec } from "@maia/kernel";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolSearchTool, formatMatches, MAX_SEARCH_RESULTS, searchTools, wordsOf } from "./tool-search.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const VERBS = ["create", "list", "get", "update", "delete", "archive", "close", "export", "assign", "comment"];
const NOUNS = ["invoice", "customer", "ticket", "project", "release", "incident", "payment", "refund", "shipment", "calendar"];

/** 300 tools over three servers, named and described as a large real server's are. */
const catalogue: ToolSpec[] = ["billing", "desk", "ops"].flatMap((server) =>
  NOUNS.flatMap((noun) =>
    VERBS.map((verb) => ({
      name: `mcp__${server}__${verb}_${noun}`,
      description: `${verb} a ${noun} of the ${server} workspace; the ${noun} is named by its identifier`,
      inputSchema: { type: "object", properties: { [`${noun}_id`]: { type: "string" }, note: { type: "string" } } },
    })),
  ),
);

const names = (specs: readonly ToolSpec[]) => specs.map((spec) => spec.name);

describe("searchTools", () => {
  it("ranks the tool whose name holds every word first", () => {
    expect(names(searchTools("billing create invoice", catalogue))[0]).toBe("mcp__billing__create_invoice");
    // Words found nowhere ("an", "order") cost nothing; the server's name narrows the answer.
    const refunds = names(searchTools("refund an order of desk", catalogue, 20));
    expect(refunds).toHaveLength(20);
    expect(refunds.slice(0, VERBS.length).every((name) => name.startsWith("mcp__desk__") && name.endsWith("_refund"))).toBe(true);
    expect(names(searchTools("close incident", catalogue, 3))).toEqual(["mcp__billing__close_incident", "mcp__desk__close_incident", "mcp__ops__close_incident"]);
  });

  it("finds a tool by a parameter's name or a word of its description", () => {
    const byParameter = searchTools("shipment_id", catalogue, 20);
    expect(byParameter.length).toBeGreaterThan(0);
    expect(byParameter.every((spec) => spec.name.endsWith("_shipment"))).toBe(true);
    expect(names(searchTools("identifier", [{ name: "mcp__x__a", description: "no match", inputSchema: {} }, catalogue[0] as ToolSpec]))).toEqual([catalogue[0]?.name]);
  });

  it("puts the tool a query names exactly first, and select: takes names as they are", () => {
    expect(names(searchTools("mcp__ops__list_payment", catalogue))[0]).toBe("mcp__ops__list_payment");
    expect(names(searchTools("select:mcp__desk__get_ticket, mcp__ops__close_release,nope", catalogue))).toEqual(["mcp__desk__get_ticket", "mcp__ops__close_release"]);
    // The short name (after the last __) selects the first server's tool of that name.
    expect(names(searchTools("select:export_calendar", catalogue))).toEqual(["mcp__billing__export_calendar"]);
  });

  it("answers nothing for words that match no tool, or no words", () => {
    expect(searchTools("kubernetes", catalogue)).toEqual([]);
    expect(searchTools("  ", catalogue)).toEqual([]);
    expect(searchTools("select:", catalogue)).toEqual([]);
  });

  it("returns distinct catalogue tools, within the limit, each matching a word (property)", () => {
    const vocabulary = fc.constantFrom(...VERBS, ...NOUNS, "billing", "desk", "ops", "identifier", "zzz", "in", "a");
    fc.assert(
      fc.property(fc.array(vocabulary, { maxLength: 5 }), fc.integer({ min: -3, max: 40 }), (words, limit) => {
        const found = searchTools(words.join(" "), catalogue, limit);
        expect(found.length).toBeLessThanOrEqual(Math.max(1, Math.min(MAX_SEARCH_RESULTS, limit)));
        expect(new Set(found).size).toBe(found.length);
        for (const spec of found) {
          expect(catalogue).toContain(spec);
          const text = `${spec.name} ${spec.description} ${Object.keys((spec.inputSchema as { properties: object }).properties).join(" ")}`.toLowerCase();
          expect(words.some((word) => text.includes(word))).toBe(true);
        }
      }),
    );
  });

  it("never throws, whatever the query (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.integer(), (query, limit) => {
        expect(Array.isArray(searchTools(query, catalogue, limit))).toBe(true);
      }),
    );
  });

  it("splits names and text into lower-case words", () => {
    expect(wordsOf("mcp__github__createIssue")).toEqual(["mcp", "github", "create", "issue"]);
    expect(wordsOf("Gets the weather, by city-name!")).toEqual(["gets", "the", "weather", "by", "city", "name"]);
  });
});

describe("the ToolSearch tool", () => {
  it("names every deferred tool in its description, and answers with the definitions as data", async () => {
    const tool = createToolSearchTool(() => catalogue);
    expect(tool.permission).toBe("auto");
    expect(tool.kind).toBe("search"); // What an editor shows of the call (ACP).
    for (const spec of catalogue) expect(tool.spec.description).toContain(spec.name);
    const answer = await tool.execute({ query: "ops refund", max_results: 2 }, { cwd: "/", state: new Map(), warn: () => undefined });
    expect(answer).toContain("2 deferred tools match");
    expect(answer).toContain("mcp__ops__");
    expect(answer).toContain('input schema: {"type":"object","properties":{"refund_id":{"type":"string"}');
    expect(formatMatches("kubernetes", [])).toContain('No deferred tool matches "kubernetes"');
  });
});
