import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { setActiveLocale, type AgentSession, type Kernel } from "@maia/kernel";
import { createTestKernel, recordEvents, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import builtinTools from "./index.ts";
import { eventually, processAlive } from "./testing/harness.ts";

const litellm = await firstParty("litellm");

let server: FakeLiteLLM;
let kernel: Kernel;
let cwd: string;

beforeEach(async () => {
  setActiveLocale("en");
  server = await startFakeLiteLLM({ script: [] });
  const test = await createTestKernel([litellm, builtinTools]);
  kernel = test.kernel;
  cwd = test.cwd;
  server.writeSettings(test.homeDir);
});
afterEach(async () => {
  setActiveLocale(undefined);
  await server.close();
});

function session(answers: Array<"yes" | "no" | "stop"> = []): Promise<AgentSession> {
  return kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction(answers) });
}

/** What the model was last sent as the result of call `id`. */
function resultOf(id: string): string | undefined {
  const bodies = server.chatBodies() as Array<{ messages: Array<{ role: string; tool_call_id?: string; content: string }> }>;
  const last = bodies[bodies.length - 1];
  return last?.messages.find((message) => message.role === "tool" && message.tool_call_id === id)?.content;
}

const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, arguments: args });

describe("builtin-tools plugin", () => {
  it("offers the nine tools to the model in the seed's order, with Bash's background companions after it", async () => {
    server.enqueue({ text: "hello" });
    const agent = await session();
    expect([...agent.tools.keys()]).toEqual(["Read", "Glob", "Grep", "Write", "Edit", "Bash", "BashOutput", "KillShell", "TodoWrite", "WebFetch", "CurrentModel"]);
    await kernel.runTurn(agent, "hi");
    const tools = (server.chatBodies()[0] as { tools: Array<{ function: { name: string; parameters: { required?: string[] } } }> }).tools;
    expect(tools.map((tool) => tool.function.name)).toEqual(["Read", "Glob", "Grep", "Write", "Edit", "Bash", "BashOutput", "KillShell", "TodoWrite", "WebFetch", "CurrentModel"]);
    expect(tools.find((tool) => tool.function.name === "Edit")?.function.parameters.required).toEqual(["path", "old_string", "new_string"]);
  });

  it("lets the model read then edit a file, after the user's confirmation", async () => {
    await writeFile(path.join(cwd, "app.js"), "const greeting = 'hello';\n");
    server.enqueue(
      { toolCalls: [call("c1", "Read", { path: "app.js" })] },
      { toolCalls: [call("c2", "Edit", { path: "app.js", old_string: "'hello'", new_string: "'bonjour'" })] },
      { text: "Done." },
    );
    const interaction = scriptedInteraction(["yes"]);
    const agent = await kernel.createSession({ model: "fake-model" }, { interaction });
    const outcome = await kernel.runTurn(agent, "translate the greeting");
    expect(outcome.status).toBe("done");
    expect(await readFile(path.join(cwd, "app.js"), "utf8")).toBe("const greeting = 'bonjour';\n");
    expect(interaction.questions).toEqual(["Allow Edit: app.js?"]);
    expect(resultOf("c1")).toBe("     1\tconst greeting = 'hello';");
    expect(resultOf("c2")).toContain("Edited app.js (one replacement at line 1)");
  });

  it("refuses an edit of a file the model never read, and tells the model why", async () => {
    await writeFile(path.join(cwd, "keep.txt"), "original\n");
    server.enqueue({ toolCalls: [call("c1", "Edit", { path: "keep.txt", old_string: "original", new_string: "changed" })] }, { text: "ok" });
    await kernel.runTurn(await session(["yes"]), "change it");
    expect(await readFile(path.join(cwd, "keep.txt"), "utf8")).toBe("original\n");
    expect(resultOf("c1")).toContain("you have not read it in this conversation: Read it first");
  });

  it("forgets the files seen when the conversation is compacted, and in a new conversation", async () => {
    await writeFile(path.join(cwd, "f.txt"), "v1\n");
    server.enqueue({ toolCalls: [call("c1", "Read", { path: "f.txt" })] }, { text: "read" });
    const agent = await session(["yes", "yes"]);
    await kernel.runTurn(agent, "read f");
    await kernel.hooks.onCompact.promise({ session: agent, summary: "summary", replacedMessages: 2 });
    server.enqueue({ toolCalls: [call("c2", "Write", { path: "f.txt", content: "v2\n" })] }, { text: "ok" });
    await kernel.runTurn(agent, "write f");
    expect(resultOf("c2")).toContain("you have not read it in this conversation");

    server.enqueue({ toolCalls: [call("c3", "Read", { path: "f.txt" })] }, { text: "read" });
    await kernel.runTurn(agent, "read again");
    const fresh = await session(["yes"]);
    server.enqueue({ toolCalls: [call("c4", "Write", { path: "f.txt", content: "v3\n" })] }, { text: "ok" });
    await kernel.runTurn(fresh, "write f");
    expect(resultOf("c4")).toContain("you have not read it in this conversation");
    expect(await readFile(path.join(cwd, "f.txt"), "utf8")).toBe("v1\n");
  });

  it("accepts Write's aliases and string arrays through the kernel's validation, and lists what was received when content is missing", async () => {
    server.enqueue(
      { toolCalls: [call("c1", "Write", { file_path: "notes/todo.md", contents: ["# Todo", "- one"] })] },
      { toolCalls: [call("c2", "Write", { path: "x.md" })] },
      { text: "ok" },
    );
    await kernel.runTurn(await session(["yes", "yes"]), "write notes");
    expect(await readFile(path.join(cwd, "notes/todo.md"), "utf8")).toBe("# Todo\n- one");
    expect(resultOf("c2")).toBe(
      "Parameter \"content\" missing or invalid (must have required property 'content'). Parameters received: path (string).",
    );
  });

  it("runs parallel calls and returns their results in call order", async () => {
    await writeFile(path.join(cwd, "a.txt"), "A\n");
    await writeFile(path.join(cwd, "b.txt"), "B\n");
    server.enqueue(
      {
        toolCalls: [
          call("c1", "Read", { path: "a.txt" }),
          call("c2", "Grep", { pattern: "B" }),
          call("c3", "TodoWrite", { todos: [{ content: "Check", status: "in_progress", activeForm: "Checking" }] }),
          call("c4", "CurrentModel", {}),
        ],
      },
      { text: "ok" },
    );
    const agent = await session();
    const events = recordEvents(agent.events);
    await kernel.runTurn(agent, "look");
    expect(["c1", "c2", "c3", "c4"].map(resultOf)).toEqual([
      "     1\tA",
      "Found 1 file:\nb.txt",
      "▶ Checking\n\n1 task: 0 done, 1 in progress, 0 pending.",
      "The active model is fake-model.",
    ]);
    expect(events.filter((event) => event.type === "tool_call").map((event) => (event.type === "tool_call" ? event.summary : ""))).toEqual([
      "a.txt",
      "B",
      "1 task",
      "",
    ]);
  });

  it("interrupts a running command when the turn is aborted", async () => {
    const pidFile = path.join(cwd, "pid");
    server.enqueue({ toolCalls: [call("c1", "Bash", { command: `sleep 30 & echo $! > ${pidFile}; wait` })] }, { text: "never" });
    const controller = new AbortController();
    const agent = await session(["yes"]);
    const running = kernel.runTurn(agent, "wait", { signal: controller.signal });
    for (let tries = 0; tries < 200 && (await readFile(pidFile, "utf8").catch(() => "")) === ""; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const outcome = await running;
    expect(outcome.status).toBe("aborted");
    const pid = Number(await readFile(pidFile, "utf8"));
    expect(await eventually(async () => !(await processAlive(pid)))).toBe(true);
    expect(agent.messages).toEqual([]);
  });
});
