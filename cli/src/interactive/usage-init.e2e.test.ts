import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtinPlugin, bundleBuilt, lastUserText } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt();
// The context size comes from /model/info, so that no scripted answer is taken by the question about it.
const bed = terminalPerTest({ models: ["fake-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

const TEXTS = {
  en: {
    input: "Your request — /help: help",
    usage: /fake-model: 1,234 in · 56 out · model calls: 1/,
    context: "Context now (counted here, o200k_base):",
    creating: "The model studies the project and writes MAIA.md",
    askKeys: "(y/n/s=stop)",
    yes: "y",
    request: "then write",
  },
  fr: {
    input: "Votre demande — /help : aide",
    usage: /fake-model : 1\s234 en entrée · 56 en sortie · appels au modèle : 1/,
    context: "Contexte actuel (compté ici, o200k_base) :",
    creating: "Le modèle étudie le projet et écrit MAIA.md",
    askKeys: "(o/n/s=stop)",
    yes: "o",
    request: "puis écris",
  },
} as const;

describe.skipIf(!ready)("/usage and /init in the terminal", { timeout: 120_000 }, () => {
  for (const lang of ["en", "fr"] as const) {
    const text = TEXTS[lang];
    it.runIf(builtinPlugin("context"))(`/usage shows the provider's tokens per model and the local count (${lang})`, async () => {
      bed.server.enqueue({ text: "Hi there.", usage: { prompt_tokens: 1_234, completion_tokens: 56 } });
      const { terminal } = await bed.start({ lang });
      await terminal.waitFor(text.input);
      await terminal.submit("hello");
      await terminal.waitFor("Hi there.");
      await terminal.waitFor(text.input);
      await terminal.submit("/usage");
      const shown = await terminal.waitFor(text.usage);
      expect(shown).toContain(text.context);
    });

    it.runIf(builtinPlugin("memory"))(`/init has the model write MAIA.md through Write, confirmed as usual (${lang})`, async () => {
      bed.server.enqueue(
        { toolCalls: [{ name: "Write", arguments: { path: "MAIA.md", content: "# Project\n\nRun `npm test`.\n" } }] },
        { text: "MAIA.md written." },
      );
      const { terminal, cwd } = await bed.start({ lang });
      await terminal.waitFor(text.input);
      await terminal.submit("/init");
      await terminal.waitFor(text.creating);
      await terminal.waitFor(text.askKeys);
      expect(existsSync(path.join(cwd, "MAIA.md"))).toBe(false);
      await terminal.press(text.yes);
      await terminal.waitFor("MAIA.md written.");
      expect(await readFile(path.join(cwd, "MAIA.md"), "utf8")).toBe("# Project\n\nRun `npm test`.\n");
      expect(lastUserText(bed.server.chatBodies()[0])).toContain(`${text.request} ${path.join(cwd, "MAIA.md")}`);
    });
  }
});
