import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtinPlugin, bundleBuilt, startMaia } from "./testing/maia-terminal.ts";
import { tmuxAvailable, type TmuxTerminal } from "./testing/tmux-terminal.ts";

/** What a user reads, in each language (the seed's wording in French). */
const TEXT = {
  en: {
    inputHelp: "Your request — /help: help",
    levelTitle: "Where should the new agent go?",
    project: "❯ Project",
    nameQuestion: "Name of the new agent?",
    inputKeys: "Enter: confirm · Esc: cancel",
    badName: 'Invalid agent name "bad name": use only letters, digits, _ . and -.',
    created: 'Agent "helper" created:',
    answered: "◆ Name of the new agent?: helper",
    cancelled: "Agent creation cancelled.",
    declined: "◆ Name of the new agent?: cancelled",
    working: 'Sub-agent "helper" at work',
    thinking: "Thinking",
    finished: /Sub-agent "helper" finished in [\d.]+ s \(0 tool calls\)\./,
  },
  fr: {
    inputHelp: "Votre demande — /help : aide",
    levelTitle: "Où créer le nouvel agent ?",
    project: "❯ Projet",
    nameQuestion: "Nom du nouvel agent ?",
    inputKeys: "Entrée : valider · Échap : annuler",
    badName: "Nom d'agent invalide « bad name » : utilisez seulement des lettres, des chiffres, _ . et -.",
    created: "Agent « helper » créé :",
    answered: "◆ Nom du nouvel agent ? : helper",
    cancelled: "Création de l'agent annulée.",
    declined: "◆ Nom du nouvel agent ? : annulé",
    working: "Sous-agent « helper » au travail",
    thinking: "En réflexion",
    finished: /Sous-agent « helper » terminé en [\d.]+ s \(0 appel d'outil\)\./,
  },
} as const;

const AGENT = [
  "---",
  "name: helper",
  "description: Helps with the code",
  "---",
  "# Instructions system",
  "You help.",
  "# Missions",
  "Do the task.",
  "# Output",
  "One line.",
  "",
].join("\n");

const ready = tmuxAvailable() && bundleBuilt() && builtinPlugin("subagents");

let server: FakeLiteLLM;
let terminal: TmuxTerminal | undefined;

beforeEach(async () => {
  // The context size comes from /model/info: no request to the model asks for it (seed § 13.2).
  server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
});
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
  await server.close();
});

describe.each(["en", "fr"] as const)("sub-agents in a real terminal (%s)", (lang) => {
  const text = TEXT[lang];

  it.runIf(ready)("/createAgent without a name asks for it, asks again after a bad one, and creates the agent from the template", { timeout: 90_000 }, async () => {
    const maia = await startMaia(server, { lang });
    terminal = maia.terminal;
    await terminal.waitFor(text.inputHelp);

    await terminal.submit("/createAgent");
    expect(await terminal.waitFor(text.project)).toContain(text.levelTitle);
    await terminal.press("Enter"); // Project, the first choice
    await terminal.waitFor(`${text.nameQuestion}  ${text.inputKeys}`);
    await terminal.submit("bad name");
    await terminal.waitFor(text.badName);
    // The question comes back with the rejected name, to correct.
    await terminal.waitFor(`${text.nameQuestion} bad name`);
    await terminal.press("C-u");
    await terminal.waitFor(`${text.nameQuestion}  ${text.inputKeys}`);
    await terminal.submit("helper");
    const created = await terminal.waitFor(text.created);
    expect(created).toContain(text.answered);
    const file = path.join(maia.cwd, ".maia", "agents", "helper", "AGENT.md");
    expect(readFileSync(file, "utf8")).toMatch(/^name: helper$/m);
    await terminal.waitFor(text.inputHelp);

    // Ctrl+C at the question cancels the command, not MAIA.
    // (The earlier answers are still on screen: wait for the list and the question themselves.)
    await terminal.submit("/createAgent");
    await terminal.waitFor(text.project);
    await terminal.press("Enter");
    await terminal.waitFor(`${text.nameQuestion}  ${text.inputKeys}`);
    await terminal.type("other");
    await terminal.waitFor(`${text.nameQuestion} other`);
    await terminal.press("C-c");
    const cancelled = await terminal.waitFor(text.cancelled);
    expect(cancelled).toContain(text.declined);
    await terminal.waitFor(text.inputHelp);
    expect(await terminal.screen()).not.toMatch(/\[exited/);
    expect(existsSync(path.join(maia.cwd, ".maia", "agents", "other"))).toBe(false);

    await terminal.submit("/exit");
    expect(await terminal.exitCode()).toBe(0);
  });

  it.runIf(ready)("&helper shows « sub-agent at work » on the status line while the sub-agent works", { timeout: 90_000 }, async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The sub-agent's answer waits until the test has seen the status line.
    server.enqueue(async () => {
      await held;
      return { text: "Helper summary: all good." };
    });
    const cwd = mkdtempSync(path.join(os.tmpdir(), "maia-proj-"));
    mkdirSync(path.join(cwd, ".maia", "agents", "helper"), { recursive: true });
    writeFileSync(path.join(cwd, ".maia", "agents", "helper", "AGENT.md"), AGENT);
    const maia = await startMaia(server, { lang, cwd });
    terminal = maia.terminal;
    await terminal.waitFor(text.inputHelp);

    await terminal.submit("&helper check the code");
    try {
      const working = await terminal.waitFor(text.working);
      expect(working).not.toContain(text.thinking);
    } finally {
      release();
    }
    await terminal.waitFor("Helper summary: all good.");
    await terminal.waitFor(text.finished, { history: true });
    await terminal.waitFor(text.inputHelp);
    expect(await terminal.screen()).not.toContain(text.working);
    expect(JSON.stringify(server.chatBodies()[0]?.messages)).toContain("check the code");
  });
});
