import { beforeAll, describe, expect, it } from "vitest";
import { setActiveLocale, type PromptSection } from "@maia/kernel";
import type { AgentDefinition } from "../agent-definition.ts";
import { rewriteSections, subAgentPrompt } from "./child-prompt.ts";

const agent: AgentDefinition = {
  name: "reviewer",
  description: "Reviews changes.",
  permissions: { allow: [], ask: [], deny: [] },
  effort: "low",
  omitMd: false,
  trace: false,
  instructions: "Be careful.",
  missions: "Review src/.",
  constraints: "Never write.",
  output: "A list.",
  file: "/p/AGENT.md",
  level: "project",
};
const MAIN: PromptSection[] = [
  { id: "memory:identity", order: 0, text: "You are MAIA." },
  { id: "memory:instructions", order: 100, text: "# Instructions (MAIA.md)\n\nUse tabs." },
  { id: "skills:list", order: 200, text: "# Skills\nLoad them with Skill.\n- review: Review code\n- deploy: Ship it" },
];

describe("the sub-agent's system prompt (seed § 20.3.2)", () => {
  beforeAll(() => setActiveLocale("en"));

  it("holds identity, autonomy, folder, effort, sections, the Constraints rule, Output and the final rule, in that order", () => {
    const prompt = subAgentPrompt(agent, "/work/p");
    const order = [
      'You are the sub-agent "reviewer"',
      "Reviews changes.",
      "nobody can answer",
      "Working folder: /work/p",
      "Effort: low",
      "at most 10 model calls",
      "# Instructions system\n\nBe careful.",
      "# Missions\n\nReview src/.",
      "# Constraints\n\nNever write.\n\nWhen a situation these constraints foresee or forbid comes up, do not act: stop, and report it",
      "# Output\n\nA list.",
      "Your final answer follows the Output section and stands on its own",
    ].map((part) => prompt.indexOf(part));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const { constraints: _dropped, ...without } = agent;
    expect(subAgentPrompt(without, "/w")).not.toContain("# Constraints");
  });

  it("is in French for a French user", () => {
    setActiveLocale("fr");
    try {
      const prompt = subAgentPrompt({ ...agent, effort: "high" }, "/w");
      expect(prompt).toContain("Tu es le sous-agent « reviewer »");
      expect(prompt).toContain("# Contraintes\n\nNever write.\n\nDevant un cas prévu par ces contraintes ou un interdit, n'agis pas");
      expect(prompt).toContain("50 appels au modèle au plus");
    } finally {
      setActiveLocale("en");
    }
  });

  it("replaces MAIA's identity, keeps MAIA.md unless omitMd, and lists only its skills", () => {
    const kept = rewriteSections(MAIN, agent, "/w", ["review"]);
    expect(kept.map((section) => section.id)).toEqual(["subagents:identity", "memory:instructions", "skills:list"]);
    expect(kept[2]?.text).toBe("# Skills\nLoad them with Skill.\n- review: Review code");
    const omitted = rewriteSections(MAIN, { ...agent, omitMd: true }, "/w", undefined);
    expect(omitted.map((section) => section.id)).toEqual(["subagents:identity", "skills:list"]);
    expect(omitted[1]?.text).toBe(MAIN[2]?.text);
    expect(rewriteSections(MAIN, agent, "/w", []).map((section) => section.id)).toEqual(["subagents:identity", "memory:instructions"]);
  });

  it("gives a Claude Code agent its body as the prompt, MAIA's working folder and autonomy, and its preloaded skills", () => {
    const claude: AgentDefinition = { ...agent, format: "claude", prompt: "You are a code reviewer.", instructions: "", missions: "", output: "", constraints: undefined };
    const prompt = subAgentPrompt(claude, "/work/p");
    expect(prompt.startsWith("You are a code reviewer.\n\n")).toBe(true);
    expect(prompt).toContain("Working folder: /work/p");
    expect(prompt).not.toContain("# Missions");
    const sections = rewriteSections(MAIN, claude, "/work/p", undefined, [{ name: "api-conventions", body: "Use REST." }]);
    expect(sections.map((section) => section.id)).toEqual(["subagents:identity", "subagents:skill:api-conventions", "memory:instructions", "skills:list"]);
    expect(sections[1]?.text).toBe("# Skill api-conventions (preloaded)\n\nUse REST.");
  });
});
