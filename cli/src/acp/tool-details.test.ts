import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createBuiltinTools } from "@maia/plugin-builtin-tools";
import { describe, expect, it } from "vitest";
import { describeCall, detailsWithDiff, kindOf } from "./tool-details.ts";

const homeDir = "/home/someone";
const tools = new Map(createBuiltinTools({ homeDir }).map((tool) => [tool.spec.name, tool]));

describe("kindOf", () => {
  it("maps MAIA's tools to ACP kinds", () => {
    const kinds = ["Read", "Edit", "Write", "Bash", "Grep", "Glob", "WebFetch", "TodoWrite", "mcp__x__y"].map(kindOf);
    expect(kinds).toEqual(["read", "edit", "edit", "execute", "search", "search", "fetch", "other", "other"]);
  });
});

describe("describeCall", () => {
  it("titles the call with the tool's describe, and locates the file it touches", () => {
    const cwd = "/work/project";
    expect(describeCall("Read", tools.get("Read"), { file_path: "src/a.ts", offset: 40 }, { cwd, homeDir })).toEqual({
      title: "Read src/a.ts (40+2000)",
      kind: "read",
      locations: [{ path: "/work/project/src/a.ts", line: 40 }],
      rawInput: { path: "src/a.ts", offset: 40 },
    });
    expect(describeCall("Bash", tools.get("Bash"), { command: "npm test\n  -- --watch" }, { cwd, homeDir })).toMatchObject({
      title: "Bash npm test -- --watch",
      kind: "execute",
      locations: [],
    });
    expect(describeCall("Write", tools.get("Write"), { path: "~/notes.md", content: "x" }, { cwd, homeDir }).locations).toEqual([{ path: "/home/someone/notes.md" }]);
    expect(describeCall("Mystery", undefined, { a: 1 }, { cwd, homeDir })).toMatchObject({ title: "Mystery", kind: "other" });
  });
});

describe("detailsWithDiff", () => {
  it("gives Edit the whole file before and after its single replacement, at the line it changes", async () => {
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-acp-diff-"));
    await writeFile(path.join(cwd, "a.txt"), "one\ntwo\nthree\n");
    const details = await detailsWithDiff("Edit", tools.get("Edit"), { path: "a.txt", old_string: "two", new_string: "TWO" }, { cwd, homeDir });
    expect(details.diff).toEqual({ type: "diff", path: path.join(cwd, "a.txt"), oldText: "one\ntwo\nthree\n", newText: "one\nTWO\nthree\n" });
    expect(details.locations).toEqual([{ path: path.join(cwd, "a.txt"), line: 2 }]);
  });

  it("gives no diff when the edit cannot apply (absent or repeated text, missing file)", async () => {
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-acp-diff-"));
    await writeFile(path.join(cwd, "a.txt"), "x x\n");
    const places = { cwd, homeDir };
    expect((await detailsWithDiff("Edit", tools.get("Edit"), { path: "a.txt", old_string: "x", new_string: "y" }, places)).diff).toBeUndefined();
    expect((await detailsWithDiff("Edit", tools.get("Edit"), { path: "a.txt", old_string: "z", new_string: "y" }, places)).diff).toBeUndefined();
    expect((await detailsWithDiff("Edit", tools.get("Edit"), { path: "b.txt", old_string: "x", new_string: "y" }, places)).diff).toBeUndefined();
  });

  it("gives Write the old text (null for a new file) and the content, aliases resolved", async () => {
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-acp-diff-"));
    await writeFile(path.join(cwd, "old.txt"), "before\n");
    const places = { cwd, homeDir };
    expect((await detailsWithDiff("Write", tools.get("Write"), { file_path: "old.txt", contents: "after\n" }, places)).diff).toEqual({
      type: "diff",
      path: path.join(cwd, "old.txt"),
      oldText: "before\n",
      newText: "after\n",
    });
    expect((await detailsWithDiff("Write", tools.get("Write"), { path: "new.txt", content: ["a", "b"] }, places)).diff).toMatchObject({ oldText: null, newText: "a\nb" });
  });

  it("does not diff binary files", async () => {
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-acp-diff-"));
    await writeFile(path.join(cwd, "bin"), Buffer.from([0, 1, 2]));
    expect((await detailsWithDiff("Write", tools.get("Write"), { path: "bin", content: "text" }, { cwd, homeDir })).diff).toBeUndefined();
  });
});
