import { callDisplay } from "@maia/kernel";
import { describe, expect, it } from "vitest";
import { createBuiltinTools } from "./tools.ts";

const homeDir = "/home/someone";
const cwd = "/work/project";
const tools = new Map(createBuiltinTools({ homeDir }).map((tool) => [tool.spec.name, tool]));
const shown = (name: string, input: Record<string, unknown>) => callDisplay(tools.get(name), input, { cwd, homeDir });

describe("what the builtin tools declare for front ends", () => {
  it("gives each its kind, and the files it touches as absolute paths (aliases, ~ and Read's offset resolved)", () => {
    expect(shown("Read", { file_path: "src/a.ts", offset: "40" })).toMatchObject({ kind: "read", locations: [{ path: "/work/project/src/a.ts", line: 40 }], summary: "src/a.ts (40+2000)" });
    expect(shown("Write", { path: "~/notes.md", content: "x" })).toMatchObject({ kind: "edit", locations: [{ path: "/home/someone/notes.md" }] });
    expect(shown("Edit", { file_path: "/etc/hosts", old_string: "a", new_string: "b" })).toMatchObject({ kind: "edit", locations: [{ path: "/etc/hosts" }] });
    expect(shown("Grep", { pattern: "x", path: "lib" })).toMatchObject({ kind: "search", locations: [{ path: "/work/project/lib" }] });
    expect(shown("Glob", { pattern: "*.ts" })).toMatchObject({ kind: "search", locations: [] });
    expect(shown("Bash", { command: "ls" })).toMatchObject({ kind: "execute", locations: [], summary: "ls" });
    expect(shown("WebFetch", { url: "https://example.com", prompt: "p" })).toMatchObject({ kind: "fetch" });
    expect(shown("TodoWrite", { todos: [] })).toMatchObject({ kind: "think" });
    expect(callDisplay(undefined, { a: 1 }, { cwd, homeDir })).toEqual({ input: { a: 1 }, summary: "", kind: "other", locations: [] });
  });

  it("puts the line of Edit's change on its location when the preview knows it", () => {
    const preview = { path: "/work/project/a.txt", oldText: "a\nb\n", newText: "a\nc\n", line: 2 };
    expect(callDisplay(tools.get("Edit"), { path: "a.txt", old_string: "b", new_string: "c" }, { cwd, homeDir }, preview).locations).toEqual([{ path: "/work/project/a.txt", line: 2 }]);
  });
});
