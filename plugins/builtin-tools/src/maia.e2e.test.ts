import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
// The CLI's own test runner and plugin list, by path: this package does not depend on @maia/cli.
import { builtinPlugin, maiaPerTest, runMaia, type StreamEvent, streamEvents } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

async function maia(prompt: string, extra: string[] = []): Promise<{ code: number | null; events: StreamEvent[]; stderr: string }> {
  const run = await runMaia(["-p", prompt, "--model", "fake-model", "--output-format", "stream-json", ...extra], bed);
  return { code: run.code, events: streamEvents(run.stdout), stderr: run.stderr };
}

const results = (events: StreamEvent[]) => events.filter((event) => event.type === "tool_result").map((event) => [event.name, event.content]);
const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, arguments: args });

describe("builtin tools through `maia -p` (built bundle, fake LiteLLM)", () => {
  it("runs the read-only tools and sends their results to the model", async () => {
    await mkdir(path.join(bed.cwd, "src"), { recursive: true });
    await writeFile(path.join(bed.cwd, "src/main.ts"), "export function main() {\n  return 42;\n}\n");
    await writeFile(path.join(bed.cwd, "README.md"), "# Demo\n");
    bed.server.enqueue(
      {
        toolCalls: [
          call("c1", "Glob", { pattern: "**/*.ts" }),
          call("c2", "Grep", { pattern: "return \\d+", output_mode: "content" }),
          call("c3", "Read", { path: "src/main.ts", offset: 2, limit: 1 }),
          call("c4", "TodoWrite", { todos: [{ content: "Explain main", status: "in_progress", activeForm: "Explaining main" }] }),
          call("c5", "CurrentModel", {}),
        ],
      },
      { text: "main returns 42." },
    );
    // With the permissions plugin every tool needs a rule (seed § 9.2); without it these run by default.
    const allow = ["Glob", "Grep", "Read", "TodoWrite", "CurrentModel"].flatMap((rule) => ["--allow", rule]);
    const { code, events } = await maia("what does main return?", allow);
    expect(code).toBe(0);
    expect(results(events)).toEqual([
      ["Glob", "src/main.ts"],
      ["Grep", "src/main.ts:2:  return 42;"],
      ["Read", "     2\t  return 42;\n\n[Lines 2–2 of 3. To read more, call Read with offset=3.]"],
      ["TodoWrite", "▶ Explaining main\n\n1 task: 0 done, 1 in progress, 0 pending."],
      ["CurrentModel", "The active model is fake-model."],
    ]);
    const second = bed.server.chatBodies()[1] as { messages: Array<{ role: string; content: string }> };
    expect(second.messages.filter((message) => message.role === "tool").map((message) => message.content)[2]).toBe(
      "     2\t  return 42;\n\n[Lines 2–2 of 3. To read more, call Read with offset=3.]",
    );
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
  });

  it("refuses the tools that need a confirmation when nobody can answer and no rule allows them", async () => {
    bed.server.enqueue({ toolCalls: [call("c1", "Bash", { command: "touch should-not-exist" })] }, { text: "ok" });
    const { events } = await maia("run it");
    const [name, content] = results(events)[0] ?? [];
    expect(name).toBe("Bash");
    expect(content).toContain("--allow 'Bash(touch should-not-exist)'");
    await expect(readFile(path.join(bed.cwd, "should-not-exist"))).rejects.toThrow();
  });

  const permissionsOn = builtinPlugin("permissions");
  it.skipIf(!permissionsOn)("writes, edits and runs commands when --allow rules permit them (needs the permissions plugin)", async () => {
    bed.server.enqueue(
      { toolCalls: [call("c1", "Write", { path: "out/hello.txt", content: "hello\n" })] },
      { toolCalls: [call("c2", "Edit", { path: "out/hello.txt", old_string: "hello", new_string: "bonjour" })] },
      { toolCalls: [call("c3", "Bash", { command: "cat out/hello.txt missing.txt" })] },
      { text: "done" },
    );
    const { code, events } = await maia("write, edit, show", ["--allow", "Write", "--allow", "Edit", "--allow", "Bash(cat *)"]);
    expect(code).toBe(0);
    expect(await readFile(path.join(bed.cwd, "out/hello.txt"), "utf8")).toBe("bonjour\n");
    expect(results(events)[2]).toEqual(["Bash", "bonjour\ncat: missing.txt: No such file or directory\n[exit code: 1]"]);
  });
});
