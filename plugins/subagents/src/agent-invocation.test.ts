import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseAgentInvocation } from "./agent-invocation.ts";

describe("parseAgentInvocation (seed § 20.3b)", () => {
  it("reads &name task and & name task the same way", () => {
    expect(parseAgentInvocation("&reviewer check src/")).toEqual({ kind: "run", name: "reviewer", task: "check src/" });
    expect(parseAgentInvocation("& reviewer check src/")).toEqual({ kind: "run", name: "reviewer", task: "check src/" });
    expect(parseAgentInvocation("&reviewer")).toEqual({ kind: "run", name: "reviewer", task: "" });
    expect(parseAgentInvocation("&reviewer   two\nlines  ")).toEqual({ kind: "run", name: "reviewer", task: "two\nlines" });
  });

  it("lists the agents for & alone", () => {
    expect(parseAgentInvocation("&")).toEqual({ kind: "list" });
    expect(parseAgentInvocation("&   ")).toEqual({ kind: "list" });
  });

  it("only reads inputs that start with &", () => {
    expect(parseAgentInvocation(" &reviewer x")).toEqual({ kind: "none" });
    expect(parseAgentInvocation("run &reviewer")).toEqual({ kind: "none" });
  });

  it("finds back any name and task it is given", () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/);
    const task = fc.string({ maxLength: 60 }).filter((text) => text.trim() === text);
    fc.assert(
      fc.property(name, task, fc.constantFrom("", " ", "  "), (agent, text, gap) => {
        const input = `&${gap}${agent}${text === "" ? "" : ` ${text}`}`;
        expect(parseAgentInvocation(input)).toEqual({ kind: "run", name: agent, task: text });
      }),
    );
  });

  it("never throws, whatever follows &", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseAgentInvocation(`&${text}`);
        expect(result.kind === "list" || result.kind === "run").toBe(true);
        if (result.kind === "run") expect(result.name).not.toMatch(/\s/);
      }),
    );
  });
});
