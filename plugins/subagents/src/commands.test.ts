import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { commandContext, createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { NO_INTERACTION, setActiveLocale, type AgentSession, type InteractionPort } from "@maia/kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import subagents from "./index.ts";
import { CLI_SOURCE, tempFolder } from "./testing/agents.ts";

const litellm = await firstParty("litellm");

let server: FakeLiteLLM;
beforeEach(async () => {
  server = await startFakeLiteLLM();
});
afterEach(async () => {
  setActiveLocale(undefined);
  await server.close();
});

async function setup(lang: "en" | "fr") {
  setActiveLocale(lang);
  const cwd = await tempFolder("cwd");
  const homeDir = await tempFolder("home");
  const { kernel } = await createTestKernel([litellm, { plugin: subagents, options: { program: CLI_SOURCE, execArgv: [] } }], {
    cwd,
    homeDir,
    frontEnd: "tui",
    env: { MAIA_LANG: lang },
  });
  server.writeSettings(homeDir);
  const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
  const create = kernel.plugins.commands.get("createAgent");
  if (!create) throw new Error("no /createAgent");
  return { cwd, homeDir, session, create };
}

/**
 * A front end that can ask for text: the level list answers `level`, the free-text questions answer from
 * `answers` in order (undefined: the user declined). Both are recorded.
 */
function frontEnd(level: string | undefined, answers: Array<string | undefined>) {
  const asked: Array<{ question: string; initial?: string }> = [];
  const lists: string[] = [];
  const interaction: InteractionPort = {
    canAsk: true,
    confirm: async () => false,
    select: async (title) => {
      lists.push(title);
      return level as never;
    },
    input: async (question, options) => {
      asked.push(options?.initial === undefined ? { question } : { question, initial: options.initial });
      return answers.shift();
    },
  };
  return { interaction, asked, lists };
}

const run = (session: AgentSession, args: string, interaction: InteractionPort) => commandContext(session, args, interaction);

const exists = (file: string) => access(file).then(() => true, () => false);

describe("/createAgent without a name (seed § 20.1b)", () => {
  it("asks for it after the level, checks it as a given name, asks again with the bad name to correct, then creates the agent", async () => {
    const { cwd, session, create } = await setup("en");
    const root = path.join(cwd, ".maia", "agents");
    const user = frontEnd(root, ["  my agent ", ".hidden", " reviewer "]);
    const { context, lines } = run(session, "", user.interaction);
    await create.run(context);
    expect(user.lists).toEqual(["Where should the new agent go?"]);
    expect(user.asked).toEqual([
      { question: "Name of the new agent?" },
      { question: "Name of the new agent?", initial: "my agent" },
      { question: "Name of the new agent?", initial: ".hidden" },
    ]);
    const file = path.join(root, "reviewer", "AGENT.md");
    expect(lines).toEqual([
      'FAIL Invalid agent name "my agent": use only letters, digits, _ . and -.',
      'FAIL Invalid agent name ".hidden": it starts with a dot.',
      `INFO Agent "reviewer" created: ${file}. Edit it, then /clear or /new (or restart MAIA) to load it.`,
    ]);
    expect(await readFile(file, "utf8")).toMatch(/^name: reviewer$/m);
  });

  it("is cancelled by a declined question or an empty answer, and by a cancelled level before any question", async () => {
    const { cwd, session, create } = await setup("en");
    const root = path.join(cwd, ".maia", "agents");
    for (const answer of [undefined, "   "]) {
      const user = frontEnd(root, [answer]);
      const { context, lines } = run(session, "", user.interaction);
      await create.run(context);
      expect(lines).toEqual(["INFO Agent creation cancelled."]);
      expect(user.asked).toHaveLength(1);
    }
    const noLevel = frontEnd(undefined, ["helper"]);
    const { context, lines } = run(session, "", noLevel.interaction);
    await create.run(context);
    expect(lines).toEqual(["INFO Agent creation cancelled."]);
    expect(noLevel.asked).toEqual([]);
    expect(await exists(root)).toBe(false);
  });

  it("asks nothing when the name comes with the command, and refuses a bad one at once", async () => {
    const { cwd, session, create } = await setup("en");
    const user = frontEnd(path.join(cwd, ".maia", "agents"), ["never-used"]);
    const bad = run(session, "bad/name", user.interaction);
    await create.run(bad.context);
    expect(bad.lines).toEqual(['FAIL Invalid agent name "bad/name": use only letters, digits, _ . and -.']);
    const good = run(session, "helper", user.interaction);
    await create.run(good.context);
    expect(good.lines[0]).toMatch(/^INFO Agent "helper" created: /);
    expect(user.asked).toEqual([]);
  });

  it("keeps asking for the name on the command line where no text can be asked (headless, ACP)", async () => {
    const { cwd, session, create } = await setup("en");
    const { context, lines } = run(session, "", NO_INTERACTION);
    await create.run(context);
    expect(lines).toEqual(["FAIL Give the new agent's name: /createAgent <name> (letters, digits, _ . -; 64 at most)."]);
    expect(await exists(path.join(cwd, ".maia", "agents"))).toBe(false);
  });

  it("speaks French", async () => {
    const { homeDir, session, create } = await setup("fr");
    const root = path.join(homeDir, ".maia", "agents");
    const user = frontEnd(root, ["mauvais nom", "relecteur"]);
    const { context, lines } = run(session, "", user.interaction);
    await create.run(context);
    expect(user.lists).toEqual(["Où créer le nouvel agent ?"]);
    expect(user.asked.map((entry) => entry.question)).toEqual(["Nom du nouvel agent ?", "Nom du nouvel agent ?"]);
    const file = path.join(root, "relecteur", "AGENT.md");
    expect(lines).toEqual([
      "FAIL Nom d'agent invalide « mauvais nom » : utilisez seulement des lettres, des chiffres, _ . et -.",
      `INFO Agent « relecteur » créé : ${file}. Modifiez-le, puis /clear ou /new (ou relancez MAIA) pour le charger.`,
    ]);
    const headless = run(session, "", NO_INTERACTION);
    await create.run(headless.context);
    expect(headless.lines).toEqual(["FAIL Donnez le nom du nouvel agent : /createAgent <nom> (lettres, chiffres, _ . - ; 64 au plus)."]);
  });
});
