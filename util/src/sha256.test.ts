import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JS_HASH_BUDGET, sha256Hex } from "./sha256.ts";

function nodeSha256(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
}

const part = fc.oneof(fc.string({ unit: "binary" }), fc.uint8Array());

describe("sha256Hex", () => {
  it("gives the published digests of the empty string and of 'abc'", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashes any small parts as node:crypto does, strings as UTF-8", () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), (parts) => {
        expect(sha256Hex(...parts)).toBe(nodeSha256(parts));
      }),
    );
  });

  it("gives the same digests once the process has hashed past its budget and turned to the native hash", () => {
    // Runs after the small inputs above; a part larger than the whole budget spends it at once.
    const large = ["é".repeat(JS_HASH_BUDGET + 1), new Uint8Array([0, 255])];
    expect(sha256Hex(...large)).toBe(nodeSha256(large));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), (parts) => {
        expect(sha256Hex(...parts)).toBe(nodeSha256(parts));
      }),
      { numRuns: 50 },
    );
  });
});
