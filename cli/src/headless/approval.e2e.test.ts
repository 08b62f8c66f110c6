import { mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
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
    const patch = String((use as unknown as { diff: { patch: string } }).diff.patch);
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

describe("maia -p: why a refused call asked", () => {
  it("stream-json: a permission event after tool_use names the parts no rule covers and the rules that would allow it, in French too", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "b1", name: "Bash", arguments: { command: "ls && echo one > out.txt" } }] }, { text: "done" });
    const run = await runMaia(["-p", "run", "--model", "m", "--output-format", "stream-json", "--allow", "Bash(ls)"], { ...bed, env: { MAIA_LANG: "fr" } });
    expect(run.code).toBe(0);
    const events = streamEvents(run.stdout);
    const order = events.filter((event) => event.id === "b1").map((event) => event.type);
    expect(order).toEqual(["tool_use", "permission", "tool_result"]);
    const refused = events.find((event) => event.type === "permission");
    expect(refused).toMatchObject({ name: "Bash", outcome: "refused", rules: ["Bash(echo one)"] });
    expect(refused?.uncovered?.some((part) => part.includes("non couvert par une règle allow : echo one"))).toBe(true);
    expect(refused?.uncovered?.some((part) => part.includes("out.txt"))).toBe(true);
    expect(refused?.uncovered?.some((part) => /: ls$/.test(part))).toBe(false);
    await expect(readFile(path.join(bed.cwd, "out.txt"), "utf8")).rejects.toThrow();
  });

  it("text output is unchanged: the refusal is a warning on stderr, with nothing more on stdout", async () => {
    bed.server.enqueue({ toolCalls: [{ name: "Bash", arguments: { command: "echo hi" } }] }, { text: "done" });
    const run = await runMaia(["-p", "run", "--model", "m"], bed);
    expect(run).toMatchObject({ code: 0, stdout: "done\n" });
    expect(run.stderr).toContain("--allow 'Bash(echo hi)'");
  });
});

describe("maia -p --permission-mode", () => {
  it("plan: refuses a Write even when a rule allows it, tells the model to present a plan, and says so in the system prompt", async () => {
    bed.server.enqueue({ toolCalls: [{ name: "Write", arguments: { path: "a.txt", content: "x" } }] }, { text: "Here is my plan." });
    const run = await runMaia(["-p", "do it", "--model", "m", "--permission-mode", "plan", "--allow", "Write"], { ...bed, env: { MAIA_LANG: "en" } });
    expect(run).toMatchObject({ code: 0, stdout: "Here is my plan.\n" });
    const bodies = bed.server.chatBodies();
    expect(JSON.stringify(bodies[0]?.messages?.[0])).toContain("Plan mode is on");
    const tool = (bodies[1]?.messages ?? []).find((message) => message.role === "tool");
    expect(String(tool?.content)).toContain("present your plan");
    await expect(readFile(path.join(bed.cwd, "a.txt"), "utf8")).rejects.toThrow();
  });

  it("acceptEdits: writes inside the launch folder without a rule, still refuses outside it (a link out of it too) and Bash", async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), "maia-elsewhere-"));
    await symlink(elsewhere, path.join(bed.cwd, "escape"));
    bed.server.enqueue(
      {
        toolCalls: [
          { name: "Write", arguments: { path: "inside.txt", content: "in\n" } },
          { name: "Write", arguments: { path: "../outside-maia-test.txt", content: "out\n" } },
          { name: "Write", arguments: { path: "escape/linked.txt", content: "out\n" } },
          { name: "Bash", arguments: { command: "echo hi" } },
        ],
      },
      { text: "done" },
    );
    const run = await runMaia(["-p", "write", "--model", "m", "--permission-mode", "acceptEdits"], { ...bed, env: { MAIA_LANG: "en" } });
    expect(run.code).toBe(0);
    expect(await readFile(path.join(bed.cwd, "inside.txt"), "utf8")).toBe("in\n");
    await expect(readFile(path.join(bed.cwd, "..", "outside-maia-test.txt"), "utf8")).rejects.toThrow();
    await expect(readFile(path.join(elsewhere, "linked.txt"), "utf8")).rejects.toThrow();
    expect(run.stderr).toContain("Bash(echo hi)");
  });

  it("rejects an unknown mode with exit code 2", async () => {
    const run = await runMaia(["-p", "x", "--model", "m", "--permission-mode", "yolo"], { ...bed, env: { MAIA_LANG: "fr" } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("mode de permission inconnu « yolo »");
  });
});
