import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { AgentSession, AnyTool, ToolResultEvent, TurnOutcome } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { CheckpointStore } from "./checkpoint-store.ts";
import { TurnTracker } from "./turn-tracker.ts";

/**
 * The tracker as the plugin's taps drive it (beforeToolCall, afterToolCall, afterTurn), on a real folder and the
 * real git: the snapshot after, started in the background after a call's result, must still hold the turn's last
 * state whatever happens after it starts.
 */
async function setUp() {
  const cwd = await tempFolder("maia-cp-turn-");
  const home = await tempFolder("maia-cp-turn-home-");
  await writeFile(path.join(cwd, "a.txt"), "a1\n");
  const store = await CheckpointStore.open({ homeDir: home, cwd, env: process.env });
  const warnings: string[] = [];
  const tracker = new TurnTracker({ store: async () => store, nameOf: () => "s", warnOnce: (kind) => void warnings.push(kind) });
  // Only its identity and its messages are read by the tracker.
  const session = { id: "s", messages: [] } as unknown as AgentSession;
  let next = 0;
  const call = (name: string) => {
    next += 1;
    const event: ToolResultEvent = { session, call: { type: "tool_use", id: `c${next}`, name, input: {} }, tool: {} as AnyTool, output: "", isError: false, feedback: [] };
    return event;
  };
  const end = (status: TurnOutcome["status"] = "done") => tracker.end({ session, status } as TurnOutcome);
  const write = (file: string, text: string) => writeFile(path.join(cwd, file), text);
  return { cwd, store, tracker, session, call, end, write, warnings };
}

const changed = (record: { files: Array<{ path: string; status: string }> } | undefined) => record?.files.map((file) => `${file.status} ${file.path}`);

describe("the snapshot after a turn, started after each changing call", () => {
  it("holds a later call's changes: the background snapshot of the first call is not the record", async () => {
    const { tracker, session, call, end, write, store } = await setUp();
    tracker.begin(session, "two calls");
    const first = call("Bash");
    await tracker.beforeCall(first);
    await write("a.txt", "a2\n");
    tracker.afterCall(first);
    const second = call("Write");
    await tracker.beforeCall(second);
    await write("b.txt", "b\n");
    tracker.afterCall(second);
    const record = await end();
    expect(changed(record)).toEqual(["M a.txt", "A b.txt"]);
    expect((await store.read()).turns.map((turn) => turn.id)).toEqual([record?.id]);
  });

  it("waits for parallel calls: no snapshot while one of the batch still runs", async () => {
    const { tracker, session, call, end, write } = await setUp();
    tracker.begin(session, "a batch");
    const [one, two] = [call("Bash"), call("Bash")];
    await Promise.all([tracker.beforeCall(one), tracker.beforeCall(two)]);
    await write("one.txt", "1\n");
    tracker.afterCall(one);
    await write("two.txt", "2\n");
    tracker.afterCall(two);
    expect(changed(await end())).toEqual(["A one.txt", "A two.txt"]);
  });

  it("takes a fresh snapshot when a call was interrupted before its result (Ctrl+C)", async () => {
    const { tracker, session, call, end, write } = await setUp();
    tracker.begin(session, "interrupted");
    const first = call("Write");
    await tracker.beforeCall(first);
    await write("a.txt", "a2\n");
    tracker.afterCall(first);
    await tracker.beforeCall(call("Bash"));
    await write("late.txt", "late\n");
    expect(changed(await end("aborted"))).toEqual(["M a.txt", "A late.txt"]);
  });

  it("ignores read-only calls and the next turn starts from the recorded state", async () => {
    const { tracker, session, call, end, write } = await setUp();
    tracker.begin(session, "first");
    const edit = call("Edit");
    await tracker.beforeCall(edit);
    await write("a.txt", "a2\n");
    tracker.afterCall(edit);
    tracker.afterCall(call("Read"));
    const first = await end();
    tracker.begin(session, "second");
    const bash = call("Bash");
    await tracker.beforeCall(bash);
    await write("c.txt", "c\n");
    tracker.afterCall(bash);
    const second = await end();
    expect(changed(first)).toEqual(["M a.txt"]);
    expect(second?.before).toBe(first?.after);
    expect(changed(second)).toEqual(["A c.txt"]);
  });
});
