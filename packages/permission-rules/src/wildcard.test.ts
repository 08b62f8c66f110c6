import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bashPatternMatches, patternWords, wildcardMatches } from "./wildcard.ts";

describe("Bash patterns (seed § 9.3)", () => {
  it("`cmd *` covers cmd with or without arguments, not cmdx", () => {
    expect(bashPatternMatches("npm test *", "npm test")).toBe(true);
    expect(bashPatternMatches("npm test *", "npm test --watch=false")).toBe(true);
    expect(bashPatternMatches("npm test *", "npm testx")).toBe(false);
    expect(bashPatternMatches("npm test *", "npm tes")).toBe(false);
    expect(bashPatternMatches("git *", "git")).toBe(true);
    expect(bashPatternMatches("git *", "gitk")).toBe(false);
  });

  it("without `*` the command must be exactly the pattern", () => {
    expect(bashPatternMatches("git status", "git status")).toBe(true);
    expect(bashPatternMatches("git status", "git status --short")).toBe(false);
    expect(bashPatternMatches("git status", "git statu")).toBe(false);
  });

  it("`*` elsewhere is any sequence, newlines included", () => {
    expect(bashPatternMatches("git * --oneline", "git log -n 3 --oneline")).toBe(true);
    expect(bashPatternMatches("echo *", "echo 'a\nb'")).toBe(true);
    expect(bashPatternMatches("*", "anything at all")).toBe(true);
    expect(bashPatternMatches("ls*", "lsof -i")).toBe(true);
  });

  it("reads Claude Code's `cmd:*` as `cmd *`, keeping the word boundary", () => {
    expect(bashPatternMatches("npm run test:*", "npm run test")).toBe(true);
    expect(bashPatternMatches("npm run test:*", "npm run test --ci")).toBe(true);
    expect(bashPatternMatches("npm run test:*", "npm run testx")).toBe(false);
  });

  it("treats regular-expression characters literally", () => {
    expect(bashPatternMatches("grep -E a.b", "grep -E a.b")).toBe(true);
    expect(bashPatternMatches("grep -E a.b", "grep -E aXb")).toBe(false);
    expect(bashPatternMatches("echo (x)|[y]", "echo (x)|[y]")).toBe(true);
  });

  it("property: a pattern made from a text by replacing pieces with `*` matches that text", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 3 }), (text, cuts) => {
        let pattern = text;
        for (const [a, b] of cuts) {
          const start = a % (pattern.length + 1);
          const end = start + (b % (pattern.length - start + 1));
          pattern = `${pattern.slice(0, start)}*${pattern.slice(end)}`;
        }
        expect(wildcardMatches(pattern, text)).toBe(true);
      }),
    );
  });

  it("property: a pattern without `*` matches only itself", () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !s.includes("*")), fc.string(), (pattern, text) => {
        expect(wildcardMatches(pattern, text)).toBe(pattern === text);
      }),
    );
  });
});

describe("patternWords", () => {
  it("lists the literal words a pattern names", () => {
    expect([...patternWords("timeout 60 npm test")]).toEqual(["timeout", "60", "npm", "test"]);
    expect([...patternWords("xargs grep *")]).toEqual(["xargs", "grep"]);
    expect([...patternWords("bash -c 'npm test'")]).toEqual(["bash", "-c", "npm", "test"]);
  });
});
