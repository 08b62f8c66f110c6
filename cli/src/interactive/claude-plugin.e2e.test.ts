import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runMaia } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { writeFixturePlugin } from "../plugins/claude/testing/fixtures.ts";
import { builtinPlugin, bundleBuilt, lastUserText } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt() && builtinPlugin("claude-plugins");
const bed = terminalPerTest({ models: ["fake-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

describe.skipIf(!ready)("a Claude Code plugin in the terminal", { timeout: 120_000 }, () => {
  it("/help lists /formatter:check with its source, and /formatter:check runs with ${CLAUDE_PLUGIN_ROOT} replaced", async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
    const scratch = await mkdtemp(path.join(os.tmpdir(), "maia-claude-plugin-"));
    const folder = await writeFixturePlugin(path.join(scratch, "formatter"), { hookMarker: path.join(scratch, "hook-ran") });
    // Enabled in the project's .maia/settings.json: the terminal's start writes the user's settings afresh.
    const added = await runMaia(["plugins", "add", folder, "--project"], { cwd, home, timeoutMs: 90_000 });
    expect(added.code, added.stderr).toBe(0);

    bed.server.enqueue({ text: "All formatted." });
    const { terminal } = await bed.start({ lang: "en", cwd, home });
    // Its MCP server waits for the plugin's file to be approved, the question naming the plugin: refused here.
    await terminal.waitFor(/The Claude Code plugin formatter@inline declares MCP servers[\s\S]*Start them\?/);
    await terminal.press("n");
    await terminal.waitFor("Your request");
    await terminal.submit("/help");
    const help = (await terminal.waitFor("Sync the formatter's git hooks", { history: true })).replace(/\s+/g, " ");
    expect(help).toContain("/formatter:check <path> Check the formatting of a path (plugin formatter@inline)");

    await terminal.submit("/formatter:check src");
    await terminal.waitFor("All formatted.");
    const installPath = path.join(home, ".maia", "plugins", "cache", "inline", "formatter", "1.2.0");
    expect(lastUserText(bed.server.chatBodies().at(-1))).toBe(`Check the formatting of src with the rules in ${installPath}/rules.txt.`);
  });
});
