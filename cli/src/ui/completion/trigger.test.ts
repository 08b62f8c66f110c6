import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findTrigger } from "./trigger.ts";

describe("findTrigger", () => {
  it("finds @ in any word, and / § & only at the start of the line", () => {
    expect(findTrigger("explain @src/ap", 15)).toEqual({ kind: "path", start: 8, end: 15, query: "src/ap" });
    expect(findTrigger("/rev", 4)).toEqual({ kind: "command", start: 0, end: 4, query: "rev" });
    expect(findTrigger("§hai", 4)).toEqual({ kind: "skill", start: 0, end: 4, query: "hai" });
    expect(findTrigger("&rev", 4)).toEqual({ kind: "agent", start: 0, end: 4, query: "rev" });
    expect(findTrigger("say /rev", 8)).toBeUndefined();
    expect(findTrigger("/review a.ts", 12)).toBeUndefined();
    expect(findTrigger("mail me@example.com", 19)).toBeUndefined();
    expect(findTrigger("line one\n@b", 11)).toEqual({ kind: "path", start: 9, end: 11, query: "b" });
  });

  it("looks only at what is before the cursor", () => {
    expect(findTrigger("@abc def", 2)).toEqual({ kind: "path", start: 0, end: 2, query: "a" });
    expect(findTrigger("@abc def", 6)).toBeUndefined();
  });

  it("the trigger covers text before the cursor, free of blanks, starting with its character (property)", () => {
    const unit = fc.constantFrom("a", "/", "@", "§", "&", " ", "\n", "é", ".");
    fc.assert(
      fc.property(fc.string({ unit }), fc.nat(), (text, at) => {
        const cursor = at % (text.length + 1);
        const trigger = findTrigger(text, cursor);
        if (!trigger) return;
        expect(trigger.end).toBe(cursor);
        const covered = text.slice(trigger.start, trigger.end);
        expect(/\s/.test(covered)).toBe(false);
        expect(covered.slice(1)).toBe(trigger.query);
        expect(trigger.start === 0 || /\s/.test(text.charAt(trigger.start - 1))).toBe(true);
        if (trigger.kind !== "path") expect(trigger.start).toBe(0);
      }),
    );
  });
});
