import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalPath, isMissing } from "./missing-path.ts";

describe("isMissing and canonicalPath", () => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "maia-missing-")));
  mkdirSync(path.join(root, "folder"));
  writeFileSync(path.join(root, "file"), "x");
  symlinkSync(path.join(root, "folder"), path.join(root, "link"));
  symlinkSync(path.join(root, "gone"), path.join(root, "dangling"));

  it("says missing only for what is not there (a dangling link included)", () => {
    expect(isMissing(path.join(root, "folder"))).toBe(false);
    expect(isMissing(path.join(root, "file"))).toBe(false);
    expect(isMissing(path.join(root, "link"))).toBe(false);
    expect(isMissing(path.join(root, "nothing"))).toBe(true);
    expect(isMissing(path.join(root, "dangling"))).toBe(true);
  });

  it("calls a path through a file missing, as a read there finds nothing", () => {
    expect(isMissing(path.join(root, "file", "below"))).toBe(true);
  });

  it("resolves links of what exists and makes the rest absolute", async () => {
    expect(await canonicalPath(path.join(root, "link"))).toBe(path.join(root, "folder"));
    expect(await canonicalPath(path.join(root, "nothing", "..", "folder"))).toBe(path.join(root, "folder"));
    expect(await canonicalPath(path.relative(process.cwd(), path.join(root, "nothing")))).toBe(path.join(root, "nothing"));
  });
});
