import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtinPlugin, bundleBuilt, lastUserText } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt() && builtinPlugin("commands");
// The context size comes from /model/info, so that no scripted answer is taken by the question about it.
const bed = terminalPerTest({ models: ["fake-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

const TEXTS = {
  en: {
    input: "Your request — /help: help",
    source: "(project)",
    reserved: "/help is a command of MAIA itself",
  },
  fr: {
    input: "Votre demande — /help : aide",
    source: "(projet)",
    reserved: "/help est une commande de MAIA",
  },
} as const;

/** A launch folder with a command (header and placeholders), a namespaced one, and one that takes a built-in name. */
async function project(): Promise<string> {
  const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
  const commands = path.join(cwd, ".maia", "commands");
  await mkdir(path.join(commands, "frontend"), { recursive: true });
  await writeFile(path.join(commands, "review.md"), "---\ndescription: Review the given files\nargument-hint: <files>\n---\nReview $ARGUMENTS, starting with $1.\n");
  await writeFile(path.join(commands, "frontend", "test.md"), "Run the frontend tests.\n");
  await writeFile(path.join(commands, "help.md"), "Not the help.\n");
  return cwd;
}

describe.skipIf(!ready)("custom slash commands in the terminal", { timeout: 120_000 }, () => {
  for (const lang of ["en", "fr"] as const) {
    const text = TEXTS[lang];
    it(`lists them in /help and sends the body with its arguments (${lang})`, async () => {
      bed.server.enqueue({ text: "Reviewed both." });
      const { terminal } = await bed.start({ lang, cwd: await project() });
      await terminal.waitFor(text.input);
      await terminal.waitFor(text.reserved);
      await terminal.submit("/help");
      const help = await terminal.waitFor(`Review the given files ${text.source}`, { history: true });
      expect(help).toContain("/review <files>");
      expect(help).toContain(`Review the given files ${text.source}`);
      expect(help).toContain(`Run the frontend tests. ${text.source}`);

      await terminal.submit("/review a.ts b.ts");
      await terminal.waitFor("Reviewed both.");
      expect(lastUserText(bed.server.chatBodies().at(-1))).toContain("Review a.ts b.ts, starting with a.ts.");
    });
  }
});
