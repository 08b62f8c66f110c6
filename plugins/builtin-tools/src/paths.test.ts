import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayPath, resolveToolPath } from "./paths.ts";

const segment = fc.stringMatching(/^[a-zA-Z0-9_. -]{1,8}$/).filter((name) => name !== "." && name !== "..");
const relative = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));

describe("paths (seed § 8)", () => {
  const cwd = "/work/project";
  const home = "/home/user";

  it("resolves relative paths from the launch folder, ~ from home, absolute paths as given", () => {
    expect(resolveToolPath("src/a.ts", cwd, home)).toBe("/work/project/src/a.ts");
    expect(resolveToolPath("~", cwd, home)).toBe("/home/user");
    expect(resolveToolPath("~/notes.md", cwd, home)).toBe("/home/user/notes.md");
    expect(resolveToolPath("/etc/hosts", cwd, home)).toBe("/etc/hosts");
    expect(resolveToolPath("~user/x", cwd, home)).toBe("/work/project/~user/x");
  });

  it("shows paths inside the launch folder relatively, and the shown path leads back to the same file", () => {
    fc.assert(
      fc.property(relative, fc.boolean(), (rel, inside) => {
        const absolute = inside ? path.join(cwd, rel) : path.join("/elsewhere", rel);
        const shown = displayPath(absolute, cwd);
        expect(path.isAbsolute(shown)).toBe(!inside);
        expect(resolveToolPath(shown, cwd, home)).toBe(absolute);
      }),
    );
    expect(displayPath(cwd, cwd)).toBe(".");
  });
});
