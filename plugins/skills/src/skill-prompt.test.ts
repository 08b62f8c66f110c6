import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandSkill, findSkill, parseSkillInvocation } from "./skill-prompt.ts";

describe("skill invocation", () => {
  it("replaces every $ARGUMENTS, or appends an ARGUMENTS: line", () => {
    expect(expandSkill("Review $ARGUMENTS, then $ARGUMENTS again.", " src/a.ts ")).toBe("Review src/a.ts, then src/a.ts again.");
    expect(expandSkill("Review the diff.", "carefully")).toBe("Review the diff.\n\nARGUMENTS: carefully");
    expect(expandSkill("Review the diff.", "")).toBe("Review the diff.");
    expect(expandSkill("Fix $ARGUMENTS.", "")).toBe("Fix .");
  });

  it("reads §name and its arguments, § alone being the list", () => {
    expect(parseSkillInvocation("")).toEqual({ args: "" });
    expect(parseSkillInvocation("  ")).toEqual({ args: "" });
    expect(parseSkillInvocation("review")).toEqual({ name: "review", args: "" });
    expect(parseSkillInvocation("review src/a.ts and\nmore")).toEqual({ name: "review", args: "src/a.ts and\nmore" });
  });

  it("gives back any name and arguments typed after §", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\S{1,20}$/), fc.string(), (name, args) => {
        const parsed = parseSkillInvocation(`${name} ${args}`);
        expect(parsed.name).toBe(name);
        expect(parsed.args).toBe(args.trim());
      }),
    );
  });

  it("finds a skill by exact name, else by the only name equal without case", () => {
    const skills = [{ name: "Review" }, { name: "deploy" }, { name: "Deploy" }];
    expect(findSkill(skills, "review")?.name).toBe("Review");
    expect(findSkill(skills, "Deploy")?.name).toBe("Deploy");
    expect(findSkill(skills, "DEPLOY")).toBeUndefined();
  });
});
