import { realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { AgentDefinition } from "./agent-definition.ts";
import { launchSubAgent, STDERR_TAIL_CHARS, type LaunchOptions } from "./launcher.ts";
import type { StartSpec } from "@maia/subagent-protocol";
import { tempFolder } from "./testing/agents.ts";

/**
 * A stand-in for `maia --subagent`: a real Node process that speaks the protocol, in the way FAKE_CHILD says.
 * The launcher is what is tested here; the real child is tested end to end (subagents.e2e.test.ts).
 */
const FAKE_CHILD = `
const mode = process.env.FAKE_CHILD;
const send = (message) => process.send(message);
const finish = (message, code = 0) => process.send(message, () => { process.disconnect(); process.exitCode = code; });
const messages = [{ role: "user", content: [{ type: "text", text: "task" }] }];
process.on("message", (message) => {
  if (message.type === "start") {
    if (process.argv[2] !== "--subagent") return finish({ type: "done", ok: false, summary: "no flag", messages: [] }, 1);
    const spec = message.spec;
    if (mode === "ok") {
      send("not a message");
      send({ type: "log", level: "bogus", message: "ignored" });
      send({ type: "log", level: "warn", message: "tools: \\"Grep\\" is not a tool here" });
      send({ type: "confirm", id: 7, message: "Allow Bash: ls?" });
    } else if (mode === "crash") {
      process.stderr.write("x".repeat(5000) + "\\nError: boom at the end\\n");
      process.exit(3);
    } else if (mode === "fail") {
      finish({ type: "done", ok: false, summary: "LiteLLM unreachable", messages }, 1);
    } else if (mode === "mcp") {
      // Two calls: one the parent offered, one it did not; done once both answered.
      send({ type: "mcp-call", id: 1, name: "mcp__fx__echo", input: { text: "hi" } });
      send({ type: "mcp-call", id: 2, name: "mcp__fx__secret", input: {} });
    } else if (mode === "wait" || mode === "deaf") {
      send({ type: "confirm", id: 1, message: "Allow Write: a.txt?" });
    }
    globalThis.spec = spec;
  } else if (message.type === "mcp-result") {
    globalThis.results = [...(globalThis.results ?? []), message];
    if (globalThis.results.length === 2) {
      const summary = JSON.stringify(globalThis.results.sort((a, b) => a.id - b.id));
      finish({ type: "done", ok: true, summary, messages, toolCalls: 2 });
    }
  } else if (message.type === "confirm-result" && mode === "ok") {
    const spec = globalThis.spec;
    const summary = [spec.task, spec.model, spec.agent.name, spec.canAsk, message.id, message.ok, process.cwd(), process.env.MAIA_CWD].join("|");
    finish({ type: "done", ok: true, summary, messages: [...messages, { role: "assistant", content: [{ type: "text", text: summary }] }], toolCalls: 4 });
  } else if (message.type === "confirm-result") {
    globalThis.answers = [...(globalThis.answers ?? []), message.ok];
  } else if (message.type === "abort" && mode === "wait") {
    setTimeout(() => finish({ type: "done", ok: false, summary: "interrupted; answers " + JSON.stringify(globalThis.answers ?? []), messages }, 1), 50);
  }
});
if (mode === "deaf") process.on("disconnect", () => setInterval(() => {}, 1000));
`;

const agent: AgentDefinition = {
  name: "reviewer",
  description: "Reviews",
  permissions: { allow: [], ask: [], deny: [] },
  effort: "low",
  omitMd: false,
  trace: false,
  instructions: "i",
  missions: "m",
  output: "o",
  file: "/x/AGENT.md",
  level: "project",
};

let program: string;
let cwd: string;
beforeAll(async () => {
  const folder = await tempFolder("fake-child");
  program = path.join(folder, "fake-child.cjs");
  await writeFile(program, FAKE_CHILD);
  cwd = await realpath(await tempFolder("cwd"));
});

function launch(mode: string, overrides: Partial<LaunchOptions> = {}) {
  const spec: StartSpec = { agent, task: "check src", cwd, model: "litellm:small", allowRules: ["Read"], canAsk: true };
  const questions: string[] = [];
  const logs: string[] = [];
  const result = launchSubAgent({
    spec,
    program,
    execArgv: [],
    env: { ...process.env, FAKE_CHILD: mode },
    confirm: async (question) => {
      questions.push(question);
      return true;
    },
    onLog: (level, message) => logs.push(`${level}: ${message}`),
    ...overrides,
  });
  return { result, questions, logs };
}

describe("the sub-agent launcher (seed § 20.2, § 20.4)", () => {
  it("sends start, relays a confirmation and collects done; junk messages are ignored", async () => {
    const { result, questions, logs } = launch("ok");
    const outcome = await result;
    expect(outcome.ok).toBe(true);
    expect(outcome.summary).toBe(`check src|litellm:small|reviewer|true|7|true|${cwd}|${cwd}`);
    expect(outcome.toolCalls).toBe(4);
    expect(outcome.messages).toHaveLength(2);
    expect(outcome.failure).toBeUndefined();
    expect(questions).toEqual(["Allow Bash: ls?"]);
    expect(logs).toEqual(['warn: tools: "Grep" is not a tool here']);
  });

  it("runs the child's MCP calls through callMcp, only for the tools it offered", async () => {
    const calls: string[] = [];
    const spec: StartSpec = {
      agent,
      task: "t",
      cwd,
      model: "m",
      allowRules: [],
      canAsk: false,
      mcpTools: [{ name: "mcp__fx__echo", description: "Echoes", inputSchema: { type: "object" } }],
    };
    const outcome = await launch("mcp", {
      spec,
      callMcp: async (name, input) => {
        calls.push(`${name} ${JSON.stringify(input)}`);
        return { content: `echo: ${String(input.text)}`, isError: false };
      },
    }).result;
    expect(outcome.ok).toBe(true);
    expect(calls).toEqual(['mcp__fx__echo {"text":"hi"}']);
    expect(JSON.parse(outcome.summary)).toEqual([
      { type: "mcp-result", id: 1, content: "echo: hi", isError: false },
      { type: "mcp-result", id: 2, content: "The MCP tool mcp__fx__secret is not available to this sub-agent.", isError: true },
    ]);
  });

  it("reports a child that ends without a result, with the end of its stderr", async () => {
    const outcome = await launch("crash").result;
    expect(outcome.ok).toBe(false);
    expect(outcome.failure?.kind).toBe("crashed");
    expect(outcome.failure?.exit).toEqual({ code: 3, signal: null });
    expect(outcome.failure?.stderrTail.endsWith("Error: boom at the end")).toBe(true);
    expect(outcome.failure?.stderrTail.length).toBe(STDERR_TAIL_CHARS);
  });

  it("reports a child's own failure with its reason and its messages", async () => {
    const outcome = await launch("fail").result;
    expect(outcome).toMatchObject({ ok: false, failure: { kind: "failed", detail: "LiteLLM unreachable" } });
    expect(outcome.messages).toHaveLength(1);
  });

  it("reports a program that cannot run", async () => {
    const outcome = await launch("ok", { program: path.join(cwd, "missing.js") }).result;
    expect(outcome.failure?.kind).toBe("crashed");
    expect(outcome.failure?.stderrTail).toContain("Cannot find module");
  });

  it("reports a process that cannot be started at all", async () => {
    const outcome = await launchSubAgent({
      spec: { agent, task: "t", cwd: path.join(cwd, "no-such-folder"), model: "m", allowRules: [], canAsk: false },
      program,
      execArgv: [],
      env: process.env,
      confirm: async () => false,
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.failure?.kind).toBe("spawn");
    expect(outcome.failure?.detail).toContain("ENOENT");
  });

  it("on interruption, sends abort and refuses the question still open; the child's messages are kept", async () => {
    const controller = new AbortController();
    const { result, questions } = launch("wait", {
      signal: controller.signal,
      confirm: (question, signal) =>
        new Promise((resolve) => {
          questions.push(question);
          controller.abort();
          signal.addEventListener("abort", () => resolve(true), { once: true });
        }),
    });
    const outcome = await result;
    expect(questions).toEqual(["Allow Write: a.txt?"]);
    expect(outcome.failure?.kind).toBe("aborted");
    expect(outcome.failure?.detail).toBe("interrupted; answers [false]");
    expect(outcome.messages).toHaveLength(1);
  });

  it("kills a child that ignores abort after the grace, and stops one that passes the time limit", async () => {
    const killed = await launch("deaf", { timeoutMs: 200, killDelayMs: 300, confirm: () => new Promise(() => undefined) }).result;
    expect(killed.ok).toBe(false);
    expect(killed.failure?.kind).toBe("timeout");
    const aborted = new AbortController();
    aborted.abort();
    const never = await launch("deaf", { signal: aborted.signal, killDelayMs: 100, confirm: () => new Promise(() => undefined) }).result;
    expect(never.failure?.kind).toBe("aborted");
  });
});
