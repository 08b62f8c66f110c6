import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changedPaths } from "./status-changes.ts";

/** Paths as git prints them with -z: anything but NUL, never empty. */
const gitPath = fc.string({ minLength: 1, maxLength: 30 }).filter((file) => !file.includes("\0"));
/** What `status --porcelain -z` prints for a shadow index without a commit: "A" then the work tree's column, or "??". */
const entry = fc.record({
  code: fc.constantFrom("A ", "AM", "AD", "AT", "??"),
  path: gitPath,
});

describe("reading git status", () => {
  it("keeps exactly the paths that are new, changed, deleted or of another type in the work tree", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), (entries) => {
        const output = entries.map(({ code, path }) => `${code} ${path}\0`).join("");
        expect(changedPaths(output)).toEqual(entries.filter(({ code }) => code !== "A ").map(({ path }) => path));
      }),
    );
  });

  it("never throws on output it does not expect, and takes nothing from it that is not an entry", () => {
    fc.assert(
      fc.property(fc.string(), (output) => {
        const paths = changedPaths(output);
        for (const file of paths) expect(output).toContain(file);
      }),
    );
    expect(changedPaths("")).toEqual([]);
    expect(changedPaths("garbage\0A  ok.txt\0")).toEqual([]);
  });
});
