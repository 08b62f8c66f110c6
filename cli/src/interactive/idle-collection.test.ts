import { afterEach, describe, expect, it } from "vitest";
import { collectAfterTurn } from "./idle-collection.ts";

const globals = globalThis as { gc?: () => void };
const original = globals.gc;
afterEach(() => {
  globals.gc = original;
});

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe("the collection after a turn (issue 41)", () => {
  it("collects once the heap has grown by 8 MB since the last time, and not at every turn", async () => {
    let collections = 0;
    globals.gc = () => {
      collections += 1;
    };
    collectAfterTurn(); // The first turn sets where the heap stands.
    await nextTick();
    expect(collections).toBe(0);
    // Sixteen megabytes kept alive: V8's heap grows by as much.
    const kept = Array.from({ length: 16 }, () => new Array<number>(128 * 1024).fill(1.5));
    collectAfterTurn();
    await nextTick();
    expect(collections).toBe(1);
    collectAfterTurn();
    await nextTick();
    expect(collections).toBe(1);
    expect(kept).toHaveLength(16);
  });

  it("does nothing when Node was started without --expose-gc", async () => {
    globals.gc = undefined;
    expect(() => collectAfterTurn()).not.toThrow();
  });
});
