import type { Message } from "@maia/kernel";
import { setActiveLocale } from "@maia/kernel";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSavedSession, serializeSavedSession, SessionFileError } from "./saved-session.ts";

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

const FILE = ".maia/.sessions/demo.json";

function parse(text: string) {
  return parseSavedSession(text, "demo", FILE, new Date("2025-01-01T00:00:00.000Z"));
}

function errorOf(text: string): SessionFileError {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof SessionFileError) return error;
    throw error;
  }
  throw new Error("expected a SessionFileError");
}

describe("SavedSession files (seed § 12.1)", () => {
  it("takes the name from the file and gives defaults to missing fields", () => {
    expect(parse('{"name":"other"}')).toEqual({
      version: 1,
      name: "demo",
      createdAt: "2025-01-01T00:00:00.000Z",
      updatedAt: "2025-01-01T00:00:00.000Z",
      model: "",
      cwd: "",
      messages: [],
      pendingContext: [],
    });
  });

  it("keeps the optional fields: starting context, sub-agent trace", () => {
    const saved = parse('{"version":1,"startContext":"## Contexte du projet","agent":"reviewer","parentSession":"main"}');
    expect(saved).toMatchObject({ startContext: "## Contexte du projet", agent: "reviewer", parentSession: "main" });
  });

  it("names the file and the JSON error position for broken JSON", () => {
    const error = errorOf('{\n  "messages": [\n    {"role": "user",\n  ]\n}');
    expect(error.message).toMatch(/^Session file \.maia\/\.sessions\/demo\.json is unreadable: .*line 4/s);
  });

  it("says what is wrong for the wrong format, with its place", () => {
    expect(errorOf("[]").message).toBe(`Session file ${FILE} is unreadable: it does not hold a JSON object`);
    expect(errorOf('{"messages":[{"role":"system","content":[]}]}').message).toContain("/messages/0/role");
    expect(errorOf('{"messages":[{"role":"user","content":[{"type":"text"}]}]}').message).toContain("/messages/0/content/0");
    expect(errorOf('{"pendingContext":"x"}').message).toContain("/pendingContext");
    expect(errorOf('{"version":2}').message).toContain("version 2");
  });

  it("reads back exactly what it wrote, under any name", () => {
    const block = fc.oneof(
      fc.record({ type: fc.constant("text" as const), text: fc.string({ unit: "binary" }) }),
      fc.record({
        type: fc.constant("tool_use" as const),
        id: fc.string(),
        name: fc.string(),
        input: fc.dictionary(fc.string(), fc.jsonValue()).map((input) => JSON.parse(JSON.stringify(input)) as Record<string, unknown>),
      }),
      fc.record(
        { type: fc.constant("tool_result" as const), toolUseId: fc.string(), content: fc.string(), isError: fc.boolean() },
        { requiredKeys: ["type", "toolUseId", "content"] },
      ),
    );
    const message: fc.Arbitrary<Message> = fc.record({ role: fc.constantFrom("user" as const, "assistant" as const), content: fc.array(block, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 6 }), fc.array(fc.string(), { maxLength: 2 }), fc.option(fc.string(), { nil: undefined }), fc.string({ minLength: 1 }), (messages, pendingContext, startContext, name) => {
        const body = {
          createdAt: "2025-01-02T03:04:05.000Z",
          updatedAt: "2025-01-02T03:05:05.000Z",
          model: "litellm:gpt",
          cwd: "/work",
          messages,
          pendingContext,
          ...(startContext === undefined ? {} : { startContext }),
        };
        const text = serializeSavedSession(body)(name);
        expect(JSON.parse(text).name).toBe(name);
        expect(parseSavedSession(text, name, FILE)).toEqual({ version: 1, name, ...body });
      }),
      { numRuns: 300 },
    );
  });
});
