import { chmod, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { addPermissionRules, projectSettingsFile, SettingsEditError, withRules } from "./settings-edit.ts";

const FILE = "/project/.maia/settings.json";
const rule = fc.string({ minLength: 1, maxLength: 20 }).map((text) => `Bash(${text})`);

describe("withRules", () => {
  it("appends to the list and keeps every other part of the file", () => {
    const root = fc
      .dictionary(fc.string().filter((key) => key !== "permissions" && key !== "__proto__"), fc.jsonValue())
      .chain((rest) =>
        fc.record({
          rest: fc.constant(rest),
          permissions: fc.option(fc.record({ allow: fc.option(fc.array(rule), { nil: undefined }), ask: fc.array(rule), deny: fc.option(fc.array(rule), { nil: undefined }) }, { requiredKeys: ["ask"] }), { nil: undefined }),
        }),
      );
    fc.assert(
      fc.property(root, fc.constantFrom("allow" as const, "deny" as const), fc.array(rule, { minLength: 1 }), ({ rest, permissions }, list, rules) => {
        const original = { ...rest, ...(permissions ? { permissions } : {}) };
        const before = JSON.stringify(original, null, 2);
        const { text, added } = withRules(before, list, rules, FILE);
        const existing = permissions?.[list] ?? [];
        expect(added).toEqual([...new Set(rules)].filter((candidate) => !existing.includes(candidate)));
        const after = added.length === 0 ? original : (JSON.parse(text) as Record<string, unknown>);
        const { permissions: newPermissions, ...newRest } = after as { permissions?: Record<string, unknown> };
        expect(newRest).toEqual(JSON.parse(JSON.stringify(rest)));
        if (added.length > 0) {
          expect(newPermissions).toEqual({ ...(permissions ?? {}), [list]: [...existing, ...added] });
          // A second time, nothing is added.
          expect(withRules(text, list, rules, FILE).added).toEqual([]);
        }
      }),
    );
  });

  it("creates the file's content when there is none", () => {
    expect(withRules(undefined, "allow", ["Bash(npm test)"], FILE).text).toBe('{\n  "permissions": {\n    "allow": [\n      "Bash(npm test)"\n    ]\n  }\n}\n');
    expect(JSON.parse(withRules("  \n", "deny", ["Read(.env)"], FILE).text)).toEqual({ permissions: { deny: ["Read(.env)"] } });
  });

  it("keeps the file's indentation", () => {
    const text = withRules('{\n\t"model": "m"\n}\n', "allow", ["Read"], FILE).text;
    expect(text).toBe('{\n\t"model": "m",\n\t"permissions": {\n\t\t"allow": [\n\t\t\t"Read"\n\t\t]\n\t}\n}\n');
  });

  it("refuses a file it cannot edit safely, saying what to fix and where, without quoting it", () => {
    const broken = '{\n  "LiteLLM_API_Key": "sk-secret",\n  "permissions": { "allow": [,] }\n}';
    expect(() => withRules(broken, "allow", ["Read"], FILE)).toThrow(new SettingsEditError(`${FILE} is not valid JSON (line 3). Fix the file, then choose again.`));
    try {
      withRules(broken, "allow", ["Read"], FILE);
    } catch (error) {
      expect(String(error)).not.toContain("sk-secret");
    }
    expect(() => withRules("[1]", "allow", ["Read"], FILE)).toThrow(`${FILE} must contain a JSON object.`);
    expect(() => withRules('{"permissions": []}', "allow", ["Read"], FILE)).toThrow('"permissions" must be an object');
    expect(() => withRules('{"permissions": {"deny": "Read"}}', "deny", ["Read"], FILE)).toThrow('"permissions.deny" must be a list of strings');
  });
});

describe("addPermissionRules", () => {
  it("writes atomically, keeps the file's mode, and lets concurrent additions all land", async () => {
    const cwd = await tempFolder("maia-acp-rules-");
    const file = projectSettingsFile(cwd);
    expect(await addPermissionRules(file, "allow", ["Bash(a)"])).toEqual(["Bash(a)"]);
    await chmod(file, 0o600);
    await Promise.all([addPermissionRules(file, "allow", ["Bash(b)"]), addPermissionRules(file, "deny", ["Bash(c)"]), addPermissionRules(file, "allow", ["Bash(a)"])]);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ permissions: { allow: ["Bash(a)", "Bash(b)"], deny: ["Bash(c)"] } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual(["settings.json"]);
  });

  it("leaves a broken file exactly as it was", async () => {
    const cwd = await tempFolder("maia-acp-rules-");
    const file = projectSettingsFile(cwd);
    await addPermissionRules(file, "allow", ["Read"]);
    await writeFile(file, "{ oops");
    await expect(addPermissionRules(file, "allow", ["Bash(x)"])).rejects.toBeInstanceOf(SettingsEditError);
    expect(await readFile(file, "utf8")).toBe("{ oops");
  });
});
