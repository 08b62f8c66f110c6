import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, processAlive } from "@maia/testing-maia";
import { builtinPlugin, bundleBuilt } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

/** What a user reads, in each language. */
const TEXT = {
  en: {
    inputHelp: "Your request — /help: help",
    notApproved: "not approved: does not run",
    neverRan: "not run yet",
    lastRun: "last run: exited with code 0",
    hint: "/hooks approve (or maia hooks approve)",
    approved: (file: string) => `Approved the hooks of ${file}`,
    stopped: (events: string) => `Hooks stopped by the user: ${events}`,
  },
  fr: {
    inputHelp: "Votre demande — /help : aide",
    notApproved: "non approuvé : ne s'exécute pas",
    neverRan: "pas encore exécuté",
    lastRun: "dernière exécution : s'est terminé avec le code 0",
    hint: "/hooks approve (ou maia hooks approve)",
    approved: (file: string) => `Hooks de ${file} approuvés`,
    stopped: (events: string) => `Hooks arrêtés par l'utilisateur : ${events}`,
  },
} as const;

const ready = tmuxAvailable() && bundleBuilt() && builtinPlugin("hooks");
const MODEL_INFO = { "fake-model": { max_input_tokens: 200_000 } };
const command = (line: string, timeout?: number) => ({ hooks: [{ type: "command", command: line, ...(timeout ? { timeout } : {}) }] });

async function until<T>(read: () => T, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (accept(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(["en", "fr"] as const)("hooks in a real terminal (%s)", (lang) => {
  const text = TEXT[lang];
  const maiaPerTest = terminalPerTest({ models: ["fake-model"], modelInfo: MODEL_INFO });

  it.runIf(ready)("/hooks lists hooks by event with their file and last result; /hooks approve lets a project hook run", { timeout: 120_000 }, async () => {
    const { server } = maiaPerTest;
    server.enqueue({ text: "first answer" }, { text: "second answer" });
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
    const marker = path.join(home, "project-hook-ran");
    const userFile = server.writeSettings(home, { hooks: { UserPromptSubmit: [command("true")] } });
    const projectFile = path.join(cwd, ".maia", "settings.json");
    mkdirSync(path.dirname(projectFile), { recursive: true });
    writeFileSync(projectFile, JSON.stringify({ hooks: { UserPromptSubmit: [command(`touch '${marker}'`)] } }, null, 2));
    const { terminal } = await maiaPerTest.start({ lang, home, cwd, noSettings: true, columns: 160 });
    await terminal.waitFor(text.inputHelp);

    await terminal.submit("/hooks");
    // The start-up warning already names /hooks approve: the list is what comes after the command.
    const listed = await terminal.waitFor(/UserPromptSubmit:[\s\S]*\/hooks approve/);
    expect(listed).toContain(`${userFile}`);
    expect(listed).toContain(text.neverRan);
    expect(listed).toContain(`touch '${marker}'`);
    expect(listed).toMatch(new RegExp(`${projectFile.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:\\d+ — ${text.notApproved}`));

    await terminal.submit("hello");
    await terminal.waitFor("first answer");
    await terminal.waitFor(text.inputHelp);
    expect(existsSync(marker)).toBe(false);
    await terminal.press("C-l");
    await terminal.submit("/hooks");
    await terminal.waitFor(text.lastRun, { history: true });

    await terminal.submit("/hooks approve");
    await terminal.waitFor(text.approved(projectFile), { history: true });
    await terminal.submit("hello again");
    await terminal.waitFor("second answer");
    expect(existsSync(marker)).toBe(true);
  });

  it.runIf(ready)("Ctrl+C stops SessionStart, PostToolUse and SessionEnd hooks that sleep: their processes die and the session goes on", { timeout: 150_000 }, async () => {
    const { server } = maiaPerTest;
    server.enqueue({ text: "started anyway" }, { toolCalls: [{ name: "Read", arguments: { path: "notes.txt" } }] }, { text: "read it" });
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
    writeFileSync(path.join(cwd, "notes.txt"), "some notes\n");
    // Each hook leaves the pid of its `sleep` behind: the test checks that Ctrl+C killed it.
    const sleeper = path.join(home, "sleeper.sh");
    writeFileSync(sleeper, `#!/bin/sh\ncat > /dev/null\nsleep 60 &\necho "$1 $!" >> '${path.join(home, "pids")}'\nwait\n`);
    chmodSync(sleeper, 0o755);
    const pidOf = (event: string) => {
      const file = path.join(home, "pids");
      const line = existsSync(file) ? readFileSync(file, "utf8").split("\n").find((entry) => entry.startsWith(`${event} `)) : undefined;
      return line === undefined ? undefined : Number(line.split(" ")[1]);
    };
    server.writeSettings(home, {
      permissions: { allow: ["Read"] },
      hooks: {
        SessionStart: [command(`'${sleeper}' SessionStart`, 300)],
        PostToolUse: [{ matcher: "Read", ...command(`'${sleeper}' PostToolUse`, 300) }],
        SessionEnd: [command(`'${sleeper}' SessionEnd`, 300)],
      },
    });
    const { terminal } = await maiaPerTest.start({ lang, home, cwd, noSettings: true, columns: 160 });

    const start = await until(() => pidOf("SessionStart"), (pid) => pid !== undefined);
    await terminal.press("C-c");
    await terminal.waitFor(text.stopped("SessionStart"));
    expect(await eventually(async () => !(await processAlive(start ?? 0)), 20_000)).toBe(true);
    await terminal.submit("hello");
    await terminal.waitFor("started anyway");

    await terminal.submit("read the notes");
    const post = await until(() => pidOf("PostToolUse"), (pid) => pid !== undefined, 30_000);
    await terminal.press("C-c");
    await terminal.waitFor(text.stopped("PostToolUse"));
    expect(await eventually(async () => !(await processAlive(post ?? 0)), 20_000)).toBe(true);
    // Only the hook was stopped: the turn goes on to its answer.
    await terminal.waitFor("read it");
    await terminal.waitFor(text.inputHelp);

    await terminal.submit("/exit");
    const end = await until(() => pidOf("SessionEnd"), (pid) => pid !== undefined);
    await terminal.press("C-c");
    expect(await terminal.exitCode(30_000)).toBe(0);
    expect(await eventually(async () => !(await processAlive(end ?? 0)), 20_000)).toBe(true);
  });
});
