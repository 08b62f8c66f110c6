import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeClaudeProject } from "../claude-code/claude-project.ts";
import { bundleBuilt, builtinPlugin } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt() && builtinPlugin("doctor");
const bed = terminalPerTest({ models: ["fake-model", "claude-sonnet"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

/**
 * Issue 36 in a real terminal: a project written for Claude Code, `&` completing one of its agents and `/doctor`
 * showing what MAIA made of its files.
 */
describe.skipIf(!ready)("a Claude Code project in a real terminal", { timeout: 120_000 }, () => {
  it("& completes a Claude Code agent, and /doctor shows the table of what was found", async () => {
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    await bed.server.writeSettings(home);
    await writeClaudeProject(cwd, home);
    const { terminal } = await bed.start({ lang: "en", cwd, home, columns: 160, rows: 60 });
    await terminal.waitFor("Your request — /help: help");

    await terminal.type("&code");
    await terminal.waitFor(/^ &code-reviewer +Expert code review specialist/m);
    await terminal.press("Tab");
    await terminal.waitFor(/&code-reviewer\s*$/m);
    await terminal.press("C-u");
    // The line is empty again (its placeholder back) before /doctor is typed: typed earlier, it would follow &code-reviewer.
    await terminal.waitFor("Your request — /help: help");

    await terminal.submit("/doctor");
    const table = await terminal.waitFor(".claude/agents/review/code-reviewer.md  (Claude Code · agents)", { history: true });
    expect(table).toContain("MAIA doctor: the files found in");
    expect(table).toMatch(/✓ agents +agent code-reviewer/);
    expect(table).toMatch(/✗ agents:4 +tools: MultiEdit: MAIA has no such tool/);
    await terminal.waitFor(/\.mcp\.json +\(Claude Code · mcp\)/, { history: true });
    await terminal.submit("/exit");
    expect(await terminal.exitCode()).toBe(0);
  });
});
