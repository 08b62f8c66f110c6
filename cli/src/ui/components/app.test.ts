import { setActiveLocale } from "@maia/kernel";
import { render } from "ink-testing-library";
import { createElement } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadMarkdown } from "../markdown.ts";
import { UIStore } from "../ui-store.ts";
import { App } from "./app.tsx";

// eslint-disable-next-line no-control-regex -- ANSI sequences are what is removed.
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

function mount(env: NodeJS.ProcessEnv = {}) {
  const store = new UIStore({ streamFrameMs: 5 });
  const app = render(createElement(App, { store, env }));
  /** Everything written so far: in the testing library's debug mode each frame repeats the <Static> output. */
  const screen = () => stripAnsi(app.lastFrame() ?? "");
  return { store, app, screen };
}

beforeAll(() => loadMarkdown());
beforeEach(() => setActiveLocale("fr"));
afterEach(() => setActiveLocale(undefined));

describe("the interactive screen", () => {
  it("draws the full banner with the mask, the title, both texts and the launch folder", async () => {
    const { store, screen } = mount();
    store.add({ kind: "banner", cwd: "/tmp/projet" });
    await tick();
    expect(screen()).toContain("Assistant IA en ligne de commande, propulsé par Ink et vos");
    expect(screen()).toContain("Un seul agent, plusieurs modèles");
    expect(screen()).toContain("Dossier de travail : /tmp/projet");
    expect(screen()).toMatch(/[▀▄█]/);
  });

  it("lists queued requests under the log, dimmed, oldest first, with the keys to edit or drop them", async () => {
    const { store, screen } = mount();
    store.setBusy(true);
    for (const line of ["lance les tests", "puis corrige"]) {
      for (const character of line) store.handleKey({ input: character });
      store.handleKey({ input: "", return: true });
    }
    await tick();
    const shown = screen();
    expect(shown).toContain("⧗ en attente : lance les tests");
    expect(shown).toContain("⧗ en attente : puis corrige");
    expect(shown.indexOf("lance les tests")).toBeLessThan(shown.indexOf("puis corrige"));
    expect(shown).toContain("Échap : la retirer");
    store.handleKey({ input: "", escape: true });
    await tick();
    expect(screen()).not.toContain("puis corrige");
  });

  it("shows the input box with its dotted borders and help, and the typed text", async () => {
    const { store, app, screen } = mount();
    void store.readInput();
    await tick();
    expect(screen()).toContain("┈┈┈┈┈");
    expect(screen()).toContain("Votre demande — /help : aide · § : skills · Ctrl+C : quitter");
    app.stdin.write("bonjour");
    await tick();
    expect(screen()).toContain("bonjour");
    expect(screen()).not.toContain("Votre demande");
  });

  it("greys the box and shows « En réflexion » during a turn", async () => {
    const { store, screen } = mount();
    store.setBusy(true);
    store.setThinking(true);
    await tick();
    expect(screen()).toContain("Traitement en cours");
    expect(screen()).toContain("En réflexion");
  });

  it("shows the progress of parallel tools on the status line", async () => {
    const { store, screen } = mount();
    store.setBusy(true);
    store.setTools({ names: ["Read", "Grep", "Glob"], done: 1 });
    await tick();
    expect(screen()).toContain("Outils en parallèle : 1/3 terminés (Read, Grep, Glob)");
  });

  it("labels messages INFO, WARN and FAIL", async () => {
    const { store, screen } = mount();
    store.log("info", "chargé");
    store.log("warn", "attention");
    store.log("error", "échec");
    await tick();
    expect(screen()).toMatch(/INFO\s+chargé/);
    expect(screen()).toMatch(/WARN\s+attention/);
    expect(screen()).toMatch(/FAIL\s+échec/);
  });

  it("asks with ASK … (o/n/s=stop) in the input zone, then shows « ◆ question : choix »", async () => {
    const { store, app, screen } = mount();
    const answer = store.confirm("Autoriser Write : notes.txt ?", { allowStop: true });
    await tick();
    expect(screen()).toMatch(/ASK\s+Autoriser Write : notes\.txt \? \(o\/n\/s=stop\)/);
    app.stdin.write("o");
    await expect(answer).resolves.toBe("yes");
    await tick();
    expect(screen()).toContain("◆ Autoriser Write : notes.txt ? : oui");
    expect(screen()).not.toContain("(o/n/s=stop)");
  });

  it("asks a free-text question in the input zone, edits the answer there, then shows « ◆ question : réponse »", async () => {
    const { store, app, screen } = mount();
    store.setBusy(true);
    const answer = store.input("Nom du nouvel agent ?");
    await tick();
    expect(screen()).toMatch(/ASK\s+Nom du nouvel agent \? +Entrée : valider · Échap : annuler/);
    expect(screen()).not.toContain("Traitement en cours");
    expect(screen()).not.toContain("En réflexion");
    app.stdin.write("relecteur");
    await tick();
    app.stdin.write("\u0001"); // Ctrl+A
    await tick();
    app.stdin.write("mon-");
    await tick();
    expect(screen()).toMatch(/ASK\s+Nom du nouvel agent \? mon-relecteur/);
    expect(screen()).not.toContain("Entrée : valider");
    app.stdin.write("\r");
    await expect(answer).resolves.toBe("mon-relecteur");
    await tick();
    expect(screen()).toContain("◆ Nom du nouvel agent ? : mon-relecteur");
    expect(screen()).toContain("Traitement en cours");
  });

  it("declines a free-text question on Ctrl+C, which does not leave MAIA", async () => {
    const { store, app, screen } = mount();
    let interrupted = 0;
    store.setInterruptHandler(() => (interrupted += 1));
    store.setBusy(true);
    const answer = store.input("Nom du nouvel agent ?");
    await tick();
    app.stdin.write("abc");
    await tick();
    app.stdin.write("\u0003"); // Ctrl+C
    await expect(answer).resolves.toBeUndefined();
    await tick();
    expect(interrupted).toBe(0);
    expect(screen()).toContain("◆ Nom du nouvel agent ? : annulé");
    expect(screen()).toContain("Traitement en cours");
  });

  it("shows the label of a sub-agent at work on the status line, then « En réflexion » again", async () => {
    const { store, screen } = mount();
    store.setBusy(true);
    store.setThinking(true);
    const end = store.beginActivity("Sous-agent « relecteur » au travail");
    await tick();
    expect(screen()).toContain("Sous-agent « relecteur » au travail");
    expect(screen()).not.toContain("En réflexion");
    end();
    await tick();
    expect(screen()).not.toContain("Sous-agent « relecteur » au travail");
    expect(screen()).toContain("En réflexion");
  });

  it("shows a list in a window of 10 lines and moves with the arrows", async () => {
    const { store, app, screen } = mount();
    const choices = Array.from({ length: 15 }, (_, index) => ({ label: `modele-${index}`, hint: index === 0 ? "actuel" : undefined }));
    const chosen = store.select("Choisissez un modèle", choices.map((choice) => (choice.hint ? choice : { label: choice.label })));
    await tick();
    expect(screen()).toContain("❯ modele-0 actuel");
    expect(screen()).toContain("modele-9");
    expect(screen()).not.toContain("modele-10");
    expect(screen()).toContain("↓ 5 de plus");
    for (let step = 0; step < 12; step += 1) app.stdin.write("\u001B[B");
    await tick();
    expect(screen()).toContain("❯ modele-12");
    expect(screen()).not.toMatch(/modele-1\b/);
    app.stdin.write("\r");
    await expect(chosen).resolves.toBe(12);
  });

  it("draws the context bar with one square per 10,000 tokens and the label", async () => {
    const { store, screen } = mount();
    store.setContext({ tokens: 45_700, max: 200_000 });
    await tick();
    const line = screen().split("\n").find((row) => row.includes("45.7k / 200k · 23%")) ?? "";
    expect((line.match(/■/g) ?? []).length).toBe(20);
    store.setContext({ tokens: 1_234 });
    await tick();
    expect(screen()).toContain("1.23k tokens · taille maximale inconnue");
  });

  it("formats each line of a streamed answer as it closes, the open block as written, its last rows only", async () => {
    const { store, screen } = mount();
    store.setBusy(true);
    store.appendText("**fini**\n\n```ts\n");
    store.appendText(Array.from({ length: 80 }, (_, index) => `code ${index}`).join("\n"));
    await tick();
    expect(screen()).toContain("fini");
    expect(screen()).not.toContain("**fini**");
    // The code block is not closed: as written, only its last rows.
    expect(screen()).toContain("code 79");
    expect(screen()).not.toContain("code 0\n");
    expect(screen()).toMatch(/… \d+ lignes au-dessus/);
    store.appendText("\n```\nla **fin**");
    store.endText();
    await tick();
    expect(screen()).toContain("code 0");
    expect(screen()).toContain("la fin");
    expect(screen()).not.toContain("```");
  });

  it("keeps the answer as written with MAIA_NO_MARKDOWN=1", async () => {
    const { store, screen } = mount({ MAIA_NO_MARKDOWN: "1" });
    store.add({ kind: "markdown", text: "du **gras**" });
    await tick();
    expect(screen()).toContain("du **gras**");
  });

  it("shows the rules of /permissions with their badges, file by file", async () => {
    const { store, screen } = mount();
    store.add({
      kind: "permissions",
      block: {
        files: [
          { path: "/home/u/.maia/settings.json", found: true, rules: [{ label: "DENY", rule: "Bash(rm *)" }, { label: "ALLOW", rule: "Read" }] },
          { path: "/p/.maia/settings.json", found: false, rules: [] },
        ],
      },
    });
    await tick();
    expect(screen()).toMatch(/DENY\s+Bash\(rm \*\)/);
    expect(screen()).toMatch(/ALLOW\s+Read/);
    expect(screen()).toContain("/p/.maia/settings.json (fichier absent)");
  });

  it("lays /help out in two columns, a name too wide for its column on a line of its own", async () => {
    const { store, screen } = mount();
    const wide = "/mcp [reconnect|login|logout <nom>]";
    store.add({
      kind: "help",
      block: {
        groups: [
          {
            title: "Commandes",
            items: [
              { name: "/compact", description: "résume la conversation" },
              { name: wide, description: "serveurs MCP" },
            ],
          },
        ],
      },
    });
    await tick();
    const lines = screen().split("\n");
    expect(lines).toContain(`  /compact${" ".repeat(16)}résume la conversation`);
    // The whole name on one line, its description under the description column (2 + 24 columns in).
    expect(lines).toContain(`  ${wide}`);
    expect(lines[lines.indexOf(`  ${wide}`) + 1]).toBe(`${" ".repeat(26)}serveurs MCP`);
  });

  it("speaks English with the English keys", async () => {
    setActiveLocale("en");
    const { store, screen } = mount();
    void store.confirm("Allow Bash: ls?", { allowStop: true });
    await tick();
    expect(screen()).toContain("(y/n/s=stop)");
    store.handleKey({ input: "y" });
    store.setBusy(true);
    store.setThinking(true);
    await tick();
    expect(screen()).toContain("Thinking");
    expect(screen()).toContain("◆ Allow Bash: ls?: yes");
    const name = store.input("Name of the new agent?");
    await tick();
    expect(screen()).toMatch(/ASK\s+Name of the new agent\? +Enter: confirm · Esc: cancel/);
    store.handleKey({ input: "helper" });
    store.handleKey({ input: "", return: true });
    await expect(name).resolves.toBe("helper");
    await tick();
    expect(screen()).toContain("◆ Name of the new agent?: helper");
  });
});
