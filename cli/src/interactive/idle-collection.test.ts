import { afterEach, describe, expect, it } from "vitest";
import { collectAfterTurn } from "./idle-collection.ts";

const globals = globalThis as { gc?: (options?: unknown) => void };
const original = globals.gc;
afterEach(() => {
  globals.gc = original;
});

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe("the collection after a turn (issue 41)", () => {
  it("collects after the first turn, then only once the heap has grown by 2 MB, compacting and returning pages", async () => {
    const calls: unknown[] = [];
    globals.gc = (options) => {
      calls.push(options);
    };
    collectAfterTurn();
    await nextTick();
    expect(calls).toEqual([{ type: "major", execution: "sync", flavor: "last-resort" }]);
    // A short turn: nothing allocated worth a collection.
    collectAfterTurn();
    await nextTick();
    expect(calls).toHaveLength(1);
    // Sixteen megabytes kept alive: V8's heap grows by as much.
    const kept = Array.from({ length: 16 }, () => new Array<number>(128 * 1024).fill(1.5));
    collectAfterTurn();
    await nextTick();
    expect(calls).toHaveLength(2);
    expect(kept).toHaveLength(16);
  });

  it("does nothing when Node was started without --expose-gc", async () => {
    globals.gc = undefined;
    expect(() => collectAfterTurn()).not.toThrow();
  });
});
