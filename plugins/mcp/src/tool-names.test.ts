import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mcpToolParts } from "@maia/permission-rules";
import { isValidServerKey, MAX_SERVER_KEY, MAX_TOOL_NAME, mcpToolName } from "./tool-names.ts";

describe("tool names mcp__<key>__<tool> (seed § 22.4)", () => {
  it("keeps clean names as they are", () => {
    expect(mcpToolName("github", "create_issue")).toBe("mcp__github__create_issue");
    expect(mcpToolName("everything", "get-sum")).toBe("mcp__everything__get-sum");
  });

  it("cleans every other character to _", () => {
    expect(mcpToolName("fs", "read file!")).toBe("mcp__fs__read_file_");
    expect(mcpToolName("fs", "é")).toBe("mcp__fs___");
    expect(mcpToolName("fs", "")).toBe("mcp__fs___");
  });

  it("cuts at 64 characters", () => {
    const name = mcpToolName("k", "t".repeat(100));
    expect(name).toHaveLength(MAX_TOOL_NAME);
    expect(name.startsWith("mcp__k__ttt")).toBe(true);
  });

  it("accepts keys of letters, digits, _ and -, without __, short enough to leave room", () => {
    expect(isValidServerKey("my-server_2")).toBe(true);
    expect(isValidServerKey("a__b")).toBe(false);
    expect(isValidServerKey("a b")).toBe(false);
    expect(isValidServerKey("a_")).toBe(false);
    expect(isValidServerKey("")).toBe(false);
    expect(isValidServerKey("k".repeat(MAX_SERVER_KEY))).toBe(true);
    expect(isValidServerKey("k".repeat(MAX_SERVER_KEY + 1))).toBe(false);
  });

  const key = fc.stringMatching(/^[A-Za-z0-9_-]{1,47}$/).filter(isValidServerKey);

  it("property: any tool name gives [A-Za-z0-9_-], 64 characters at most, and the key reads back", () => {
    fc.assert(
      fc.property(key, fc.string({ maxLength: 200 }), (server, tool) => {
        const name = mcpToolName(server, tool);
        const parts = mcpToolParts(name);
        return /^[A-Za-z0-9_-]{1,64}$/.test(name) && parts?.server === server && (parts.tool.length ?? 0) >= 1;
      }),
    );
  });

  it("property: a clean short name is kept exactly", () => {
    fc.assert(
      fc.property(key, fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), (server, tool) => mcpToolName(server, tool) === `mcp__${server}__${tool}`),
    );
  });
});
