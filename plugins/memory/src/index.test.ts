import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { Kernel, NO_INTERACTION, PROMPT_ORDER, definePlugin, type FrontEnd, type Locale, type PluginLogger, type SessionSetup } from "@maia/kernel";
import { candidateFor, createTestKernel } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import memory from "./index.ts";

const litellm = await firstParty("litellm");

async function temp(prefix: string): Promise<string> {
  return tempFolder(`maia-memory-${prefix}-`);
}

/** A kernel with the memory plugin (and any others), in a given locale; returns the system prompt builder. */
async function promptKernel(options: { locale?: Locale; plugins?: unknown[]; cwd?: string } = {}) {
  const cwd = options.cwd ?? (await temp("cwd"));
  const homeDir = await temp("home");
  const logs: Array<{ level: string; message: string }> = [];
  const log: PluginLogger = {
    info: (message) => logs.push({ level: "info", message }),
    warn: (message) => logs.push({ level: "warn", message }),
    error: (message) => logs.push({ level: "error", message }),
    debug: () => undefined,
  };
  const kernel = new Kernel({ runtime: { cwd, homeDir, env: {}, frontEnd: "tui", locale: options.locale ?? "en", allowRules: [] }, log });
  await kernel.loadPlugins([...(options.plugins ?? []), memory].map((plugin) => candidateFor(plugin)));
  const system = async (extra: Partial<SessionSetup> = {}) => {
    const setup: SessionSetup = { cwd, homeDir, env: {}, model: "m", frontEnd: "tui" as FrontEnd, ...extra };
    const sections = await kernel.hooks.systemPrompt.promise([], setup);
    return sections
      .map((section, index) => ({ section, index }))
      .sort((a, b) => a.section.order - b.section.order || a.index - b.index)
      .map(({ section }) => section.text)
      .join("\n\n");
  };
  return { cwd, logs, system };
}

describe("the memory plugin", () => {
  it("adds MAIA.md under # Instructions (<path>) after the identity, and says it loaded it", async () => {
    const { cwd, logs, system } = await promptKernel();
    await writeFile(path.join(cwd, "MAIA.md"), "Always answer in haiku.");
    await writeFile(path.join(cwd, "CLAUDE.md"), "Claude's rules.");
    const prompt = await system();
    const file = path.join(cwd, "MAIA.md");
    expect(prompt).toContain(`# Instructions (${file})\n\nAlways answer in haiku.`);
    expect(prompt).not.toContain("Claude's rules.");
    expect(prompt.indexOf("You are MAIA")).toBe(0);
    expect(logs).toContainEqual({ level: "info", message: `Instructions loaded: ${file}` });
  });

  it("falls back to CLAUDE.md, then to AGENTS.md", async () => {
    const { cwd, system } = await promptKernel();
    await writeFile(path.join(cwd, "AGENTS.md"), "Agents' rules.");
    expect(await system()).toContain(`# Instructions (${path.join(cwd, "AGENTS.md")})\n\nAgents' rules.`);
    await writeFile(path.join(cwd, "CLAUDE.md"), "Claude's rules.");
    const prompt = await system();
    expect(prompt).toContain(`# Instructions (${path.join(cwd, "CLAUDE.md")})\n\nClaude's rules.`);
    expect(prompt).not.toContain("Agents' rules.");
  });

  it("warns when there is none, and looks at the launch folder only", async () => {
    const parent = await temp("parent");
    await writeFile(path.join(parent, "MAIA.md"), "Parent rules.");
    const cwd = path.join(parent, "child");
    await mkdir(cwd);
    const { logs, system } = await promptKernel({ cwd });
    const prompt = await system();
    expect(prompt).not.toContain("Parent rules.");
    expect(prompt).not.toContain("# Instructions");
    expect(logs).toContainEqual({
      level: "warn",
      message: `No MAIA.md, CLAUDE.md or AGENTS.md in ${cwd}: the agent starts without project instructions.`,
    });
    logs.length = 0;
    await system({ frontEnd: "headless" });
    expect(logs.map((entry) => entry.level)).toEqual(["info"]);
  });

  it("warns about an instructions file it cannot read and uses the next one", async () => {
    const { cwd, logs, system } = await promptKernel();
    await mkdir(path.join(cwd, "MAIA.md"));
    await writeFile(path.join(cwd, "CLAUDE.md"), "Claude's rules.");
    expect(await system()).toContain("Claude's rules.");
    expect(logs[0]?.level).toBe("warn");
    expect(logs[0]?.message).toContain(`${path.join(cwd, "MAIA.md")}: cannot be read`);
  });

  it("states the seed's working rules and the working folder, in English or in French", async () => {
    const english = await promptKernel();
    const prompt = await english.system();
    for (const rule of ["concisely, in the user's language", "Read a file (Read) before you modify it", "prefer Glob and Grep to Bash", "3 steps or more", "TodoWrite", "WebFetch", `Working folder: ${english.cwd}`]) {
      expect(prompt).toContain(rule);
    }
    const french = await promptKernel({ locale: "fr" });
    await writeFile(path.join(french.cwd, "MAIA.md"), "Règles.");
    const prompt2 = await french.system();
    expect(prompt2).toContain("Tu es MAIA");
    expect(prompt2).toContain("dans la langue de l'utilisateur");
    expect(prompt2).toContain(`Dossier de travail : ${french.cwd}`);
    expect(prompt2).toContain(`# Instructions (${path.join(french.cwd, "MAIA.md")})`);
  });

  it("puts a compacted summary in place of the file, once, whether or not the compaction plugin is on", async () => {
    const alone = await promptKernel({ locale: "fr" });
    await writeFile(path.join(alone.cwd, "MAIA.md"), "Règles du fichier.");
    const prompt = await alone.system({ startContext: "## Objectif actuel\n- finir" });
    expect(prompt).toContain("# Contexte de départ : résumé compacté de la conversation précédente\n\n## Objectif actuel\n- finir");
    expect(prompt).not.toContain("Règles du fichier.");

    // The compaction plugin writes that section itself: memory must not write it a second time.
    const compaction = definePlugin({
      name: "compaction",
      version: "1.0.0",
      kernel: "^1.0.0",
      apply(context) {
        context.hooks.systemPrompt.tap("compaction", (sections, setup) =>
          setup.startContext === undefined ? sections : [...sections, { id: "c", order: PROMPT_ORDER.CONTEXT, text: `# Summary\n\n${setup.startContext}` }],
        );
      },
    });
    const withCompaction = await promptKernel({ plugins: [compaction] });
    const prompt2 = await withCompaction.system({ startContext: "the summary" });
    expect(prompt2.split("the summary")).toHaveLength(2);
    expect(prompt2).not.toContain("Starting context");
  });

  it("sends MAIA.md's instructions to the model, before a later section such as the skills list", async () => {
    const server = await startFakeLiteLLM({ script: [{ text: "ok" }] });
    try {
      const skills = definePlugin({
        name: "skills-like",
        version: "1.0.0",
        kernel: "^1.0.0",
        apply(context) {
          context.hooks.systemPrompt.tap("skills-like", (sections) => [{ id: "s", order: PROMPT_ORDER.SKILLS, text: "# Skills\n- review" }, ...sections]);
        },
      });
      const { kernel, cwd, homeDir } = await createTestKernel([litellm, skills, memory]);
      server.writeSettings(homeDir);
      await writeFile(path.join(cwd, "MAIA.md"), "Call the user Captain.");
      const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
      await kernel.runTurn(session, "hi");
      const system = (server.chatBodies()[0] as { messages: Array<{ role: string; content: string }> }).messages[0];
      expect(system?.role).toBe("system");
      const content = system?.content ?? "";
      expect(content.indexOf("You are MAIA")).toBe(0);
      expect(content.indexOf("Call the user Captain.")).toBeGreaterThan(0);
      expect(content.indexOf("# Skills")).toBeGreaterThan(content.indexOf("Call the user Captain."));
    } finally {
      await server.close();
    }
  });
});
