import { cp, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { loadSkills } from "./load-skills.ts";
import { skillFile, tempFolder, writeSkill } from "./testing/fixtures.ts";

let parent: string;
let cwd: string;
let home: string;
const maia = (base: string) => path.join(base, ".maia", "skills");
const claude = (base: string) => path.join(base, ".claude", "skills");

beforeEach(async () => {
  parent = await tempFolder("parent");
  cwd = path.join(parent, "project");
  await mkdir(cwd);
  home = await tempFolder("home");
});

describe("loadSkills", () => {
  it("reads the three MAIA locations and the two .claude ones, sorted by name", async () => {
    await writeSkill(maia(cwd), "zeta", skillFile("Project skill", "p"));
    await writeSkill(maia(parent), "mid", skillFile("Parent skill", "m"));
    await writeSkill(maia(home), "alpha", skillFile("User skill", "u"));
    await writeSkill(claude(cwd), "beta", skillFile("Claude project skill", "cp"));
    await writeSkill(claude(home), "gamma", skillFile("Claude user skill", "cu"));
    const { skills, warnings } = await loadSkills(cwd, home);
    expect(skills.map((skill) => [skill.name, skill.source])).toEqual([
      ["alpha", "user"],
      ["beta", "claude-project"],
      ["gamma", "claude-user"],
      ["mid", "parent"],
      ["zeta", "project"],
    ]);
    expect(warnings).toEqual([]);
  });

  it("lets the most specific location win, every MAIA one above .claude, silently", async () => {
    for (const [root, label] of [
      [claude(home), "claude-user"],
      [claude(cwd), "claude-project"],
      [maia(home), "user"],
      [maia(parent), "parent"],
    ] as const) {
      await writeSkill(root, "review", skillFile(label, label));
      const { skills, warnings } = await loadSkills(cwd, home);
      expect(skills.map((skill) => skill.description)).toEqual([label]);
      expect(warnings).toEqual([]);
    }
    await writeSkill(maia(cwd), "review", skillFile("project", "project"));
    expect((await loadSkills(cwd, home)).skills.map((skill) => skill.source)).toEqual(["project"]);
  });

  it("keeps the instructions, and accepts skill.md in lower case", async () => {
    await writeSkill(maia(cwd), "lower", "---\ndescription: >\n  Folded\n  description\n---\n\nStep 1.\nStep 2.\n", "skill.md");
    const { skills } = await loadSkills(cwd, home);
    expect(skills[0]).toMatchObject({ name: "lower", description: "Folded description", body: "Step 1.\nStep 2." });
  });

  it("warns with the file and the line when the header is broken or has no description, and loads the others", async () => {
    const noHeader = await writeSkill(maia(cwd), "a-plain", "# Title\nDo things.\n");
    const broken = await writeSkill(maia(cwd), "b-broken", "---\ndescription: x\ntags: [a\n---\nbody\n");
    const empty = await writeSkill(maia(cwd), "c-empty", "---\nname: c-empty\n---\nbody\n");
    await writeSkill(maia(cwd), "d-good", skillFile("Good", "body"));
    const { skills, warnings } = await loadSkills(cwd, home);
    expect(skills.map((skill) => skill.name)).toEqual(["d-good"]);
    expect(warnings).toEqual([
      `${noHeader} (line 1): no YAML header: start the file with a line ---, then description: …, then a line --- — this skill is not loaded.`,
      expect.stringMatching(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(line [34]\\): invalid YAML header: .+ — this skill is not loaded\\.$`)),
      `${empty} (line 1): the header has no description: add description: <what the skill is for> — this skill is not loaded.`,
    ]);
  });

  it("uses the folder's name when the header's name differs, with a warning", async () => {
    const file = await writeSkill(maia(cwd), "deploy", skillFile("Deploys", "body", "name: ship\n"));
    const { skills, warnings } = await loadSkills(cwd, home);
    expect(skills.map((skill) => skill.name)).toEqual(["deploy"]);
    expect(warnings).toEqual([`${file}: name "ship" differs from the folder "deploy"; the folder's name is used. Make them equal.`]);
  });

  it("warns about a skill folder without SKILL.md and a folder name that § could not reach", async () => {
    await mkdir(path.join(maia(cwd), "empty"), { recursive: true });
    const spaced = await writeSkill(maia(cwd), "two words", skillFile("x", "y"));
    const { skills, warnings } = await loadSkills(cwd, home);
    expect(skills).toEqual([]);
    expect(warnings).toEqual([
      `${path.join(maia(cwd), "empty")}: no SKILL.md in this skill folder — add one (a YAML header with a description, then the instructions) or remove the folder.`,
      `${spaced}: the folder name "two words" cannot be a skill name: use letters, digits, _ . : or - (no spaces, 64 at most) — this skill is not loaded.`,
    ]);
  });

  it("loads the example skill shipped in examples/skills", async () => {
    const examples = fileURLToPath(new URL("../../../examples/skills/code-review", import.meta.url));
    await cp(examples, path.join(maia(cwd), "code-review"), { recursive: true });
    const { skills, warnings } = await loadSkills(cwd, home);
    expect(warnings).toEqual([]);
    expect(skills[0]).toMatchObject({ name: "code-review", source: "project" });
    expect(skills[0]?.body).toContain("Review $ARGUMENTS");
  });

  it("reads a folder once when the launch folder is the home folder", async () => {
    await writeSkill(maia(home), "solo", skillFile("Solo", "s"));
    await writeSkill(claude(home), "solo-claude", skillFile("Claude", "c"));
    const { skills, warnings } = await loadSkills(home, home);
    expect(skills.map((skill) => [skill.name, skill.source])).toEqual([
      ["solo", "project"],
      ["solo-claude", "claude-project"],
    ]);
    expect(warnings).toEqual([]);
  });
});

describe("skills of Claude Code plugins (contributed folders)", () => {
  it("are named <plugin>:<folder>; one skill's folder may be given alone; ${CLAUDE_PLUGIN_ROOT} replaced", async () => {
    const root = await tempFolder("plugin");
    await writeSkill(path.join(root, "skills"), "style", skillFile("Style guide", "Use ${CLAUDE_PLUGIN_ROOT}/rules.txt"));
    await writeSkill(path.join(root, "extra"), "one", skillFile("One skill", "One."));
    const origin = { id: "fmt@team", namespace: "fmt", variables: { CLAUDE_PLUGIN_ROOT: root } };
    const { skills } = await loadSkills(cwd, home, [
      { ...origin, path: path.join(root, "skills"), single: false },
      { ...origin, path: path.join(root, "extra", "one"), single: true },
    ]);
    const plugin = skills.filter((skill) => skill.source === "plugin");
    expect(plugin.map((skill) => [skill.name, skill.plugin, skill.body])).toEqual([
      ["fmt:one", "fmt@team", "One."],
      ["fmt:style", "fmt@team", `Use ${root}/rules.txt`],
    ]);
  });
});
