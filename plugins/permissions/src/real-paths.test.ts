import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "./evaluate.ts";
import { RealPaths } from "./real-paths.ts";
import { readPermissions } from "./settings-files.ts";

let root: string;
let proj: string;
beforeAll(() => {
  setActiveLocale("en");
  root = mkdtempSync(path.join(tmpdir(), "maia-real-paths-"));
  proj = path.join(root, "proj");
  for (const folder of ["proj/out/safe", "proj/.maia", "outside/deep"]) mkdirSync(path.join(root, folder), { recursive: true });
  writeFileSync(path.join(proj, "file.txt"), "x");
  symlinkSync(path.join(root, "outside"), path.join(proj, "out", "escape"));
  symlinkSync("../nowhere/x", path.join(proj, "dangling"));
  symlinkSync("loop-b", path.join(proj, "loop-a"));
  symlinkSync("loop-a", path.join(proj, "loop-b"));
  symlinkSync("escape/deep", path.join(proj, "out", "chain"));
});
afterAll(() => {
  setActiveLocale(undefined);
  rmSync(root, { recursive: true, force: true });
});

describe("symbolic links are resolved afresh for each decision", () => {
  const rules = () =>
    readPermissions(
      { allow: ["Bash(echo *)", "Redirect(out/**)", "Write(out/**)"], ask: ["Redirect(.maia/**)", "Write(.maia/**)"] },
      "settings.json",
    ).rules;
  const context = () => ({ cwd: proj, homeDir: path.join(root, "home"), env: {}, report: false });

  it("a link re-pointed between two commands is followed to its new target", async () => {
    const list = rules();
    const link = path.join(proj, "out", "current");
    symlinkSync(path.join(proj, "out", "safe"), link);
    try {
      const command = { command: "echo hi > out/current/log.txt" };
      expect((await evaluate(list, "Bash", command, context())).verdict.decision).toBe("allow");
      expect((await evaluate(list, "Write", { path: "out/current/log.txt" }, context())).verdict.decision).toBe("allow");
      unlinkSync(link);
      symlinkSync(path.join(proj, ".maia"), link);
      const second = await evaluate(list, "Bash", command, context());
      expect(second.verdict).toMatchObject({ decision: "ask", rule: "Redirect(.maia/**)" });
      expect((await evaluate(list, "Write", { path: "out/current/log.txt" }, context())).verdict).toMatchObject({ decision: "ask", rule: "Write(.maia/**)" });
    } finally {
      rmSync(link, { force: true });
    }
  });

  it("a folder absent at one command and created as a link before the next is seen at the next", async () => {
    const list = rules();
    const command = { command: "echo hi > out/later/deeper/log.txt" };
    expect((await evaluate(list, "Bash", command, context())).verdict.decision).toBe("allow");
    const link = path.join(proj, "out", "later");
    symlinkSync(path.join(proj, ".maia"), link);
    try {
      expect((await evaluate(list, "Bash", command, context())).verdict).toMatchObject({ decision: "ask", rule: "Redirect(.maia/**)" });
    } finally {
      rmSync(link, { force: true });
    }
  });
});

describe("RealPaths within one decision", () => {
  const names = ["out", "safe", "escape", "chain", "deep", ".maia", "file.txt", "dangling", "loop-a", "nowhere", "x", "..", "."];
  const somePath = fc.array(fc.constantFrom(...names), { minLength: 0, maxLength: 5 }).map((parts) => path.join(proj, ...parts));

  /** The real path, or the error code of a lookup that throws (a decision that meets one asks). */
  const outcome = (paths: RealPaths, absolute: string) => {
    try {
      return paths.of(absolute);
    } catch (error) {
      return { error: (error as NodeJS.ErrnoException).code };
    }
  };

  it("property: any order of lookups gives what a lookup of each path on its own gives (absent folders skipped or not)", () => {
    fc.assert(
      fc.property(fc.array(somePath, { minLength: 1, maxLength: 12 }), (paths) => {
        const shared = new RealPaths();
        for (const absolute of paths) {
          const alone = outcome(new RealPaths(), absolute);
          expect(outcome(shared, absolute)).toEqual(alone);
          // An error ends the decision (evaluate asks): nothing is looked up after it.
          if (typeof alone !== "string") return;
        }
      }),
    );
  });

  it("resolves links, dangling links, loops and absent folders", () => {
    const paths = new RealPaths();
    expect(paths.of(path.join(proj, "out", "escape", "a", "b"))).toBe(path.join(root, "outside", "a", "b"));
    expect(paths.of(path.join(proj, "out", "chain", "f"))).toBe(path.join(root, "outside", "deep", "f"));
    expect(paths.of(path.join(proj, "dangling"))).toBe(path.join(root, "nowhere", "x"));
    expect(paths.of(path.join(proj, "nowhere", "a", "b"))).toBe(path.join(proj, "nowhere", "a", "b"));
    // Below an absent folder, through a link found later in the same decision: still the link's target.
    expect(paths.of(path.join(proj, "out", "escape", "deep", "g"))).toBe(path.join(root, "outside", "deep", "g"));
    // A path through a loop of links cannot be resolved: the lookup throws, and the decision asks.
    expect(() => paths.of(path.join(proj, "loop-a", "x"))).toThrow(/ELOOP/);
    // The loop itself is followed by hand until the bound on links, then given up as it stands.
    expect(paths.of(path.join(proj, "loop-a"))).toMatch(/\/proj\/loop-[ab]$/);
  });

  it("a redirect through a loop of links is asked, with the error", async () => {
    const rules = readPermissions({ allow: ["Bash(echo *)", "Redirect"], deny: ["Redirect(.env)"] }, "settings.json").rules;
    const result = await evaluate(rules, "Bash", { command: "echo hi > loop-a/x" }, { cwd: proj, homeDir: root, env: {} });
    expect(result.verdict.decision).toBe("ask");
    expect(result.error).toContain("ELOOP");
  });
});
