import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agentNameProblem } from "./agent-name.ts";

describe("agent names (seed § 20.1b)", () => {
  it("accepts letters, digits, _ . and -", () => {
    for (const name of ["reviewer", "test-runner", "v1.2_beta", "Ré-vision", "A", "x".repeat(64)]) expect(agentNameProblem(name)).toBeUndefined();
  });

  it("says what is wrong with a name it refuses", () => {
    expect(agentNameProblem("")).toBe("empty");
    expect(agentNameProblem("x".repeat(65))).toBe("tooLong");
    expect(agentNameProblem(".hidden")).toBe("leadingDot");
    expect(agentNameProblem("..")).toBe("leadingDot");
    expect(agentNameProblem("my agent")).toBe("characters");
    expect(agentNameProblem("a/b")).toBe("characters");
    expect(agentNameProblem("a\\b")).toBe("characters");
  });

  it("never accepts a name that could leave its folder or hide it", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (name) => {
        if (agentNameProblem(name) !== undefined) return;
        expect(name).not.toMatch(/[\\/\s:*?"<>|]/);
        expect(name.startsWith(".")).toBe(false);
        expect([...name].length).toBeLessThanOrEqual(64);
      }),
    );
  });
});
