import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseChildMessage, parseParentMessage, type AgentDefinition, type StartSpec } from "./protocol.ts";

const agent: AgentDefinition = {
  name: "reviewer",
  description: "Reviews",
  permissions: { allow: ["Read"], ask: [], deny: ["Write"] },
  effort: "low",
  omitMd: false,
  trace: true,
  instructions: "i",
  missions: "m",
  output: "o",
  file: "/x/AGENT.md",
  level: "project",
};
const spec: StartSpec = { agent, task: "t", cwd: "/x", model: "litellm:m", allowRules: [], canAsk: true };

describe("the IPC protocol (seed § 20.2)", () => {
  it("accepts the parent's messages as sent, after a JSON round trip", () => {
    for (const message of [{ type: "start", spec }, { type: "confirm-result", id: 3, ok: true }, { type: "abort" }]) {
      expect(parseParentMessage(JSON.parse(JSON.stringify(message)))).toEqual(message);
    }
  });

  it("accepts the child's messages as sent", () => {
    const done = {
      type: "done",
      ok: true,
      summary: "s",
      messages: [
        { role: "user", content: [{ type: "text", text: "t" }] },
        { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "Read", input: { path: "a" } }] },
        { role: "user", content: [{ type: "tool_result", toolUseId: "c1", content: "x", isError: true }] },
      ],
      toolCalls: 1,
    };
    for (const message of [{ type: "confirm", id: 1, message: "Allow Bash: ls?" }, { type: "log", level: "warn", message: "w" }, done]) {
      expect(parseChildMessage(JSON.parse(JSON.stringify(message)))).toEqual(message);
    }
  });

  it("refuses what does not fit", () => {
    expect(parseParentMessage({ type: "start", spec: { ...spec, agent: { ...agent, effort: "max" } } })).toBeUndefined();
    expect(parseParentMessage({ type: "start", spec: { ...spec, canAsk: "yes" } })).toBeUndefined();
    expect(parseParentMessage({ type: "confirm-result", id: "1", ok: true })).toBeUndefined();
    expect(parseChildMessage({ type: "done", ok: true, summary: "s", messages: [{ role: "system", content: [] }] })).toBeUndefined();
    expect(parseChildMessage({ type: "log", level: "debug", message: "x" })).toBeUndefined();
    expect(parseChildMessage({ type: "done", ok: true, summary: "s", messages: [], toolCalls: -2 })).toEqual({ type: "done", ok: true, summary: "s", messages: [], toolCalls: 0 });
  });

  it("never throws on anything a process could send", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        parseParentMessage(value);
        parseChildMessage(value);
      }),
    );
    fc.assert(
      fc.property(fc.record({ type: fc.constantFrom("start", "done", "confirm", "log", "confirm-result"), spec: fc.anything(), id: fc.anything(), ok: fc.anything(), messages: fc.anything() }), (value) => {
        parseParentMessage(value);
        parseChildMessage(value);
      }),
    );
  });
});
