import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtinPlugin, bundleBuilt, lastUserText, startMaia } from "./testing/maia-terminal.ts";
import { tmuxAvailable, type TmuxTerminal } from "./testing/tmux-terminal.ts";

/** What a user reads, in each language (the seed's wording in French). */
const TEXT = {
  en: {
    tagline: "A command-line AI assistant",
    folder: "Working folder:",
    inputHelp: "Your request — /help: help",
    yes: "y",
    askKeys: "(y/n/s=stop)",
    allowWrite: (file: string) => `Allow Write: ${file}?`,
    answeredYes: (file: string) => `◆ Allow Write: ${file}?: yes`,
    refused: "The user refused this action.",
    stopped: "Iteration stopped (stop)",
    interrupted: "Request interrupted: the conversation",
    chooseModel: "Choose a model",
    modelChanged: "Model: other-model (conversation kept)",
    loadTitle: "Load a session",
    loaded: /Session « .+ » loaded \(2 messages\)/,
    newSession: "New session:",
    working: "Working",
  },
  fr: {
    tagline: "Assistant IA en ligne de commande",
    folder: "Dossier de travail :",
    inputHelp: "Votre demande — /help : aide",
    yes: "o",
    askKeys: "(o/n/s=stop)",
    allowWrite: (file: string) => `Autoriser Write : ${file} ?`,
    answeredYes: (file: string) => `◆ Autoriser Write : ${file} ? : oui`,
    refused: "L'utilisateur a refusé cette action.",
    stopped: "Itération interrompue (stop)",
    interrupted: "Demande interrompue : la conversation",
    chooseModel: "Choisissez un modèle",
    modelChanged: "Modèle : other-model (conversation conservée)",
    loadTitle: "Charger une session",
    loaded: /Session « .+ » chargée \(2 messages\)/,
    newSession: "Nouvelle session :",
    working: "Traitement en cours",
  },
} as const;

const ready = tmuxAvailable() && bundleBuilt();
const MODEL_INFO = { "fake-model": { max_input_tokens: 200_000 }, "other-model": { max_input_tokens: 100_000 } };

let server: FakeLiteLLM;
let terminal: TmuxTerminal | undefined;

beforeEach(async () => {
  server = await startFakeLiteLLM({ models: ["fake-model", "other-model"], modelInfo: MODEL_INFO });
});
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
  await server.close();
});

const writeCall = (file: string) => ({ toolCalls: [{ name: "Write", arguments: { path: file, content: `content of ${file}\n` } }] });
const toolMessages = (index: number) =>
  (server.chatBodies()[index]?.messages ?? []).filter((message) => message.role === "tool").map((message) => String(message.content));

describe.each(["en", "fr"] as const)("maia in a real terminal (%s)", (lang) => {
  const text = TEXT[lang];

  it.runIf(ready)("starts with the banner, answers in Markdown, asks before a Write (yes, no, stop), rolls back after a stop", { timeout: 90_000 }, async () => {
    server.enqueue(
      { text: "# Greeting\n\nSome **bold** text and `code`." },
      writeCall("notes.txt"),
      { text: "Written." },
      writeCall("refused.txt"),
      { text: "Not written." },
      writeCall("stopped.txt"),
      { hang: true, text: "thinking about it" },
      { text: "final answer" },
    );
    const maia = await startMaia(server, { lang });
    terminal = maia.terminal;
    const first = await terminal.waitFor(text.inputHelp);
    expect(first).toContain(text.tagline);
    expect(first).toContain(`${text.folder} ${maia.cwd}`);
    expect(first).toMatch(/┈{20,}/);

    await terminal.submit("hello");
    const answered = await terminal.waitFor("Some bold text and code.");
    await terminal.waitFor(text.inputHelp);
    expect(answered).toContain("Greeting");
    expect(answered).not.toContain("**bold**");

    await terminal.submit("write the notes");
    await terminal.waitFor(`${text.allowWrite("notes.txt")} ${text.askKeys}`);
    await terminal.press(text.yes);
    const written = await terminal.waitFor("Written.");
    await terminal.waitFor(text.inputHelp);
    expect(written).toContain(text.answeredYes("notes.txt"));
    expect(existsSync(path.join(maia.cwd, "notes.txt"))).toBe(true);

    await terminal.submit("write another one");
    await terminal.waitFor(`${text.allowWrite("refused.txt")} ${text.askKeys}`);
    await terminal.press("n");
    await terminal.waitFor("Not written.");
    await terminal.waitFor(text.inputHelp);
    expect(existsSync(path.join(maia.cwd, "refused.txt"))).toBe(false);
    expect(toolMessages(4)).toContain(text.refused);

    await terminal.submit("and a third");
    await terminal.waitFor(`${text.allowWrite("stopped.txt")} ${text.askKeys}`);
    await terminal.press("s");
    await terminal.waitFor(text.stopped);
    await terminal.waitFor(text.inputHelp);
    expect(existsSync(path.join(maia.cwd, "stopped.txt"))).toBe(false);
    // Seed § 6.2.4: a stop does not call the model again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.chatBodies()).toHaveLength(6);

    // After a stop the next request joins the tool results' message; Ctrl+C on it puts that message back.
    await terminal.submit("and then?");
    await terminal.waitFor("thinking about it");
    await terminal.press("C-c");
    await terminal.waitFor(text.interrupted);
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("final question");
    await terminal.waitFor("final answer");
    await terminal.waitFor(text.inputHelp);
    const final = server.chatBodies()[7];
    expect(JSON.stringify(final?.messages)).not.toContain("and then?");
    expect(lastUserText(final)).toContain("final question");

    await terminal.submit("/exit");
    expect(await terminal.exitCode()).toBe(0);
    expect(readdirSync(path.join(maia.cwd, ".maia", ".sessions")).filter((file) => file.endsWith(".json"))).toHaveLength(1);
  });

  it.runIf(ready)("rolls back a request interrupted by Ctrl+C mid-stream, then changes model keeping the conversation", { timeout: 90_000 }, async () => {
    server.enqueue({ hang: true, text: "partial answer" }, { text: "second answer" }, { text: "third answer" });
    const maia = await startMaia(server, { lang });
    terminal = maia.terminal;
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("first question");
    await terminal.waitFor("partial answer");
    expect(await terminal.screen()).toContain(text.working);
    await terminal.press("C-c");
    await terminal.waitFor(text.interrupted);
    await terminal.waitFor(text.inputHelp);

    await terminal.submit("second question");
    await terminal.waitFor("second answer");
    await terminal.waitFor(text.inputHelp);
    const second = server.chatBodies()[1];
    expect(lastUserText(second)).toBe("second question");
    expect(JSON.stringify(second?.messages)).not.toContain("first question");
    expect(JSON.stringify(second?.messages)).not.toContain("partial answer");

    await terminal.submit("/model");
    await terminal.waitFor(text.chooseModel);
    await terminal.press("Down", "Enter");
    await terminal.waitFor(text.modelChanged);
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("third question");
    await terminal.waitFor("third answer");
    await terminal.waitFor(text.inputHelp);
    const third = server.chatBodies()[2];
    expect(third?.model).toBe("other-model");
    expect(JSON.stringify(third?.messages)).toContain("second question");

    await terminal.press("C-d");
    expect(await terminal.exitCode()).toBe(0);
  });

  it.runIf(ready)("reloads a saved session from the /load list and shows its history", { timeout: 90_000 }, async () => {
    server.enqueue({ text: "first answer" });
    const maia = await startMaia(server, { lang });
    terminal = maia.terminal;
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("remember the colour blue");
    await terminal.waitFor("first answer");
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("/new");
    await terminal.waitFor(text.newSession);
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("/load");
    await terminal.waitFor(text.loadTitle);
    await terminal.press("Enter");
    const loaded = await terminal.waitFor(text.loaded, { history: true });
    await terminal.waitFor(text.inputHelp);
    expect(loaded).toContain("remember the colour blue");
    await terminal.press("C-c");
    expect(await terminal.exitCode()).toBe(0);
  });

  const shellAndFiles = ready && builtinPlugin("shell") && builtinPlugin("file-refs");
  (shellAndFiles ? it : it.todo)("runs !ls and sends its output and an @file with the next request", { timeout: 90_000 }, async () => {
    server.enqueue({ text: "It says 42." });
    const maia = await startMaia(server, { lang });
    terminal = maia.terminal;
    writeFileSync(path.join(maia.cwd, "secret-notes.txt"), "the secret is 42\n");
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("!ls");
    await terminal.waitFor("secret-notes.txt");
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("@secret-notes.txt what does it say?");
    await terminal.waitFor("It says 42.");
    const sent = lastUserText(server.chatBodies()[0]);
    expect(sent).toContain("the secret is 42");
    expect(sent).toContain("what does it say?");
    expect(sent.match(/secret-notes\.txt/g)?.length).toBeGreaterThanOrEqual(2); // in the ls output and the @ reference
  });
});
