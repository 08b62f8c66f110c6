import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTurnLog, serializeLine, type TurnRecord } from "./turn-log.ts";

const turn = (id: string, extra: Partial<TurnRecord> = {}): TurnRecord => ({
  type: "turn",
  id,
  at: "2026-12-01T10:00:00.000Z",
  session: "s",
  prompt: "p",
  files: [{ path: "a.txt", status: "M", added: 1, removed: 0 }],
  ...extra,
});

describe("turns.jsonl", () => {
  it("reads turns back with what was undone of each", () => {
    const text = [turn("one"), turn("two"), { type: "undone", id: "one", at: "x", files: true, conversation: false }].map((line) => serializeLine(line as TurnRecord)).join("");
    const log = parseTurnLog(text);
    expect(log.problems).toEqual([]);
    expect(log.turns.map((entry) => [entry.id, entry.filesUndone, entry.conversationUndone])).toEqual([
      ["one", true, false],
      ["two", false, false],
    ]);
  });

  it("names each damaged line and keeps the others", () => {
    const text = `${serializeLine(turn("one"))}{"type":"turn","id":"cut-by-a-cra\n${JSON.stringify({ ...turn("x"), before: "not a commit" })}\n${serializeLine(turn("two"))}`;
    const log = parseTurnLog(text);
    expect(log.turns.map((entry) => entry.id)).toEqual(["one", "two"]);
    expect(log.problems).toEqual([
      { line: 2, reason: "not valid JSON" },
      { line: 3, reason: "before is not a commit id" },
    ]);
  });

  it("never throws, and every line is either a turn, an undo or a problem", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.json(), fc.string(), fc.constant(serializeLine(turn("ok")).trim()))), (lines) => {
        const log = parseTurnLog(lines.join("\n"));
        const nonEmpty = lines.filter((line) => line.trim() !== "").length;
        expect(log.turns.length + log.problems.length).toBeLessThanOrEqual(nonEmpty);
        for (const problem of log.problems) expect(problem.line).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it("reads back whatever it wrote", () => {
    const change = fc.record({ path: fc.string({ minLength: 1 }), status: fc.constantFrom("A" as const, "M" as const, "D" as const), added: fc.nat(), removed: fc.nat() });
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.string({ minLength: 1 }), prompt: fc.string(), files: fc.array(change) }), { maxLength: 8 }), (records) => {
        const written = records.map((record) => turn(record.id, record));
        const log = parseTurnLog(written.map(serializeLine).join(""));
        expect(log.problems).toEqual([]);
        expect(log.turns.map(({ filesUndone: _f, conversationUndone: _c, ...rest }) => rest)).toEqual(written);
      }),
    );
  });
});
