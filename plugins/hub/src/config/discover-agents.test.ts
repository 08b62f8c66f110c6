import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { discoverAgents } from "./discover-agents.ts";
import type { AgentDefinition } from "./hub-config.ts";

describe("ConfigService.Discover", () => {
  it("offers this MAIA, and each known ACP agent found on PATH with its documented arguments", async () => {
    const bin = await tempFolder("maia-hub-discover-");
    for (const name of ["gemini", "opencode", "codex-acp"]) {
      await writeFile(path.join(bin, name), "#!/bin/sh\n");
      await chmod(path.join(bin, name), 0o755);
    }
    // Not executable: not offered.
    await writeFile(path.join(bin, "qwen"), "");
    await mkdir(path.join(bin, "claude-code-acp"));
    const maia = { command: "/usr/bin/node", args: ["/opt/maia/maia.js", "acp"] };
    const configured: AgentDefinition[] = [
      { name: "my-gemini", title: "", icon: "", description: "", command: "gemini", args: ["--experimental-acp"], env: {}, cwd: bin },
    ];
    const found = discoverAgents(maia, bin, bin, configured);
    expect(found.map((agent) => [agent.id, agent.command, agent.args, agent.found, agent.configured])).toEqual([
      ["maia", "/usr/bin/node", ["/opt/maia/maia.js", "acp"], "/usr/bin/node", ""],
      ["gemini", "gemini", ["--experimental-acp"], path.join(bin, "gemini"), "my-gemini"],
      ["opencode", "opencode", ["acp"], path.join(bin, "opencode"), ""],
      ["codex", "codex-acp", [], path.join(bin, "codex-acp"), ""],
    ]);
    expect(found[0]).toMatchObject({ title: "MAIA", description: "This MAIA, in ACP mode", icon: "🤖" });
  });
});
