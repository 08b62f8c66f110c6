import { describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { readPermissions } from "../settings-files.ts";
import { bashRuleSet } from "./bash-rules.ts";

const context = { cwd: "/work/proj", homeDir: "/home/ada", env: {}, report: false };
const decide = async (rules: Parameters<typeof evaluate>[0], command: string) => (await evaluate(rules, "Bash", { command }, context)).verdict;

describe("Bash rules prepared once per rule list", () => {
  it("a list changed in place is prepared again: a rule added or edited counts at the next decision", async () => {
    const rules = readPermissions({ allow: ["Bash(git *)"] }, "settings.json").rules;
    expect((await decide(rules, "git push origin main")).decision).toBe("allow");

    rules.push(...readPermissions({ deny: ["Bash(git push *)"] }, "settings.json").rules);
    expect(await decide(rules, "git push origin main")).toMatchObject({ decision: "deny", rule: "Bash(git push *)" });

    const deny = rules[1];
    if (!deny) throw new Error("the deny rule is missing");
    deny.pattern = "git pull *";
    expect((await decide(rules, "git push origin main")).decision).toBe("allow");
    expect((await decide(rules, "git pull origin main")).decision).toBe("deny");

    deny.kind = "ask";
    expect((await decide(rules, "git pull origin main")).decision).toBe("ask");
    deny.tool = "Read";
    expect((await decide(rules, "git pull origin main")).decision).toBe("allow");

    rules.splice(0, 1);
    expect((await decide(rules, "git status")).decision).toBe("ask");
  });

  it("keeps rule order within each kind and sorts Bash from Redirect", () => {
    const rules = readPermissions(
      { allow: ["Bash(ls *)", "Redirect(out/**)", "Bash", "Read"], ask: ["Bash(*push*)"], deny: ["Redirect(.env)"] },
      "settings.json",
    ).rules;
    const set = bashRuleSet(rules);
    expect(set.bash.allow.map((rule) => rule.rule.text)).toEqual(["Bash(ls *)", "Bash"]);
    expect(set.bash.allow.map((rule) => [rule.word, rule.exact])).toEqual([["ls", undefined], [undefined, undefined]]);
    expect(set.bash.ask.map((rule) => rule.word)).toEqual([undefined]);
    expect(set.redirect.allow.map((rule) => rule.text)).toEqual(["Redirect(out/**)"]);
    expect(set.redirect.deny.map((rule) => rule.text)).toEqual(["Redirect(.env)"]);
    expect(set.empty).toBe(false);
    expect(bashRuleSet(readPermissions({ allow: ["Read"] }, "settings.json").rules).empty).toBe(true);
    expect(bashRuleSet(rules)).toBe(set);
  });
});
