import { describe, expect, it } from "vitest";
import { randomBytes, randomHex, randomUUID } from "./random.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("random ids", () => {
  it("writes version 4 UUIDs, never the same twice", () => {
    const ids = Array.from({ length: 2000 }, () => randomUUID());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives as many bytes as asked, each of the 256 values turning up", () => {
    expect(randomBytes(0)).toHaveLength(0);
    expect(randomHex(4)).toMatch(/^[0-9a-f]{8}$/);
    const bytes = randomBytes(64 * 1024);
    expect(bytes).toHaveLength(64 * 1024);
    // 65,536 uniform bytes miss one of the 256 values with a probability below 1e-100.
    expect(new Set(bytes).size).toBe(256);
  });
});
