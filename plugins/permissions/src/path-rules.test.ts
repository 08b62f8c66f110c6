import { mkdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { absoluteGlob, pathRuleMatches, resolveSubject, type PathContext } from "./path-rules.ts";

const context: PathContext = { cwd: "/work/proj", homeDir: "/home/ada" };
const matches = (pattern: string, subject: string, mode: "allow" | "restrict" = "allow", ctx = context) =>
  pathRuleMatches(pattern, resolveSubject(subject, ctx), ctx, mode);

describe("path rules (seed § 9.3: relative to the launch folder, globs)", () => {
  it("matches relative globs from the launch folder", () => {
    expect(matches("src/**", "src/a/b.ts")).toBe(true);
    expect(matches("src/**", "./src/a.ts")).toBe(true);
    expect(matches("src/**", "/work/proj/src/a.ts")).toBe(true);
    expect(matches("src/*", "src/a/b.ts")).toBe(false);
    expect(matches("*.md", "README.md")).toBe(true);
    expect(matches("*.md", "docs/README.md")).toBe(false);
    expect(matches("**/*.md", "docs/README.md")).toBe(true);
    expect(matches(".env", ".env")).toBe(true);
    expect(matches("**/.env", "a/b/.env")).toBe(true);
    expect(matches("src/**", "src/.hidden/x")).toBe(true);
  });

  it("normalises `..` so that a path cannot climb out of a pattern", () => {
    expect(matches("src/**", "src/../../etc/passwd")).toBe(false);
    expect(matches("src/**", "src/../secrets.txt")).toBe(false);
    expect(matches("src/**", "lib/../src/x.ts")).toBe(true);
    expect(matches("/etc/**", "src/../../../etc/passwd")).toBe(true);
  });

  it("reads `~` and absolute patterns", () => {
    expect(matches("~/notes/**", "~/notes/a.md")).toBe(true);
    expect(matches("~/notes/**", "/home/ada/notes/a.md")).toBe(true);
    expect(matches("~/notes/**", "notes/a.md")).toBe(false);
    expect(matches("/tmp/**", "/tmp/x")).toBe(true);
    expect(matches("../shared/**", "/work/shared/a")).toBe(true);
  });

  it("covers the launch folder itself with `**` (Glob and Grep search it)", () => {
    expect(matches("**", ".")).toBe(true);
    expect(matches("src/**", "src")).toBe(true);
  });

  it("does not read glob characters of the launch folder's own name", () => {
    const odd: PathContext = { cwd: "/work/my[proj]{a,b}", homeDir: "/home/ada" };
    expect(absoluteGlob("src/**", odd)).toBe("/work/my\\[proj\\]\\{a,b\\}/src/**");
    expect(matches("src/**", "src/x", "allow", odd)).toBe(true);
    expect(pathRuleMatches("src/**", "/work/myp/src/x", odd, "allow")).toBe(false);
  });

  it("reads `[ab]` as a class for an allow (never the brackets themselves); a deny or an ask covers both", () => {
    expect(matches("[ab]", "a")).toBe(true);
    expect(matches("[ab]", "[ab]")).toBe(false);
    expect(matches("docs/[ab].md", "docs/[ab].md")).toBe(false);
    expect(matches("[ab]", "[ab]", "restrict")).toBe(true);
    expect(matches("[ab]", "b", "restrict")).toBe(true);
  });

  it("property: a path under src/ is covered by src/**, and `..` climbing above src/ never is", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_.-]{1,8}$/).filter((s) => s !== "." && s !== "..");
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 6 }), (segments, ups) => {
        expect(matches("src/**", ["src", ...segments].join("/"))).toBe(true);
        const climbing = ["src", ...Array.from({ length: ups }, () => ".."), "etc", "passwd"].join("/");
        expect(matches("src/**", climbing)).toBe(false);
      }),
    );
  });
});

describe("symbolic links", () => {
  let root: string;
  let ctx: PathContext;
  beforeAll(async () => {
    root = await tempFolder("maia-links-");
    await mkdir(path.join(root, "proj", "src"), { recursive: true });
    await mkdir(path.join(root, "outside"), { recursive: true });
    await symlink(path.join(root, "outside"), path.join(root, "proj", "src", "escape"));
    ctx = { cwd: path.join(root, "proj"), homeDir: path.join(root, "home") };
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("an allow needs the real path to match too", () => {
    const target = resolveSubject("src/escape/file.txt", ctx);
    expect(pathRuleMatches("src/**", target, ctx, "allow")).toBe(false);
    expect(pathRuleMatches("src/**", resolveSubject("src/plain.txt", ctx), ctx, "allow")).toBe(true);
  });

  it("a deny matches the path as written or through the link", () => {
    const target = resolveSubject("src/escape/file.txt", ctx);
    expect(pathRuleMatches("src/**", target, ctx, "restrict")).toBe(true);
    expect(pathRuleMatches(`${path.join(root, "outside")}/**`, target, ctx, "restrict")).toBe(true);
  });
});
