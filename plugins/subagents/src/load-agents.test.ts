import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { setActiveLocale } from "@maia/kernel";
import { loadAgents } from "./load-agents.ts";
import { agentFile, projectAgents, tempFolder, userAgents, writeAgent } from "./testing/agents.ts";

beforeAll(() => setActiveLocale("en"));

describe("loading the agents (seed § 20.1)", () => {
  it("reads the user's agents, then the project's, which win at equal name; sorted by name", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    await writeAgent(userAgents(home), "zeta");
    await writeAgent(userAgents(home), "reviewer", agentFile("reviewer", { description: "user's reviewer" }));
    await writeAgent(projectAgents(cwd), "reviewer", agentFile("reviewer", { description: "project's reviewer" }));
    await writeAgent(projectAgents(cwd), "alpha");
    const { agents, warnings } = await loadAgents(cwd, home);
    expect(warnings).toEqual([]);
    expect(agents.map((agent) => [agent.name, agent.level, agent.description])).toEqual([
      ["alpha", "project", "The alpha agent"],
      ["reviewer", "project", "project's reviewer"],
      ["zeta", "user", "The zeta agent"],
    ]);
  });

  it("reads the folder once when the launch folder is the home folder", async () => {
    const home = await tempFolder("same");
    await writeAgent(userAgents(home), "solo", agentFile("solo", { header: "name: again" }));
    const { agents, warnings } = await loadAgents(home, home);
    expect(agents).toEqual([]);
    expect(warnings).toHaveLength(1);
    await writeAgent(userAgents(home), "solo");
    const second = await loadAgents(home, home);
    expect(second.agents.map((agent) => [agent.name, agent.level])).toEqual([["solo", "project"]]);
  });

  it("skips a broken agent with a precise warning and loads the others", async () => {
    const home = await tempFolder("home");
    const cwd = await tempFolder("cwd");
    const broken = await writeAgent(projectAgents(cwd), "broken", "---\nname: broken\n---\n# Missions\nx\n");
    await writeAgent(projectAgents(cwd), "good");
    await mkdir(path.join(projectAgents(cwd), "empty"), { recursive: true });
    await writeFile(path.join(projectAgents(cwd), "stray.md"), "not a folder");
    const { agents, warnings } = await loadAgents(cwd, home);
    expect(agents.map((agent) => agent.name)).toEqual(["good"]);
    expect(warnings).toEqual([
      `${broken}: the header has no description: add description: <when the main agent should call this agent> — this agent is not loaded.`,
      `${path.join(projectAgents(cwd), "empty")}: no AGENT.md in this agent folder — add one (/createAgent empty writes it) or remove the folder.`,
    ]);
  });

  it("has no agents and no warning when neither folder exists", async () => {
    expect(await loadAgents(await tempFolder("cwd"), await tempFolder("home"))).toEqual({ agents: [], warnings: [] });
  });
});
