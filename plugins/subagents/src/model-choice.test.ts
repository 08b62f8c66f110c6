import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseSubAgentModel } from "./model-choice.ts";

const LIST = ["claude-sonnet-4", "gpt-4o", "gpt-4o-mini", "ollama/qwen3:8b"];

describe("the sub-agent's model (seed § 20.2, resolveSubAgentModel)", () => {
  it("uses the parent's model when the definition names none", () => {
    expect(chooseSubAgentModel(undefined, undefined, "litellm:main")).toEqual({ via: "parent", model: "litellm:main" });
    expect(chooseSubAgentModel("  ", LIST, "main")).toEqual({ via: "parent", model: "main" });
  });

  it("takes the exact id first, even when another id contains it", () => {
    expect(chooseSubAgentModel("gpt-4o", LIST, "main")).toEqual({ via: "exact", model: "gpt-4o" });
    expect(chooseSubAgentModel("litellm:gpt-4o", LIST, "main")).toEqual({ via: "exact", model: "gpt-4o" });
    expect(chooseSubAgentModel("GPT-4O", LIST, "main")).toEqual({ via: "exact", model: "gpt-4o" });
  });

  it("then the first id that contains the fragment, without case", () => {
    expect(chooseSubAgentModel("sonnet", LIST, "main")).toEqual({ via: "fragment", model: "claude-sonnet-4" });
    expect(chooseSubAgentModel("QWEN3", LIST, "main")).toEqual({ via: "fragment", model: "ollama/qwen3:8b" });
    expect(chooseSubAgentModel("mini", LIST, "main")).toEqual({ via: "fragment", model: "gpt-4o-mini" });
  });

  it("falls back on the parent's model, saying why", () => {
    expect(chooseSubAgentModel("mistral", LIST, "main")).toEqual({ via: "fallback", model: "main", reason: "no_match" });
    expect(chooseSubAgentModel("gpt-4o", undefined, "main")).toEqual({ via: "fallback", model: "main", reason: "no_list" });
  });

  it("always returns a model of the list or the parent's", () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 12 }), { nil: undefined }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 6 }), (wanted, list) => {
        const choice = chooseSubAgentModel(wanted, list, "parent-model");
        if (choice.via === "exact" || choice.via === "fragment") {
          expect(list).toContain(choice.model);
          expect(choice.model.toLowerCase()).toContain((wanted ?? "").trim().replace(/^litellm:/i, "").trim().toLowerCase());
        } else expect(choice.model).toBe("parent-model");
      }),
    );
  });
});
