import { describe, expect, it } from "vitest";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeEach } from "vitest";
import { parseSavedSession, SessionFileError } from "./saved-session.ts";

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

const FILE = ".maia/.sessions/deep.json";
const session = (input: string) =>
  `{"messages":[{"role":"user","content":[{"type":"text","text":"hi"}]},{"role":"assistant","content":[{"type":"tool_use","id":"x","name":"Write","input":${input}}]}]}`;
const nested = (depth: number) => `${"{\"a\":".repeat(depth)}1${"}".repeat(depth)}`;

describe("a session file nested deeper than 512 levels", () => {
  it("is a SessionFileError naming the file and where, never a stack overflow, at any depth", () => {
    for (const depth of [600, 10_000, 100_000]) {
      let error: unknown;
      try {
        parseSavedSession(session(nested(depth)), "deep", FILE);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(SessionFileError);
      expect((error as Error).message).toMatch(/^Session file \.maia\/\.sessions\/deep\.json is unreadable: it nests deeper than 512 levels \(at \/messages\/1\/content\/0\/input\/a\/a\/.*…\); MAIA does not read such a file$/);
    }
  });

  it("a deep but legal file (500 levels in a tool input) still loads", () => {
    expect(parseSavedSession(session(nested(500)), "deep", FILE).messages).toHaveLength(2);
  });
});
