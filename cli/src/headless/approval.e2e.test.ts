import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia, streamEvents } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

describe("maia -p: what a tool call changes", () => {
  it("puts the diff of a Write on its stream-json tool_use event, read before the file is written", async () => {
    await writeFile(path.join(bed.cwd, "hello.py"), 'print("hello")\n');
    bed.server.enqueue(
      { toolCalls: [{ name: "Read", arguments: { path: "hello.py" } }] },
      { toolCalls: [{ name: "Write", arguments: { path: "hello.py", content: 'print("hello, world")\nprint("bye")\n' } }] },
      { text: "done" },
    );
    const run = await runMaia(["-p", "edit", "--model", "m", "--output-format", "stream-json", "--allow", "Write", "--allow", "Read"], bed);
    expect(run.code).toBe(0);
    const use = streamEvents(run.stdout).find((event) => event.type === "tool_use" && event.name === "Write");
    expect(use).toMatchObject({ name: "Write", diff: { path: "hello.py", created: false, added: 2, removed: 1 } });
    const patch = String((use as { diff: { patch: string } }).diff.patch);
    expect(patch).toContain('-print("hello")');
    expect(patch).toContain('+print("hello, world")');
    expect(await readFile(path.join(bed.cwd, "hello.py"), "utf8")).toContain("bye");
  });

  it("gives a refused Write its diff too, and no diff for a tool without a preview", async () => {
    bed.server.enqueue(
      { toolCalls: [{ name: "Write", arguments: { path: "new.txt", content: "one\n" } }] },
      { toolCalls: [{ name: "Bash", arguments: { command: "echo hi" } }] },
      { text: "done" },
    );
    const run = await runMaia(["-p", "write", "--model", "m", "--output-format", "stream-json"], bed);
    const uses = streamEvents(run.stdout).filter((event) => event.type === "tool_use");
    expect(uses[0]).toMatchObject({ name: "Write", diff: { path: "new.txt", created: true, added: 1, removed: 0 } });
    expect(uses[1]).not.toHaveProperty("diff");
  });
});
