import { readFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { runMaia, streamEvents } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expectSummaryRequest, expectTourReceived, USAGE_CONTEXT } from "./testing/tour-checks.ts";
import { NOTES, queueSummary, queueTour, SUMMARY, TOUR_CALL_IDS, TourModel } from "./testing/tour-model.ts";
import { tourProject, type TourProject } from "./testing/tour-project.ts";

// The tour of `maia -p`: the bundle's dist/print.cjs, the libraries it requires on first use (print-*.cjs) and
// the sub-agent's own process (print.cjs --subagent). `-p` runs one request per process: the commands run in
// the runs that follow, each going on with the conversation (--continue), in text output.
let server: FakeLiteLLM;
let project: TourProject;

beforeEach(async () => {
  server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
  project = await tourProject(server);
});
afterEach(async () => {
  await project.close();
  await server.close();
});

describe("a tour of maia -p (built bundle)", () => {
  it("stream-json: every tool, a sub-agent that fetches a page, MCP, a custom tool; then /compact and /usage in text", { timeout: 120_000 }, async () => {
    const model = new TourModel(server);
    const folders = { cwd: project.cwd, home: project.home };
    queueTour(model, project);
    const run = await runMaia(["-p", "Show me around", "--output-format", "stream-json"], { ...folders, timeoutMs: 90_000 });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expectTourReceived(model, project);
    const events = streamEvents(run.stdout);
    expect(events.filter((event) => event.type === "warning" || event.type === "error")).toEqual([]);
    expect(events.filter((event) => event.type === "tool_result").map((event) => [event.id, event.isError])).toEqual(TOUR_CALL_IDS.map((id) => [id, false]));
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
    expect(await readFile(path.join(project.cwd, NOTES), "utf8")).toBe("# Notes\n\nfinal text\n");

    queueSummary(model);
    const compacted = await runMaia(["-p", "/compact", "--continue"], folders);
    expect(compacted.code, compacted.stderr).toBe(0);
    expectSummaryRequest(model.lastMain());
    expect(compacted.stdout).toBe(`Summary:\n\n${SUMMARY}\n`);
    expect(compacted.stderr).toMatch(/^Compacted 8 messages \(\d+ tokens\) into a summary of \d+ tokens\. .*\nNew session: « session_\S+__1 »\.\n$/);

    // The context is counted although nothing had loaded the tokenizer when the command ran (it said "not
    // counted yet" in every `maia -p "/usage"` before).
    const usage = await runMaia(["-p", "/usage", "--continue"], folders);
    expect(usage.code, usage.stderr).toBe(0);
    expect(usage.stderr).toMatch(new RegExp(`^The provider has reported no tokens yet in this conversation\\.\\n${USAGE_CONTEXT.source}\\n$`));
  });
});
