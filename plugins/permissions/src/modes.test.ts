import { mkdirSync, mkdtempSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyMode, nextMode } from "./modes.ts";

const ask = { decision: "ask" as const, reason: "no rule applies" };

describe("approval modes", () => {
  it("cycles default → acceptEdits → plan → default", () => {
    expect([nextMode("default"), nextMode("acceptEdits"), nextMode("plan")]).toEqual(["acceptEdits", "plan", "default"]);
  });

  it("acceptEdits allows Edit and Write inside the launch folder only, and never lifts a rule's ask or deny", () => {
    expect(applyMode("acceptEdits", ask, "Edit", { path: "src/a.ts" }, "/p").decision).toBe("allow");
    expect(applyMode("acceptEdits", ask, "Write", { path: "/p/new.txt" }, "/p").decision).toBe("allow");
    expect(applyMode("acceptEdits", ask, "Write", { path: "../outside.txt" }, "/p").decision).toBe("ask");
    expect(applyMode("acceptEdits", ask, "Write", { path: "~/x" }, "/p").decision).toBe("ask");
    expect(applyMode("acceptEdits", ask, "Bash", { command: "ls" }, "/p").decision).toBe("ask");
    expect(applyMode("acceptEdits", { decision: "ask", rule: "Edit(src/**)" }, "Edit", { path: "src/a.ts" }, "/p").decision).toBe("ask");
    expect(applyMode("acceptEdits", { decision: "deny", rule: "Edit" }, "Edit", { path: "a" }, "/p").decision).toBe("deny");
  });

  it("acceptEdits asks for a path that a symbolic link inside the folder leads out of it", () => {
    const base = mkdtempSync(path.join(os.tmpdir(), "maia-modes-"));
    const cwd = path.join(base, "project");
    const outside = path.join(base, "outside");
    mkdirSync(path.join(cwd, "src"), { recursive: true });
    mkdirSync(outside);
    symlinkSync(outside, path.join(cwd, "out"));
    symlinkSync(path.join(cwd, "src"), path.join(cwd, "inner"));
    expect(applyMode("acceptEdits", ask, "Write", { path: "out/x.txt" }, cwd).decision).toBe("ask");
    expect(applyMode("acceptEdits", ask, "Edit", { path: path.join(cwd, "out", "x.txt") }, cwd).decision).toBe("ask");
    expect(applyMode("acceptEdits", ask, "Write", { path: "inner/x.txt" }, cwd).decision).toBe("allow");
    // The launch folder reached through a link of its own is still the launch folder.
    symlinkSync(cwd, path.join(base, "alias"));
    expect(applyMode("acceptEdits", ask, "Write", { path: "src/a.ts" }, path.join(base, "alias")).decision).toBe("allow");
  });

  it("plan lets reading tools be decided by the rules and refuses the rest with a message for the model", () => {
    expect(applyMode("plan", ask, "Read", { path: "a" }, "/p")).toEqual(ask);
    const refused = applyMode("plan", { decision: "allow", rule: "Bash(ls)" }, "Bash", { command: "ls" }, "/p");
    expect(refused.decision).toBe("deny");
    expect(refused.reason).toMatch(/plan/);
    expect(applyMode("plan", { decision: "allow" }, "Write", { path: "a" }, "/p").decision).toBe("deny");
    // ToolSearch only reads the session's list of deferred MCP tools: it runs in plan mode; what it finds does not.
    expect(applyMode("plan", ask, "ToolSearch", { query: "issue" }, "/p")).toEqual(ask);
    expect(applyMode("plan", { decision: "allow", rule: "Mcp(github)" }, "mcp__github__create_issue", {}, "/p").decision).toBe("deny");
  });
});
