import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleBuilt } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

/** What a user reads, in each language. */
const TEXT = {
  en: {
    inputHelp: "Your request — /help: help",
    cleared: "New conversation:",
    yes: "y",
    allowEdit: "Allow Edit: hello.py?",
    allowWrite: "Allow Write: big.txt?",
    allowBash: "Allow Bash:",
    folded: /… \d+ more lines of diff · d: show it all/,
    loggedFold: /^\s*… 2 more lines of diff\s*$/m,
    newFile: "big.txt +40 −0 (new file)",
    command: "Command:",
    uncovered: "Not covered by a rule:",
    notCovered: (command: string) => `not covered by an allow rule: ${command}`,
    always: "a: yes, and don't ask again this session for Bash(echo one), Bash(echo two)",
    alwaysProject: "p: yes, and don't ask again in this project for Bash(echo three)",
    answeredSession: "yes, always (this session)",
    keptSession: "Allowed without asking until MAIA exits: Bash(echo one), Bash(echo two)",
    sessionSource: "(this session)",
    acceptEdits: "⏵⏵ accept edits: Edit and Write in this folder run without asking (Shift+Tab: next mode)",
    plan: "⏸ plan mode: only tools that read run (Shift+Tab: next mode)",
    modeInView: "Approval mode: plan",
    planPrompt: "Plan mode is on",
    sandboxed: "⛶ Bash sandboxed",
  },
  fr: {
    inputHelp: "Votre demande — /help : aide",
    cleared: "Nouvelle conversation :",
    yes: "o",
    allowEdit: "Autoriser Edit : hello.py ?",
    allowWrite: "Autoriser Write : big.txt ?",
    allowBash: "Autoriser Bash :",
    folded: /… \d+ lignes de diff de plus · d : tout afficher/,
    loggedFold: /^\s*… 2 lignes de diff de plus\s*$/m,
    newFile: "big.txt +40 −0 (nouveau fichier)",
    command: "Commande :",
    uncovered: "Non couvert par une règle :",
    notCovered: (command: string) => `non couvert par une règle allow : ${command}`,
    always: "a : oui, et ne plus demander pendant cette session pour Bash(echo one), Bash(echo two)",
    alwaysProject: "p : oui, et ne plus demander dans ce projet pour Bash(echo three)",
    answeredSession: "oui, toujours (cette session)",
    keptSession: "Autorisé sans demander jusqu'à la fin de MAIA : Bash(echo one), Bash(echo two)",
    sessionSource: "(cette session)",
    acceptEdits: "⏵⏵ modifications acceptées : Edit et Write dans ce dossier sans demander (Maj+Tab : mode suivant)",
    plan: "⏸ mode plan : seuls les outils de lecture s'exécutent (Maj+Tab : mode suivant)",
    modeInView: "Mode d'approbation : plan",
    planPrompt: "Le mode plan est actif",
    sandboxed: "⛶ Bash dans le bac à sable",
  },
} as const;

const ready = tmuxAvailable() && bundleBuilt();
const HELLO = ["import sys", "", "def main():", '    print("hello")', "", "main()", ""].join("\n");

describe.each(["en", "fr"] as const)("tool confirmations in a real terminal (%s)", (lang) => {
  const text = TEXT[lang];
  const maiaPerTest = terminalPerTest({ models: ["fake-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

  it.runIf(ready)("shows an Edit as a numbered diff, a long Write folded and expandable, and keeps the summary in the log", { timeout: 90_000 }, async () => {
    const { server } = maiaPerTest;
    server.enqueue(
      { toolCalls: [{ name: "Read", arguments: { path: "hello.py" } }] },
      { toolCalls: [{ name: "Edit", arguments: { path: "hello.py", old_string: '    print("hello")', new_string: '    print("hello, world")\n    return 0' } }] },
      { text: "Edited." },
      { toolCalls: [{ name: "Write", arguments: { path: "big.txt", content: Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join("\n") + "\n" } }] },
      { text: "Written." },
    );
    const maia = await maiaPerTest.start({ lang });
    writeFileSync(path.join(maia.cwd, "hello.py"), HELLO);
    mkdirSync(path.join(maia.cwd, ".maia"), { recursive: true });
    writeFileSync(path.join(maia.cwd, ".maia", "settings.json"), JSON.stringify({ permissions: { allow: ["Read"] } }));
    const { terminal } = maia;
    await terminal.waitFor(text.inputHelp);
    // /clear reloads the settings written above.
    await terminal.submit("/clear");
    await terminal.waitFor(text.cleared);
    await terminal.waitFor(text.inputHelp);

    await terminal.submit("greet the world");
    const asked = await terminal.waitFor(text.allowEdit, { timeoutMs: 30_000 });
    // The change, numbered, before the question: the removed line and the two added ones.
    expect(asked).toContain("hello.py +2 −1");
    expect(asked).toMatch(/4 - {5}print\("hello"\)/);
    expect(asked).toMatch(/4 \+ {5}print\("hello, world"\)/);
    expect(asked).toMatch(/5 \+ {5}return 0/);
    expect(readFileSync(path.join(maia.cwd, "hello.py"), "utf8")).toBe(HELLO);
    await terminal.press(text.yes);
    const edited = await terminal.waitFor("Edited.");
    await terminal.waitFor(text.inputHelp);
    expect(edited).toContain("● Edit(hello.py +2 −1)");
    // Under it, the diff folded: its first six rows of eight, then the count (no key: the question is gone).
    expect(edited).toMatch(/4 \+ {5}print\("hello, world"\)/);
    expect(edited).toMatch(text.loggedFold);
    expect(readFileSync(path.join(maia.cwd, "hello.py"), "utf8")).toContain("hello, world");

    await terminal.submit("write a big file");
    const big = await terminal.waitFor(text.allowWrite);
    expect(big).toContain(text.newFile);
    expect(big).toMatch(text.folded);
    expect(big).not.toContain("line 40");
    await terminal.press("d");
    // The whole diff goes to the log above; the question stays open. Ink writes the log, then the live area
    // under it: both are waited for (a capture between the two writes shows the log alone).
    const question = text.allowWrite.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await terminal.waitFor(new RegExp(`40 \\+ line 40[\\s\\S]*${question}`));
    expect(existsSync(path.join(maia.cwd, "big.txt"))).toBe(false);
    await terminal.press(text.yes);
    await terminal.waitFor("Written.");
    expect(existsSync(path.join(maia.cwd, "big.txt"))).toBe(true);
  });

  it.runIf(ready)("shows a Bash command in full with what no rule covers, and remembers 'always' for the session or the project", { timeout: 90_000 }, async () => {
    const { server } = maiaPerTest;
    const bash = (command: string) => ({ toolCalls: [{ name: "Bash", arguments: { command } }] });
    server.enqueue(
      bash("ls && echo one && echo two"),
      { text: "First done." },
      bash("echo two && echo one"),
      { text: "Second done." },
      bash("echo three"),
      { text: "Third done." },
    );
    const maia = await maiaPerTest.start({ lang });
    mkdirSync(path.join(maia.cwd, ".maia"), { recursive: true });
    writeFileSync(path.join(maia.cwd, ".maia", "settings.json"), `${JSON.stringify({ model: "fake-model", permissions: { allow: ["Bash(ls)"] } }, null, 2)}\n`);
    const { terminal } = maia;
    await terminal.waitFor(text.inputHelp);
    // /clear reloads the settings written above.
    await terminal.submit("/clear");
    await terminal.waitFor(text.cleared);
    await terminal.waitFor(text.inputHelp);

    await terminal.submit("run it");
    const asked = await terminal.waitFor(text.always);
    expect(asked).toContain(text.allowBash);
    expect(asked).toContain(text.command);
    expect(asked).toContain("ls && echo one && echo two");
    expect(asked).toContain(text.uncovered);
    expect(asked).toContain(text.notCovered("echo one"));
    expect(asked).toContain(text.notCovered("echo two"));
    expect(asked).not.toContain(text.notCovered("ls"));
    await terminal.press("a");
    const kept = await terminal.waitFor("First done.");
    expect(kept).toContain(text.answeredSession);
    expect(kept).toContain(text.keptSession);
    await terminal.waitFor(text.inputHelp);

    // The same simple commands again: no question this time.
    await terminal.submit("again");
    const again = await terminal.waitFor("Second done.");
    expect(again.split(text.allowBash)).toHaveLength(2);
    await terminal.waitFor(text.inputHelp);

    await terminal.submit("once more");
    await terminal.waitFor(text.alwaysProject);
    await terminal.press("p");
    await terminal.waitFor("Third done.");
    await terminal.waitFor(text.inputHelp);
    const settings = JSON.parse(readFileSync(path.join(maia.cwd, ".maia", "settings.json"), "utf8")) as { model: string; permissions: { allow: string[] } };
    expect(settings).toEqual({ model: "fake-model", permissions: { allow: ["Bash(ls)", "Bash(echo three)"] } });
    expect(settings.permissions.allow).not.toContain("Bash(echo one)");

    await terminal.submit("/permissions");
    const view = await terminal.waitFor(text.sessionSource);
    expect(view).toContain("Bash(echo three)");
    expect(view).toContain("Bash(echo one)");
  });

  it.runIf(ready)("starts in the mode --permission-mode names: plan on the status line from the start, a Write refused without asking", { timeout: 90_000 }, async () => {
    const { server } = maiaPerTest;
    server.enqueue({ toolCalls: [{ name: "Write", arguments: { path: "planned.txt", content: "no\n" } }] }, { text: "Here is the plan." });
    const maia = await maiaPerTest.start({ lang, args: ["--model", "fake-model", "--permission-mode", "plan"] });
    const { terminal } = maia;
    await terminal.waitFor(text.inputHelp);
    await terminal.waitFor(text.plan);
    await terminal.submit("plan it");
    const planned = await terminal.waitFor("Here is the plan.");
    expect(planned).not.toContain(text.allowWrite.replace("big.txt", "planned.txt"));
    expect(existsSync(path.join(maia.cwd, "planned.txt"))).toBe(false);
    // The system prompt says so from the first request.
    expect(JSON.stringify(server.chatBodies()[0]?.messages?.[0])).toContain(text.planPrompt);
  });

  it.runIf(ready)("cycles the approval mode with Shift+Tab: accept edits writes without asking, plan refuses, both on the status line", { timeout: 90_000 }, async () => {
    const { server } = maiaPerTest;
    server.enqueue(
      { toolCalls: [{ name: "Write", arguments: { path: "free.txt", content: "free\n" } }] },
      { text: "Wrote it." },
      { toolCalls: [{ name: "Write", arguments: { path: "planned.txt", content: "no\n" } }] },
      { text: "Here is the plan." },
    );
    const maia = await maiaPerTest.start({ lang });
    const { terminal } = maia;
    const first = await terminal.waitFor(text.inputHelp);
    expect(first).not.toContain(text.acceptEdits);
    // The input box is drawn before the plugins are loaded: Shift+Tab means something once the session is there.
    await terminal.waitFor("200k");
    // At rest, once the machine is probed (just after the screen is up), the status line says Bash is sandboxed.
    if (process.platform === "linux") await terminal.waitFor(text.sandboxed);

    await terminal.press("BTab");
    await terminal.waitFor(text.acceptEdits);
    await terminal.submit("write freely");
    const wrote = await terminal.waitFor("Wrote it.");
    expect(wrote).not.toContain(text.allowWrite.replace("big.txt", "free.txt"));
    expect(readFileSync(path.join(maia.cwd, "free.txt"), "utf8")).toBe("free\n");
    await terminal.waitFor(text.inputHelp);

    await terminal.press("BTab");
    await terminal.waitFor(text.plan);
    await terminal.submit("plan it");
    await terminal.waitFor("Here is the plan.");
    expect(existsSync(path.join(maia.cwd, "planned.txt"))).toBe(false);
    const tool = (server.chatBodies()[3]?.messages ?? []).filter((message) => message.role === "tool").at(-1);
    expect(String(tool?.content)).toMatch(/plan/);
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("/permissions");
    await terminal.waitFor(text.modeInView);

    await terminal.press("BTab");
    await terminal.waitForGone(text.plan);
  });
});
