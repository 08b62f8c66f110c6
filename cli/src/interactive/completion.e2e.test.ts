import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleBuilt, lastUserText } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable, type TmuxTerminal } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt();
// The context size comes from /model/info, so that no scripted answer is taken by the question about it.
const bed = terminalPerTest({ models: ["fake-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

const TEXTS = {
  en: { input: "Your request — /help: help", help: "help (commands, skills)", review: "Review the given files (project)" },
  fr: { input: "Votre demande — /help : aide", help: "aide (commandes, skills)", review: "Review the given files (projet)" },
} as const;

/** One line of the list: the item alone on its row (tmux trims the blanks that end a line). */
const row = (value: string) => new RegExp(`^ ${value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\s*$`, "m");
const rowAt = (screen: string, value: string) => screen.search(row(value));
const hex = (char: string) => char.charCodeAt(0).toString(16).padStart(2, "0");

async function project(): Promise<string> {
  const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
  for (const file of ["src/app.ts", "src/apple/core.ts", "README.md", "dist/bundle.js"]) {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), `// ${file}\n`);
  }
  await writeFile(path.join(cwd, ".gitignore"), "dist/\n");
  await mkdir(path.join(cwd, ".maia", "commands"), { recursive: true });
  await mkdir(path.join(cwd, ".maia", "skills", "haiku"), { recursive: true });
  await writeFile(path.join(cwd, ".maia", "skills", "haiku", "SKILL.md"), "---\ndescription: Writes a haiku about a subject\n---\nWrite a haiku.\n");
  await mkdir(path.join(cwd, ".maia", "agents", "reviewer"), { recursive: true });
  await writeFile(path.join(cwd, ".maia", "agents", "reviewer", "AGENT.md"), "---\nname: reviewer\ndescription: Reviews code changes\n---\n\n# Instructions system\nYou review code.\n\n# Missions\nReview the changes.\n\n# Output\nA list of findings.\n");
  await writeFile(path.join(cwd, ".maia", "commands", "review.md"), "---\ndescription: Review the given files\n---\nReview $ARGUMENTS.\n");
  return cwd;
}

/** Ends the line the completion helped to write and checks what the model got: `explain @src/app.ts now`. */
async function sendsExplainAppNow(terminal: TmuxTerminal): Promise<void> {
  await terminal.type("now");
  await terminal.press("Enter");
  await terminal.waitFor("Explained.");
  expect(lastUserText(bed.server.chatBodies().at(-1))).toContain("explain @src/app.ts now");
}

describe.skipIf(!ready)("completion in the input box, in a real terminal", { timeout: 120_000 }, () => {
  for (const lang of ["en", "fr"] as const) {
    const text = TEXTS[lang];
    it(`completes @ paths as the user types, folders first, .gitignore honoured (${lang})`, async () => {
      bed.server.enqueue({ text: "Explained." });
      const { terminal } = await bed.start({ lang, cwd: await project() });
      await terminal.waitFor(text.input);
      await terminal.type("explain @");
      const top = await terminal.waitFor(row("@README.md"));
      expect(rowAt(top, "@src/")).toBeGreaterThan(-1);
      expect(rowAt(top, "@src/")).toBeLessThan(rowAt(top, "@README.md"));
      expect(top).not.toContain("dist/");
      await terminal.type("sr");
      await terminal.waitForGone(row("@README.md"));
      await terminal.press("Tab");
      // Inside the folder: its own entries, the sub-folder first.
      const inside = await terminal.waitFor(row("@src/apple/"));
      expect(rowAt(inside, "@src/app.ts")).toBeGreaterThan(rowAt(inside, "@src/apple/"));
      await terminal.type("app.t");
      await terminal.press("Enter");
      await terminal.waitForGone(row("@src/app.ts"));
      await sendsExplainAppNow(terminal);
    });

    it(`matches paths fuzzily, and ↓/↑ choose the item Enter takes (${lang})`, async () => {
      bed.server.enqueue({ text: "Explained." });
      const { terminal } = await bed.start({ lang, cwd: await project() });
      await terminal.waitFor(text.input);
      await terminal.type("explain @apcor");
      await terminal.waitFor(row("@src/apple/core.ts"));
      await terminal.press("C-u");
      await terminal.waitForGone(row("@src/apple/core.ts"));
      await terminal.type("explain @src/");
      const inside = await terminal.waitFor(row("@src/app.ts"));
      expect(rowAt(inside, "@src/apple/")).toBeLessThan(rowAt(inside, "@src/app.ts"));
      // The first item is chosen; ↓ ↓ ↑ ends on the second.
      await terminal.press("Down");
      await terminal.press("Down");
      await terminal.press("Up");
      await terminal.press("Enter");
      await terminal.waitForGone(row("@src/app.ts"));
      await sendsExplainAppNow(terminal);
    });

    it(`gives Tab and Enter to the list when they arrive in one read with the letters typed before them (${lang})`, async () => {
      bed.server.enqueue({ text: "Explained." });
      const { terminal } = await bed.start({ lang, cwd: await project() });
      await terminal.waitFor(text.input);
      await terminal.type("explain @");
      await terminal.waitFor(row("@README.md"));
      // One write each, as a fast typist's keys reach a busy program: "sr⇥", then "app.t⏎".
      await terminal.sendBytes(..."sr\t".split("").map(hex));
      await terminal.waitFor(row("@src/apple/"));
      await terminal.sendBytes(..."app.t\r".split("").map(hex));
      await terminal.waitForGone(row("@src/apple/"));
      await sendsExplainAppNow(terminal);
    });

    it(`lists commands with their help after /, custom ones included; Esc closes the list (${lang})`, async () => {
      const { terminal } = await bed.start({ lang, cwd: await project() });
      await terminal.waitFor(text.input);
      await terminal.type("/");
      const list = await terminal.waitFor(text.help);
      expect(list).toMatch(new RegExp(`^ /help +${text.help.replace(/[()]/g, "\\$&")}`, "m"));
      await terminal.type("revi");
      await terminal.waitFor(text.review);
      await terminal.press("Escape");
      await terminal.waitForGone(text.review);
    });

    it(`lists skills after § and agents after & with their descriptions (${lang})`, async () => {
      const { terminal } = await bed.start({ lang, cwd: await project() });
      await terminal.waitFor(text.input);
      await terminal.type("§h");
      await terminal.waitFor(/^ §haiku +Writes a haiku about a subject/m);
      await terminal.press("Escape");
      // Esc alone, not read with the next key as one Alt+key chord.
      await terminal.waitForGone(/^ §haiku/m);
      // Ctrl+U and the text after it in one write, as a fast typist's keys reach a busy program: the line is
      // emptied first (the control key was once dropped from such a chunk, leaving "§h&rev").
      await terminal.sendBytes("15", ..."&rev".split("").map(hex));
      await terminal.waitFor(/^ &reviewer +Reviews code changes/m);
      expect(await terminal.screen()).not.toContain("§h&rev");
    });
  }
});
