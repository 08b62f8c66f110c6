import { rm } from "node:fs/promises";
import fc from "fast-check";
import { createTestKernel } from "@maia/testing-kernel";
import { addPermissionRules, narrowRules, projectSettingsFile, type CallEvaluator } from "@maia/permission-rules";
import { beforeAll, describe, expect, it } from "vitest";
import permissionsPlugin, { type PermissionsApi } from "./index.ts";

let permissions: PermissionsApi;
let cwd: string;
let homeDir: string;

beforeAll(async () => {
  const test = await createTestKernel([permissionsPlugin]);
  cwd = test.cwd;
  homeDir = test.homeDir;
  const api = test.kernel.plugins.get<PermissionsApi>("permissions")?.api;
  if (!api) throw new Error("permissions plugin did not load");
  permissions = api;
});

/** Only these rules in the launch folder's settings, read again by the permissions plugin. */
async function useRules(list: "allow" | "deny", rules: string[]): Promise<void> {
  const file = projectSettingsFile(cwd);
  await rm(file, { force: true });
  if (rules.length > 0) await addPermissionRules(file, list, rules);
  await permissions.reload();
}

async function decision(tool: string, input: Record<string, unknown>): Promise<string> {
  return (await permissions.evaluate(tool, input)).verdict.decision;
}

const places = () => ({ cwd, homeDir, permissions });
const fileName = fc
  .string({ unit: fc.constantFrom("a", "b", "Z", "0", "-", "_", ".", " ", "[", "]", "*", "?", "{", "}", "(", ")", "!", "+", "@", "\\", "é"), minLength: 1, maxLength: 8 })
  .filter((name) => name.trim() === name && name !== "." && name !== "..");

describe("narrowRules for path tools", () => {
  it("names the exact path, whatever glob characters it holds: that path is covered, its neighbours are not", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fileName, { minLength: 1, maxLength: 3 }), fc.constantFrom("Write", "Edit", "Read"), async (segments, tool) => {
        const file = segments.join("/");
        const narrow = await narrowRules({ name: tool, input: { path: file } }, "allow", places());
        expect(narrow.inexact).toEqual([]);
        await useRules("allow", narrow.rules);
        expect(await decision(tool, { path: file })).toBe("allow");
        expect(await decision(tool, { path: `${file}x` })).toBe("ask");
        expect(await decision(tool, { path: `${file}/inner` })).toBe("ask");
      }),
      { numRuns: 40 },
    );
  });

  it("writes paths outside the launch folder in full", async () => {
    const narrow = await narrowRules({ name: "Read", input: { path: "/etc/hosts" } }, "deny", places());
    expect(narrow.rules).toEqual(["Read(/etc/hosts)"]);
  });
});

const word = fc.stringMatching(/^[a-z0-9][a-z0-9._=\/-]{0,7}$/);

describe("narrowRules for Bash", () => {
  it("names a simple command exactly: it is covered, the same program with other arguments is not", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(word, { minLength: 1, maxLength: 4 }), async (words) => {
        const command = words.join(" ");
        await useRules("allow", []);
        const narrow = await narrowRules({ name: "Bash", input: { command } }, "allow", places());
        // The command as the permissions plugin reads it (quotes made canonical: `a= b` is `a='' b`).
        expect(narrow.inexact).toEqual([]);
        expect(narrow.rules).toHaveLength(1);
        await useRules("allow", narrow.rules);
        expect(await decision("Bash", { command })).toBe("allow");
        expect(await decision("Bash", { command: `${command} more` })).toBe("ask");
      }),
      { numRuns: 30 },
    );
  });

  it("writes a plain command as typed", async () => {
    await useRules("allow", []);
    expect(await narrowRules({ name: "Bash", input: { command: "npm run build -- --watch" } }, "allow", places())).toEqual({
      rules: ["Bash(npm run build -- --watch)"],
      inexact: [],
    });
  });

  it("gives one rule per simple command of a compound command that is not already allowed", async () => {
    await useRules("allow", ["Bash(git status)"]);
    const narrow = await narrowRules({ name: "Bash", input: { command: "git status && npm test | tee log.txt; git status" } }, "allow", places());
    expect(narrow).toEqual({ rules: ["Bash(npm test)", "Bash(tee log.txt)"], inexact: [] });
  });

  it("refuses to write a rule for a command holding *, which no rule can name exactly", async () => {
    await useRules("allow", []);
    const narrow = await narrowRules({ name: "Bash", input: { command: "ls *.ts && pwd" } }, "allow", places());
    expect(narrow).toEqual({ rules: ["Bash(pwd)"], inexact: ["ls *.ts"] });
  });

  it("writes nothing when the permissions plugin could not analyse the command (the whole text is not narrow)", async () => {
    const unanalysed: CallEvaluator = {
      evaluate: async () => ({ verdict: { decision: "ask", reason: "tree-sitter grammar file not found" } }),
    };
    expect(await narrowRules({ name: "Bash", input: { command: "echo a && echo b" } }, "allow", { cwd, homeDir, permissions: unanalysed })).toEqual({
      rules: [],
      inexact: [],
      problem: "tree-sitter grammar file not found",
    });
  });

  it("for a deny, skips the parts already allowed or denied", async () => {
    await useRules("deny", ["Bash(rm -rf build)"]);
    const narrow = await narrowRules({ name: "Bash", input: { command: "rm -rf build; curl example.com" } }, "deny", places());
    expect(narrow.rules).toEqual(["Bash(curl example.com)"]);
  });
});

describe("narrowRules for other tools", () => {
  it("names WebFetch's exact host and other tools' exact value", async () => {
    expect(await narrowRules({ name: "WebFetch", input: { url: "https://Docs.Example.com./a?b" } }, "allow", places())).toEqual({
      rules: ["WebFetch(domain:docs.example.com)"],
      inexact: [],
    });
    const schema = { type: "object", properties: { query: { type: "string" }, note: { type: "string" } } };
    expect(await narrowRules({ name: "mcp__docs__search", input: { note: "n", query: "q" }, inputSchema: schema }, "allow", places())).toEqual({
      rules: ["mcp__docs__search(q)"],
      inexact: [],
    });
    expect(await narrowRules({ name: "CurrentModel", input: {} }, "allow", places())).toEqual({ rules: ["CurrentModel"], inexact: [] });
    expect(await narrowRules({ name: "Addition", input: { a: "1*2" } }, "allow", places())).toEqual({ rules: [], inexact: ["1*2"] });
  });
});
