import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPluginId, isValidName, parsePluginId, pluginServerKey, versionFolder } from "./names.ts";

const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,20}$/);
const anyText = fc.string({ unit: fc.constantFrom("a", "Z", "0", "-", "_", ".", "@", "/", "\\", " ", ":", "é", "\n"), maxLength: 20 });

/** One safe folder name: what the cache's `<marketplace>/<name>/<version>` relies on. */
const isSafeFolder = (part: string) => part !== "" && part !== "." && part !== ".." && !/[/\\\s@:]/.test(part);

describe("plugin ids (name@marketplace)", () => {
  it("reads back what it writes (property)", () => {
    fc.assert(
      fc.property(name, name, (plugin, marketplace) => {
        expect(parsePluginId(formatPluginId({ name: plugin, marketplace }))).toEqual({ name: plugin, marketplace });
      }),
    );
  });

  it("any text gives undefined or two safe folder names (property)", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const id = parsePluginId(text);
        if (id) expect(isSafeFolder(id.name) && isSafeFolder(id.marketplace)).toBe(true);
      }),
    );
  });

  it("examples", () => {
    expect(parsePluginId("formatter@team-tools")).toEqual({ name: "formatter", marketplace: "team-tools" });
    for (const bad of ["formatter", "@team", "a@b@c", "../x@m", "x@..", ".hidden@m", "a b@m", ""]) expect(parsePluginId(bad), bad).toBeUndefined();
    expect(isValidName("a".repeat(64))).toBe(true);
    expect(isValidName("a".repeat(65))).toBe(false);
  });
});

describe("version folders and server keys", () => {
  it("a version is its own folder when safe, else `unknown` (property)", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(isSafeFolder(versionFolder(text))).toBe(true);
      }),
    );
    expect(versionFolder("2.0.0-beta.1+build")).toBe("2.0.0-beta.1+build");
    expect(versionFolder("../../etc")).toBe("unknown");
    expect(versionFolder(undefined)).toBe("unknown");
  });

  it("a server key is [A-Za-z0-9_-], without `__` or a trailing `_` (property), as Claude Code names plugin servers", () => {
    fc.assert(
      fc.property(name, anyText, (plugin, server) => {
        const key = pluginServerKey(plugin, server);
        expect(key).toMatch(/^plugin_[A-Za-z0-9_-]*$/);
        expect(key.includes("__") || key.endsWith("_")).toBe(false);
      }),
    );
    expect(pluginServerKey("formatter", "lint")).toBe("plugin_formatter_lint");
    expect(pluginServerKey("my.tools", "db server")).toBe("plugin_my_tools_db_server");
  });
});
