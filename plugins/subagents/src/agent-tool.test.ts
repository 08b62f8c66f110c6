import { describe, expect, it } from "vitest";
import { createAgentTool } from "./agent-tool.ts";

describe("the Agent tool", () => {
  it("asks by default and shows as a step of thought in an editor (ACP's kind), with the agents in its description", () => {
    const tool = createAgentTool([{ name: "reviewer", description: "Reviews a diff.\nCarefully." } as never], async () => "done");
    expect(tool.permission).toBe("ask");
    expect(tool.kind).toBe("think");
    expect(tool.spec.description).toContain("- reviewer: Reviews a diff. Carefully.");
  });
});
