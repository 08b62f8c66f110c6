import { setActiveLocale } from "@maia/kernel";
import { afterEach, describe, expect, it } from "vitest";
import { createBuiltinTools } from "./tools.ts";

afterEach(() => setActiveLocale(undefined));

/** Every description and parameter description of every tool, flattened. */
function texts(): string[] {
  return createBuiltinTools({ homeDir: "/home/user" }).flatMap((tool) => {
    const properties = (tool.spec.inputSchema.properties ?? {}) as Record<string, { description?: string; items?: { properties?: Record<string, { description?: string }> } }>;
    const nested = Object.values(properties).flatMap((property) => Object.values(property.items?.properties ?? {}));
    return [tool.spec.description, ...Object.values(properties).map((property) => property.description ?? ""), ...nested.map((property) => property.description ?? "")];
  });
}

describe("what the model is told about the tools", () => {
  it.each(["en", "fr"] as const)("describes every tool and parameter, with every placeholder filled (%s)", (locale) => {
    setActiveLocale(locale);
    for (const text of texts()) {
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
    }
  });

  it("states the seed's limits in the descriptions", () => {
    setActiveLocale("en");
    const tools = new Map(createBuiltinTools({ homeDir: "/h" }).map((tool) => [tool.spec.name, tool.spec.description]));
    const [read, glob, grep, bash, webFetch] = ["Read", "Glob", "Grep", "Bash", "WebFetch"].map((name) => tools.get(name));
    expect(read).toContain("up to 2000 lines");
    expect(glob).toContain("at most 100 paths");
    expect(grep).toContain("default 250");
    expect(grep).toContain("over 2 MB");
    expect(bash).toContain("after 120 s");
    expect(bash).toContain("30000 characters");
    expect(webFetch).toContain("5 MB, 30 s, 5 redirects");
    expect(webFetch).toContain("default 20000, at most 100000");
  });
});
