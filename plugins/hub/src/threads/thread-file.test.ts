import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../protocol.ts";
import { headerOf, parseThreadFile, parseThreadHeader, serializeThread, type ThreadFile } from "./thread-file.ts";

/** Text that may hold what a header reader could trip on: quotes, `,"messages":[`, line breaks, non-ASCII. */
const tricky = fc.oneof(fc.string(), fc.constantFrom(',"messages":[', '"}', "\n", "é🙂", "\\"));
const text = fc.array(tricky, { maxLength: 3 }).map((pieces) => pieces.join(""));

const message: fc.Arbitrary<ChatMessage> = fc.record({
  id: fc.uuid(),
  agent: fc.constant("bot"),
  createdAt: fc.constant("2026-01-01T00:00:00.000Z"),
  role: fc.constantFrom("user" as const, "agent" as const, "system" as const),
  parts: fc.array(fc.oneof(text.map((value) => ({ kind: "text" as const, text: value })), text.map((value) => ({ kind: "thought" as const, text: value }))), { maxLength: 3 }),
  done: fc.constant(true),
  queued: fc.constant(false),
  stopReason: fc.constantFrom("" as const, "end_turn" as const),
  error: text,
  code: fc.constant("" as const),
});

const thread: fc.Arbitrary<ThreadFile> = fc.record({
  version: fc.constant(1 as const),
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
  agent: fc.constant("bot"),
  title: text,
  titleSet: fc.boolean(),
  createdAt: fc.constant("2026-01-01T00:00:00.000Z"),
  updatedAt: fc.constant("2026-01-02T00:00:00.000Z"),
  sessionId: text,
  unread: fc.boolean(),
  usage: fc.record({ used: fc.nat(), size: fc.nat() }),
  messages: fc.array(message, { maxLength: 5 }),
});

describe("thread files", () => {
  it("read back what was written, whole and header alone, whatever the texts hold", () => {
    fc.assert(
      fc.property(thread, (written) => {
        const file = serializeThread(written);
        const whole = parseThreadFile(file, written.id);
        const header = parseThreadHeader(file, written.id);
        return whole.ok && header.ok && JSON.stringify(headerOf(whole.thread)) === JSON.stringify(headerOf(written)) && JSON.stringify(header.header) === JSON.stringify(headerOf(written)) && JSON.stringify(whole.thread.messages) === JSON.stringify(written.messages);
      }),
    );
  });

  it("never throw on a broken file: they say what is wrong", () => {
    fc.assert(
      fc.property(thread, fc.nat(), fc.string({ maxLength: 3 }), (written, cut, junk) => {
        const file = serializeThread(written);
        const broken = file.slice(0, cut % file.length) + junk;
        const whole = parseThreadFile(broken, written.id);
        const header = parseThreadHeader(broken, written.id);
        return (whole.ok || whole.problem !== "") && (header.ok || header.problem !== "");
      }),
    );
    expect(parseThreadFile("{", "a")).toEqual({ ok: false, problem: expect.stringMatching(/^not valid JSON at line 1, column 2/) });
    expect(parseThreadFile('{"version":2}', "a")).toEqual({ ok: false, problem: "written by a newer MAIA (version 2)" });
    const other: ThreadFile = { version: 1, id: "b", agent: "x", title: "", titleSet: false, createdAt: "", updatedAt: "", sessionId: "", unread: false, usage: { used: 0, size: 0 }, messages: [] };
    expect(parseThreadHeader(serializeThread(other), "a")).toEqual({
      ok: false,
      problem: 'its id "b" is not its file name',
    });
  });

  it("finish what a hub that stopped without saving left unfinished or queued", () => {
    const base: ChatMessage = { id: "m", agent: "bot", createdAt: "x", role: "agent", parts: [], done: false, queued: false, stopReason: "", error: "", code: "" };
    const file = serializeThread({ version: 1, id: "t", agent: "bot", title: "", titleSet: false, createdAt: "", updatedAt: "", sessionId: "", unread: false, usage: { used: 0, size: 0 }, messages: [base, { ...base, id: "q", role: "user", done: true, queued: true }] });
    const read = parseThreadFile(file, "t");
    expect(read.ok && read.thread.messages.map((entry) => [entry.done, entry.queued, entry.error])).toEqual([
      [true, false, "The hub stopped before this answer was finished."],
      [true, false, "cancelled"],
    ]);
  });
});
