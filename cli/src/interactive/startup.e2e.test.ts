import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMaia } from "@maia/testing-maia";
import { builtinPlugin, bundleBuilt, startMaia } from "./testing/maia-terminal.ts";
import { tmuxAvailable, type TmuxTerminal } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt();
const HELP_EN = "Your request — /help: help";

let server: FakeLiteLLM;
let terminal: TmuxTerminal | undefined;

beforeEach(async () => {
  server = await startFakeLiteLLM({ models: ["fake-model", "other-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 }, "other-model": { max_input_tokens: 200_000 } } });
});
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
  await server.close();
});

describe("starting and leaving maia", () => {
  it.runIf(bundleBuilt())("refuses to start without a terminal (seed § 5.1), with exit code 1", async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    const run = await runMaia([], { cwd: home, home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("maia needs an interactive terminal (TTY)");
  });

  it.runIf(ready)("stops with the settings error and an example file when ~/.maia/settings.json is missing", { timeout: 60_000 }, async () => {
    const maia = await startMaia(server, { lang: "en", noSettings: true });
    terminal = maia.terminal;
    expect(await terminal.exitCode()).toBe(1);
    const screen = await terminal.history();
    expect(screen).toMatch(/FAIL\s+/);
    expect(screen).toContain(path.join(maia.home, ".maia", "settings.json"));
    expect(screen).toContain('"LiteLLM_URL": "http://localhost:4000"');
  });

  it.runIf(ready)("offers LiteLLM's models when none is configured, and uses the one chosen", { timeout: 60_000 }, async () => {
    server.enqueue({ text: "answer from the chosen model" });
    const maia = await startMaia(server, { lang: "en", args: [] });
    terminal = maia.terminal;
    await terminal.waitFor("Choose a model");
    const list = await terminal.waitFor("other-model");
    expect(list).toContain("❯ fake-model");
    await terminal.press("Down", "Enter");
    await terminal.waitFor("◆ Choose a model: other-model");
    await terminal.waitFor(HELP_EN);
    await terminal.submit("hi");
    await terminal.waitFor("answer from the chosen model");
    expect(server.chatBodies()[0]?.model).toBe("other-model");
  });

  it.runIf(ready)("saves the session and ends on SIGTERM (143) and SIGHUP (129)", { timeout: 60_000 }, async () => {
    for (const [signal, code] of [["SIGTERM", 143], ["SIGHUP", 129]] as const) {
      server.enqueue({ text: `answer before ${signal}` });
      const maia = await startMaia(server, { lang: "en" });
      terminal = maia.terminal;
      await terminal.waitFor(HELP_EN);
      await terminal.submit(`question before ${signal}`);
      await terminal.waitFor(`answer before ${signal}`);
      await terminal.waitFor(HELP_EN);
      process.kill(await terminal.programPid(), signal);
      expect(await terminal.exitCode()).toBe(code);
      const folder = path.join(maia.cwd, ".maia", ".sessions");
      const [file] = readdirSync(folder).filter((name) => name.endsWith(".json"));
      expect(readFileSync(path.join(folder, file ?? "missing"), "utf8")).toContain(`question before ${signal}`);
      await terminal.close();
    }
  });

  it.runIf(ready)("goes on with the latest session with --continue, its history shown", { timeout: 60_000 }, async () => {
    server.enqueue({ text: "noted, blue" }, { text: "it was blue" });
    const first = await startMaia(server, { lang: "en" });
    terminal = first.terminal;
    await terminal.waitFor(HELP_EN);
    await terminal.submit("remember the colour blue");
    await terminal.waitFor("noted, blue");
    await terminal.waitFor(HELP_EN);
    await terminal.submit("/exit");
    expect(await terminal.exitCode()).toBe(0);
    await terminal.close();

    const second = await startMaia(server, { lang: "en", cwd: first.cwd, home: first.home, noSettings: true, args: ["--model", "fake-model", "--continue"] });
    terminal = second.terminal;
    const resumed = await terminal.waitFor(/Session « .+ » loaded \(2 messages\)/);
    expect(resumed).toContain("remember the colour blue");
    await terminal.waitFor(HELP_EN);
    await terminal.submit("which colour?");
    await terminal.waitFor("it was blue");
    expect(JSON.stringify(server.chatBodies()[1]?.messages)).toContain("remember the colour blue");
  });

  it.runIf(ready)("names the closest command for an unknown one, and lists everything with /help", { timeout: 60_000 }, async () => {
    const maia = await startMaia(server, { lang: "en" });
    terminal = maia.terminal;
    await terminal.waitFor(HELP_EN);
    await terminal.submit("/modle");
    await terminal.waitFor("Unknown command: /modle (did you mean /model?)");
    await terminal.waitFor(HELP_EN);
    await terminal.submit("/help");
    // More commands than the screen has rows: read what scrolled by too.
    const help = await terminal.waitFor("Ctrl+C or Ctrl+D (empty input): quit", { history: true });
    for (const command of ["/help", "/permissions", "/model", "/clear", "/exit"]) expect(help).toContain(command);
    if (builtinPlugin("sessions")) expect(help).toMatch(/\/load \[name\]/);
    if (builtinPlugin("compaction")) expect(help).toContain("/compact");
  });

  it.runIf(ready)("shows the permission rules file by file with their badges", { timeout: 60_000 }, async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    await server.writeSettings(home, { permissions: { allow: ["Read"], deny: ["Bash(rm *)"] } });
    const maia = await startMaia(server, { lang: "en", home, noSettings: true });
    terminal = maia.terminal;
    await terminal.waitFor(HELP_EN);
    await terminal.submit("/permissions");
    if (builtinPlugin("permissions")) {
      const shown = await terminal.waitFor(/DENY\s+Bash\(rm \*\)/);
      expect(shown).toMatch(/ALLOW\s+Read/);
      expect(shown).toContain(path.join(home, ".maia", "settings.json"));
    } else {
      await terminal.waitFor("The permissions plugin is disabled");
    }
  });

  it.runIf(ready)("asks « Continue? (y/n) » at the iteration limit and goes on when told so", { timeout: 60_000 }, async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    await server.writeSettings(home, { MaxIterations: 1, permissions: { allow: ["Read"] } });
    const maia = await startMaia(server, { lang: "en", home, noSettings: true });
    terminal = maia.terminal;
    writeFileSync(path.join(maia.cwd, "a.txt"), "alpha\n");
    const read = { toolCalls: [{ name: "Read", arguments: { path: "a.txt" } }] };
    server.enqueue(read, { text: "done after continuing" }, read);
    await terminal.waitFor(HELP_EN);
    await terminal.submit("read it");
    await terminal.waitFor("Continue? (y/n)");
    await terminal.press("y");
    await terminal.waitFor("done after continuing");
    await terminal.waitFor(HELP_EN);
    await terminal.submit("again");
    await terminal.waitFor("Continue? (y/n)");
    await terminal.press("n");
    await terminal.waitFor("Stopped: more than 1 iterations");
    expect(server.chatBodies()).toHaveLength(3);
  });

  it.runIf(ready)("draws the banner without the mask between 25 and 57 columns, and as a small frame below", { timeout: 60_000 }, async () => {
    const medium = await startMaia(server, { lang: "en", columns: 40 });
    terminal = medium.terminal;
    const screen = await terminal.waitFor("Your request");
    expect(screen).toContain("One agent, many models");
    expect(screen).not.toMatch(/▀{8,}/); // the mask's rows (the title has no such run)
    await terminal.close();
    const narrow = await startMaia(server, { lang: "en", columns: 22 });
    terminal = narrow.terminal;
    const small = await terminal.waitFor("Maia");
    expect(small).toContain("╔");
    expect(small).not.toContain("One agent, many models");
  });
});
