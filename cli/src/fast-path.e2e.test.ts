import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

// `maia --help` and `maia --version` alone are answered by the bundle's entry before the CLI is loaded (entry.ts);
// with other words the CLI parses the line and loads the plugins. Both must say the same.
describe("the fast --help and --version", () => {
  it("prints the same help as the CLI that loaded its plugins, subcommands included", async () => {
    const fast = await runMaia(["--help"], bed);
    const loaded = await runMaia(["--model", "fake-model", "--help"], bed);
    expect(fast.code).toBe(0);
    expect(fast.stdout).toContain("subcommands added by plugins: plugins, permissions, sandbox, mcp, checkpoints, hooks, doctor, hub");
    expect(fast.stdout).toBe(loaded.stdout);
    expect((await runMaia(["-h"], bed)).stdout).toBe(loaded.stdout);
  });

  it("prints the help in French when the locale says so", async () => {
    const run = await runMaia(["--help"], { ...bed, env: { MAIA_LANG: "fr" } });
    expect(run.stdout).toMatch(/^Utilisation :/);
  });

  it("prints the version alone, as with other options", async () => {
    const fast = await runMaia(["--version"], bed);
    expect(fast.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect((await runMaia(["--model", "fake-model", "--version"], bed)).stdout).toBe(fast.stdout);
  });
});
