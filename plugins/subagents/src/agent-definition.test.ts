import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { setActiveLocale } from "@maia/kernel";
import { parseAgentFile } from "./agent-definition.ts";

beforeAll(() => setActiveLocale("en"));

const BODY = "# Instructions system\nBe careful.\n\n# Missions\nReview.\n\n# Output\nA list.\n";
const where = { folderName: "reviewer", file: "/p/.maia/agents/reviewer/AGENT.md", level: "project" as const };
const agent = (header: string, body = BODY) => parseAgentFile(`---\n${header}\n---\n${body}`, where);

function ok(result: ReturnType<typeof parseAgentFile>) {
  if (!result.ok) throw new Error(`expected a valid agent, got: ${result.warning}`);
  return result;
}
function problem(result: ReturnType<typeof parseAgentFile>): string {
  if (result.ok) throw new Error("expected an invalid agent");
  return result.warning;
}

describe("AGENT.md header (seed § 20.1)", () => {
  it("gives every key its default", () => {
    const { agent: parsed, warnings } = ok(agent("name: reviewer\ndescription: Reviews code"));
    expect(warnings).toEqual([]);
    expect(parsed).toEqual({
      name: "reviewer",
      description: "Reviews code",
      permissions: { allow: [], ask: [], deny: [] },
      effort: "medium",
      omitMd: false,
      trace: false,
      instructions: "Be careful.",
      missions: "Review.",
      output: "A list.",
      file: where.file,
      level: "project",
    });
    expect(parsed.model).toBeUndefined();
    expect(parsed.tools).toBeUndefined();
    expect(parsed.skills).toBeUndefined();
  });

  it("reads every key, without case, with comments, YAML lists, comma lists and the permissions table", () => {
    const header = [
      "Name: reviewer # the folder's name",
      "DESCRIPTION: 'Reviews # code'",
      "model: gpt-4o   # a fragment would do",
      "tools: Read, Grep ,Bash",
      "Permissions:",
      "  Allow:",
      "    - Bash(git diff *)",
      "  deny: [Write, Edit]",
      "  ask: Bash(git log *)",
      "effort: HIGH",
      "skills: []",
      "omitmd: true",
      "Trace: 'true'",
    ].join("\n");
    const { agent: parsed } = ok(agent(header));
    expect(parsed).toMatchObject({
      name: "reviewer",
      description: "Reviews # code",
      model: "gpt-4o",
      tools: ["Read", "Grep", "Bash"],
      permissions: { allow: ["Bash(git diff *)"], ask: ["Bash(git log *)"], deny: ["Write", "Edit"] },
      effort: "high",
      skills: [],
      omitMd: true,
      trace: true,
    });
  });

  it("uses the folder's name with a warning when the header has none", () => {
    const result = ok(agent("description: Reviews"));
    expect(result.agent.name).toBe("reviewer");
    expect(result.warnings).toEqual([`${where.file}: no name in the header; the folder's name "reviewer" is used. Add name: reviewer.`]);
  });

  it("rejects an agent whose name is not its folder's, naming the file and the line", () => {
    expect(problem(agent("description: x\nname: other"))).toBe(
      `${where.file} (line 3): name "other" differs from the folder "reviewer": an agent's name is its folder's name; make them equal — this agent is not loaded.`,
    );
  });

  it("rejects an agent without a description", () => {
    expect(problem(agent("name: reviewer"))).toContain("the header has no description");
    expect(problem(agent("name: reviewer\ndescription: '  '"))).toContain("(line 3): the header has no description");
  });

  it("says which key is wrong, on which line", () => {
    expect(problem(agent("name: reviewer\ndescription: x\neffort: max"))).toContain('(line 4): "effort" must be low, medium or high (found "max")');
    expect(problem(agent("name: reviewer\ndescription: x\ntrace: maybe"))).toContain('(line 4): "trace" must be true or false');
    expect(problem(agent("name: reviewer\ndescription: x\ntools: {a: 1}"))).toContain('(line 4): "tools" must be a list of names');
    expect(problem(agent("name: reviewer\ndescription: x\ndescripton: y"))).toContain('(line 4): unknown key "descripton" (did you mean "description"?)');
    expect(problem(agent("name: reviewer\ndescription: x\nDescription: y"))).toContain('(line 4): the key "Description" is given twice (also line 3)');
    expect(problem(agent("name: reviewer\ndescription: x\npermissions: [Read]"))).toContain('"permissions" must be a table');
    expect(problem(agent("name: reviewer\ndescription: x\npermissions:\n  refuse: [Bash]"))).toContain('unknown key "refuse" under permissions');
    expect(problem(agent("name: reviewer\ndescription: x\npermissions:\n  deny: ['Bash(rm *']"))).toContain('the rule "Bash(rm *" under permissions.deny is malformed');
  });

  it("reports a broken header with its line", () => {
    expect(problem(parseAgentFile("# Missions\n", where))).toContain("no YAML header");
    expect(problem(parseAgentFile("---\nname: reviewer\n", where))).toContain("(line 1): the YAML header opened on line 1 is never closed");
    expect(problem(agent("name: reviewer\ndescription: [unclosed"))).toMatch(/\(line \d\): invalid YAML header/);
    expect(problem(agent("- a\n- b"))).toContain("must be key: value lines");
  });

  it("requires Instructions system, Missions and Output, and keeps Constraints when present", () => {
    expect(problem(agent("name: reviewer\ndescription: x", "# Missions\nx\n# Output\ny"))).toContain('the section "Instructions system" is missing');
    expect(problem(agent("name: reviewer\ndescription: x", "# Instructions system\nx\n# Missions\n\n# Output\ny"))).toContain(
      '(line 7): the section "Missions" is empty',
    );
    const withConstraints = ok(agent("name: reviewer\ndescription: x", `${BODY}\n## Contraintes (optionnelle)\nNo writes.`));
    expect(withConstraints.agent.constraints).toBe("No writes.");
  });

  it("rejects a folder name that cannot be an agent's", () => {
    expect(parseAgentFile(`---\ndescription: x\n---\n${BODY}`, { ...where, folderName: "my agent" })).toEqual({
      ok: false,
      warning: `${where.file}: the folder name "my agent" cannot be an agent's name: use only letters, digits, _ . and - — this agent is not loaded.`,
    });
  });

  it("reads header keys in any case", () => {
    const casings = (word: string) => fc.array(fc.boolean(), { minLength: word.length, maxLength: word.length }).map((flags) => [...word].map((c, i) => (flags[i] ? c.toUpperCase() : c)).join(""));
    fc.assert(
      fc.property(casings("description"), casings("effort"), casings("omitmd"), (description, effort, omitMd) => {
        const { agent: parsed } = ok(agent(`name: reviewer\n${description}: d\n${effort}: low\n${omitMd}: true`));
        expect(parsed).toMatchObject({ description: "d", effort: "low", omitMd: true });
      }),
    );
  });

  it("never throws, whatever the file holds: a valid agent or one warning naming the file", () => {
    const line = fc.oneof(
      fc.string(),
      fc.constantFrom("---", "name: reviewer", "description: x", "tools: [a", "permissions:", "  deny: [Bash]", "# Missions", "# Output", "```"),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 15 }), (lines) => {
        const result = parseAgentFile(lines.join("\n"), where);
        if (!result.ok) expect(result.warning.startsWith(where.file)).toBe(true);
      }),
    );
  });
});
