import { existsSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type Scripted } from "@maia/fake-litellm";
import { foldersPerTest, runMaia, serverPerTest, streamEvents } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { SLOW_TEST_MS, bash, hooksBlock, maia, readJsonLines, script, userMessages } from "./testing/test-support.ts";

/** SessionStart, SessionEnd, PreCompact and SubagentStop through the real bundle. */
const folders = foldersPerTest();
const llm = serverPerTest(() => startFakeLiteLLM());

describe("session events", { timeout: SLOW_TEST_MS }, () => {
  it("SessionStart (source startup) adds its stdout to the first request; SessionEnd runs when MAIA leaves", async () => {
    const log = path.join(folders.home, "session.jsonl");
    const start = await script(folders.home, "start.sh", `cat >> ${log}; echo >> ${log}; echo "Open issues: #12, #14"`);
    const end = await script(folders.home, "end.sh", `cat >> ${log}; echo >> ${log}`);
    llm.server.writeSettings(folders.home, {
      hooks: { ...hooksBlock("SessionStart", start, { matcher: "startup" }), ...hooksBlock("SessionEnd", end) },
    });
    llm.server.enqueue({ text: "ok" });
    const run = await maia(folders, "hi");
    expect(run.code, run.stderr).toBe(0);
    expect(userMessages(llm.server)[0]).toContain("Open issues: #12, #14");
    const events = await readJsonLines(log);
    expect(events.map((event) => event.hook_event_name)).toEqual(["SessionStart", "SessionEnd"]);
    expect(events[0]).toMatchObject({ source: "startup" });
    expect(events[1]).toMatchObject({ reason: "prompt_input_exit" });
    expect(events[0]?.session_id).toBe(events[1]?.session_id);
  });

  it("/new ends the session with reason clear and starts the next with source clear", async () => {
    const log = path.join(folders.home, "session.jsonl");
    const record = await script(folders.home, "record.sh", `cat >> ${log}; echo >> ${log}`);
    llm.server.writeSettings(folders.home, { hooks: { ...hooksBlock("SessionStart", record), ...hooksBlock("SessionEnd", record) } });
    const run = await maia(folders, "/new");
    expect(run.code, run.stderr).toBe(0);
    const events = (await readJsonLines(log)).map((event) => [event.hook_event_name, event.source ?? event.reason]);
    expect(events).toEqual([
      ["SessionStart", "startup"],
      ["SessionStart", "clear"],
      ["SessionEnd", "clear"],
      ["SessionEnd", "prompt_input_exit"],
    ]);
  });

  it("a SessionStart matcher for another source does not run", async () => {
    const marker = path.join(folders.home, "ran");
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("SessionStart", `touch ${marker}`, { matcher: "resume|compact" }) });
    llm.server.enqueue({ text: "ok" });
    await maia(folders, "hi");
    expect(existsSync(marker)).toBe(false);
  });

  it("--continue and --resume start the session with source resume, and its saved conversation goes on", async () => {
    const log = path.join(folders.home, "resume.jsonl");
    const record = await script(folders.home, "record.sh", `cat >> ${log}; echo >> ${log}`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("SessionStart", record) });
    llm.server.enqueue({ text: "first answer" });
    expect((await maia(folders, "hello")).code).toBe(0);
    llm.server.enqueue({ text: "second answer" }, { text: "third answer" });
    expect((await maia(folders, "again", ["--continue"])).code).toBe(0);
    const [name] = (await readdir(path.join(folders.cwd, ".maia", ".sessions"))).filter((file) => file.endsWith(".json")).map((file) => path.basename(file, ".json"));
    expect(name).toBeDefined();
    expect((await maia(folders, "once more", ["--resume", name ?? ""])).code).toBe(0);
    const sources = (await readJsonLines(log)).map((event) => event.source);
    expect(sources).toEqual(["startup", "resume", "resume"]);
    expect(userMessages(llm.server).join("\n")).toContain("hello");
  });

  it("PreCompact runs before /compact with trigger manual; the summarised session starts with source compact", async () => {
    const log = path.join(folders.home, "compact.jsonl");
    const hook = await script(folders.home, "precompact.sh", `cat >> ${log}; echo >> ${log}`);
    llm.server.writeSettings(folders.home, {
      hooks: { ...hooksBlock("PreCompact", hook, { matcher: "manual" }), ...hooksBlock("PostCompact", hook, { matcher: "manual" }), ...hooksBlock("SessionStart", hook, { matcher: "compact" }) },
    });
    llm.server.enqueue({ text: "first answer" });
    expect((await maia(folders, "hello")).code).toBe(0);
    llm.server.enqueue({ text: "A summary of the conversation." });
    const run = await maia(folders, "/compact", ["--continue"]);
    expect(run.code, run.stderr).toBe(0);
    const events = await readJsonLines(log);
    const [event, started] = events.filter((entry) => entry.hook_event_name !== "PostCompact");
    expect(event).toMatchObject({ hook_event_name: "PreCompact", trigger: "manual" });
    expect(started).toMatchObject({ hook_event_name: "SessionStart", source: "compact" });
    // Claude Code's PostCompact, once the conversation is replaced by its summary (the new session has started).
    expect(events.filter((entry) => entry.hook_event_name === "PostCompact")).toEqual([
      expect.objectContaining({ trigger: "manual", compact_summary: "A summary of the conversation." }),
    ]);
  });
});

describe("sub-agents", { timeout: SLOW_TEST_MS }, () => {
  const CHILD = /You are the sub-agent "([^"]+)"/;
  const childOf = (body: { messages?: Array<{ role: string; content?: unknown }> }) => CHILD.exec(String(body.messages?.find((message) => message.role === "system")?.content ?? ""))?.[1];

  it("run the hooks in their own process: PreToolUse on their calls, SubagentStop (not Stop) at their end", async () => {
    const log = path.join(folders.home, "child.jsonl");
    const hook = await script(folders.home, "record.sh", `cat >> ${log}; echo >> ${log}`);
    llm.server.writeSettings(folders.home, {
      hooks: { ...hooksBlock("PreToolUse", hook, { matcher: "Bash" }), ...hooksBlock("SubagentStop", hook), ...hooksBlock("Stop", hook), ...hooksBlock("SubagentStart", hook, { matcher: "worker" }) },
    });
    await mkdir(path.join(folders.cwd, ".maia", "agents", "worker"), { recursive: true });
    await writeFile(
      path.join(folders.cwd, ".maia", "agents", "worker", "AGENT.md"),
      ["---", "name: worker", "description: The worker agent", "tools: [Bash]", "---", "", "# Instructions system\nYou are worker.\n", "# Missions\nDo the task.\n", "# Output\nOne line.\n"].join("\n"),
    );
    const main: Scripted[] = [{ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "worker", task: "say hi" } }] }, { text: "The worker is done." }];
    const child: Scripted[] = [{ toolCalls: [bash("b1", "echo hi")] }, { text: "said hi" }];
    for (let index = 0; index < 10; index += 1) {
      llm.server.enqueue((body) => (childOf(body) === "worker" ? child.shift() : main.shift()) ?? { error: { status: 500, body: "nothing left" } });
    }
    const run = await runMaia(["-p", "go", "--model", "fake-model", "--output-format", "stream-json", "--allow", "Agent", "--allow", "Bash(echo *)"], {
      ...folders,
      timeoutMs: 60_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const agentResult = streamEvents(run.stdout).find((event) => event.type === "tool_result" && event.name === "Agent");
    expect(String(agentResult?.content), run.stdout).toContain("said hi");
    const all = await readJsonLines(log);
    // Claude Code's SubagentStart runs in MAIA's process as the sub-agent starts (beside its own hooks, in any order).
    expect(all.filter((event) => event.hook_event_name === "SubagentStart")).toEqual([expect.objectContaining({ agent_type: "worker", agent_id: expect.stringContaining("worker") })]);
    const events = all.filter((event) => event.hook_event_name !== "SubagentStart");
    expect(events.map((event) => event.hook_event_name)).toEqual(["PreToolUse", "SubagentStop", "Stop"]);
    expect(events[0]).toMatchObject({ tool_name: "Bash", tool_input: { command: "echo hi" } });
  });

  it("SubagentStop exit 2 makes the sub-agent go on with stderr; a PreToolUse matcher `Agent` sees the sub-agent call", async () => {
    const log = path.join(folders.home, "agent.jsonl");
    const record = await script(folders.home, "record.sh", `cat >> ${log}; echo >> ${log}`);
    const stop = await script(
      folders.home,
      "not-yet.sh",
      `input=$(cat); echo "$input" >> ${log}; case "$input" in *'"stop_hook_active":true'*) exit 0;; esac; echo "not done: say it twice" >&2; exit 2`,
    );
    llm.server.writeSettings(folders.home, { hooks: { ...hooksBlock("PreToolUse", record, { matcher: "Agent" }), ...hooksBlock("SubagentStop", stop) } });
    await mkdir(path.join(folders.cwd, ".maia", "agents", "worker"), { recursive: true });
    await writeFile(
      path.join(folders.cwd, ".maia", "agents", "worker", "AGENT.md"),
      ["---", "name: worker", "description: The worker agent", "tools: [Bash]", "---", "", "# Instructions system\nYou are worker.\n", "# Missions\nDo the task.\n", "# Output\nOne line.\n"].join("\n"),
    );
    const main: Scripted[] = [{ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "worker", task: "say hi" } }] }, { text: "The worker is done." }];
    const child: Scripted[] = [{ text: "hi" }, { text: "hi hi" }];
    const childBodies: Array<{ messages?: Array<{ role: string; content?: unknown }> }> = [];
    for (let index = 0; index < 10; index += 1) {
      llm.server.enqueue((body) => {
        if (childOf(body) !== "worker") return main.shift() ?? { error: { status: 500, body: "nothing left" } };
        childBodies.push(body);
        return child.shift() ?? { error: { status: 500, body: "nothing left" } };
      });
    }
    const run = await runMaia(["-p", "go", "--model", "fake-model", "--output-format", "stream-json", "--allow", "Agent"], { ...folders, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    const agentResult = streamEvents(run.stdout).find((event) => event.type === "tool_result" && event.name === "Agent");
    expect(String(agentResult?.content), run.stdout).toContain("hi hi");
    expect(childBodies).toHaveLength(2);
    const lastUser = childBodies[1]?.messages?.filter((message) => message.role === "user").at(-1);
    expect(String(lastUser?.content)).toContain("not done: say it twice");
    const events = await readJsonLines(log);
    expect(events.map((event) => [event.hook_event_name, event.tool_name ?? event.stop_hook_active])).toEqual([
      ["PreToolUse", "Agent"],
      ["SubagentStop", false],
      ["SubagentStop", true],
    ]);
  });
});
