import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { imageTokens } from "./tile-tokens.ts";

describe("imageTokens (OpenAI's tile formula)", () => {
  it("counts the examples OpenAI publishes", () => {
    expect(imageTokens(1024, 1024)).toBe(765); // 768×768: 4 tiles
    expect(imageTokens(2048, 4096)).toBe(1105); // 1024×2048 → 768×1536: 6 tiles
    expect(imageTokens(1280, 720)).toBe(1105);
    expect(imageTokens(3840, 2160)).toBe(1105);
    expect(imageTokens(100, 100)).toBe(255);
  });

  it("stays between one tile and the most a 2048×768 image can hold (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (width, height) => {
        const tokens = imageTokens(width, height);
        expect(tokens).toBeGreaterThanOrEqual(255);
        expect(tokens).toBeLessThanOrEqual(85 + 170 * 4 * 4);
        expect((tokens - 85) % 170).toBe(0);
      }),
    );
  });
});
