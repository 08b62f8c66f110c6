import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundleBuilt, startMaia } from "../interactive/testing/maia-terminal.ts";
import { tmuxAvailable, type TmuxTerminal } from "../interactive/testing/tmux-terminal.ts";
import { expectSummaryRequest, expectTourReceived, expectWentBack, USAGE_CONTEXT, USAGE_ROW } from "./testing/tour-checks.ts";
import {
  NEXT_ANSWER,
  NEXT_PROMPT,
  NOTES,
  queueNext,
  queueScratch,
  queueSummary,
  queueTour,
  SCRATCH,
  SCRATCH_PROMPT,
  SUMMARY,
  TOUR_CALLS,
  TourModel,
} from "./testing/tour-model.ts";
import { SKILL, tourProject, type TourProject } from "./testing/tour-project.ts";

// The tour of the interactive CLI: the built bundle in a real terminal, typed into as a user types, with the
// terminal's own commands (/help, /undo and its question). The tour's turn waits for server-everything and runs
// a sub-agent's process: on a loaded 2-core machine it takes tens of seconds, hence its longer wait.
const ready = tmuxAvailable() && bundleBuilt();
const INPUT = "Your request — /help: help";

let server: FakeLiteLLM;
let project: TourProject;
let terminal: TmuxTerminal | undefined;

beforeEach(async () => {
  server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
  project = await tourProject(server);
});
afterEach(async () => {
  await terminal?.close();
  await project.close();
  await server.close();
});

describe.skipIf(!ready)("a tour of the interactive maia (built bundle, in tmux)", () => {
  it("/help, every tool, a sub-agent, MCP, a custom tool; then /usage, /compact, /undo", { timeout: 120_000 }, async () => {
    const model = new TourModel(server);
    // No --model: the project's .maia/config.json names it, as a user's would.
    ({ terminal } = await startMaia(server, { lang: "en", args: [], cwd: project.cwd, home: project.home, columns: 120, rows: 50 }));
    const screen = terminal;
    await screen.waitFor(INPUT);

    await screen.submit("/help");
    const help = await screen.waitFor(`§${SKILL}`, { history: true });
    for (const command of ["/compact", "/undo", "/usage"]) expect(help).toMatch(new RegExp(`^  ${command} {2,}\\S`, "m"));
    // A command whose usage is wider than the name column has a line of its own (it wrapped inside the column).
    expect(help).toMatch(/^  \/mcp \[reconnect\|login\|logout <name>\]\n {26}MCP servers: state and tools/m);

    queueTour(model, project);
    await screen.submit("Show me around");
    await screen.waitFor("Tour done.", { timeoutMs: 90_000 });
    await screen.waitFor(INPUT);
    expectTourReceived(model, project);
    expect(await readFile(path.join(project.cwd, NOTES), "utf8")).toBe("# Notes\n\nfinal text\n");
    // What the user saw: each call with its result under it, and the sub-agent's end.
    const shown = await screen.history();
    for (const name of Object.values(TOUR_CALLS)) expect(shown).toContain(`● ${name}`);
    expect(shown).toMatch(/Sub-agent "scout" finished in [\d.]+ s \(1 tool call\)\./);
    expect(shown).toContain("⎿ Echo: hello MCP");

    await screen.submit("/usage");
    expect(await screen.waitFor(USAGE_ROW)).toMatch(USAGE_CONTEXT);

    queueSummary(model);
    await screen.submit("/compact");
    expect(await screen.waitFor("New session:")).toContain(SUMMARY.split("\n- ")[1]);
    expectSummaryRequest(model.lastMain());

    queueScratch(model);
    await screen.submit(SCRATCH_PROMPT);
    await screen.waitFor("Scratch written.");
    await screen.waitFor(INPUT);
    expect(existsSync(path.join(project.cwd, SCRATCH))).toBe(true);
    await screen.submit("/undo");
    await screen.waitFor(`Take back the turn « ${SCRATCH_PROMPT} »?`);
    await screen.press("y");
    await screen.waitFor("1 file restored.");
    expect(existsSync(path.join(project.cwd, SCRATCH))).toBe(false);

    queueNext(model);
    await screen.waitFor(INPUT);
    await screen.submit(NEXT_PROMPT);
    await screen.waitFor(NEXT_ANSWER);
    expectWentBack(model.lastMain());
    await screen.waitFor(INPUT);
    await screen.submit("/exit");
    expect(await screen.exitCode()).toBe(0);
  });
});
