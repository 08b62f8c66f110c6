import path from "node:path";
import { describe, expect, it } from "vitest";
import { pathInputOf, resolveToolPath } from "./tool-paths.ts";

describe("pathInputOf", () => {
  it("reads path, then the file_path and filePath aliases, skipping empty values", () => {
    expect(pathInputOf({ path: "a.txt", file_path: "b.txt" })).toBe("a.txt");
    expect(pathInputOf({ path: "", file_path: "b.txt" })).toBe("b.txt");
    expect(pathInputOf({ filePath: "c.txt" })).toBe("c.txt");
    expect(pathInputOf({ path: 3, command: "ls" })).toBeUndefined();
  });
});

describe("resolveToolPath", () => {
  it("resolves ~, absolute and relative paths", () => {
    expect(resolveToolPath("~", "/work", "/home/me")).toBe(path.resolve("/home/me"));
    expect(resolveToolPath("~/x", "/work", "/home/me")).toBe(path.resolve("/home/me/x"));
    expect(resolveToolPath("/etc/hosts", "/work", "/home/me")).toBe(path.resolve("/etc/hosts"));
    expect(resolveToolPath("src/a.ts", "/work", "/home/me")).toBe(path.resolve("/work/src/a.ts"));
  });
});
