// The bundle keeps regular-expression literals as written (src/build/regexp-support.ts): checked where it matters,
// in Ink's renderer, which tests every character of every changed text of every frame against one.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist");

describe("regular expressions in the bundle", () => {
  it("Ink's per-character filter is a literal, not a `new RegExp` built at each character", () => {
    const chunk = readdirSync(dist)
      .filter((name) => name.endsWith(".mjs"))
      .map((name) => readFileSync(path.join(dist, name), "utf8"))
      .find((text) => text.includes("var OutputCaches = class"));
    expect(chunk, "the chunk with Ink's output caches").toBeDefined();
    expect(chunk).toContain("!/^\\p{Default_Ignorable_Code_Point}+$/u.test(character.value)");
    expect(chunk).not.toContain('new RegExp("^\\\\p{Default_Ignorable_Code_Point}+$"');
  });
});
