import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeRuns } from "./effects.ts";
import { interpret } from "./hook-output.ts";
import type { HookCommand } from "./load-hooks.ts";

const run = (code: number | undefined, stdout = "", stderr = "") => ({ stdout, stderr, timedOut: code === undefined, durationMs: 1, ...(code === undefined ? {} : { code }) });
const hook: HookCommand = { event: "PreToolUse", matcher: "", command: "c", timeoutSeconds: 60, file: "/f", entry: "e" };

describe("interpret", () => {
  it("exit 0 reads a JSON object, else text; exit 2 is a block with stderr (stdout ignored); others are errors", () => {
    expect(interpret(run(0, '{"continue":false,"stopReason":"s"}'))).toMatchObject({ kind: "success", json: { continue: false, stopReason: "s" } });
    expect(interpret(run(0, "plain"))).toEqual({ kind: "success", text: "plain" });
    expect(interpret(run(0, "{nope"))).toMatchObject({ kind: "success", invalidJson: true });
    expect(interpret(run(2, '{"decision":"approve"}', "why"))).toEqual({ kind: "block", message: "why" });
    expect(interpret(run(1, "", "bad"))).toEqual({ kind: "error", message: "bad" });
    expect(interpret(run(undefined))).toMatchObject({ kind: "error" });
  });

  it("fields of the wrong type are as if absent", () => {
    expect(interpret(run(0, '{"continue":"no","hookSpecificOutput":{"permissionDecision":1,"updatedInput":[1]}}'))).toEqual({
      kind: "success",
      text: '{"continue":"no","hookSpecificOutput":{"permissionDecision":1,"updatedInput":[1]}}',
      json: { hookSpecificOutput: {} },
    });
  });

  it("never throws on any output", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue().map((value) => JSON.stringify(value))), fc.integer({ min: 0, max: 255 }), (stdout, code) => {
        mergeRuns([{ hook, result: interpret(run(code, stdout)), durationMs: 1, outcome: "" }]);
      }),
    );
  });
});

describe("mergeRuns", () => {
  it("deny > ask > allow, whatever the order of the hooks", () => {
    const say = (decision: string) => ({
      hook,
      result: interpret(run(0, JSON.stringify({ hookSpecificOutput: { permissionDecision: decision } }))),
      durationMs: 1,
      outcome: "",
    });
    expect(mergeRuns([say("allow"), say("deny"), say("ask")]).permission).toBe("deny");
    expect(mergeRuns([say("ask"), say("allow")]).permission).toBe("ask");
    expect(mergeRuns([say("allow")]).permission).toBe("allow");
  });
});
