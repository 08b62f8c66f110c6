import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { eventually, foldersPerTest, processAlive, serverPerTest } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { SLOW_TEST_MS, bash, hooksBlock, maia, readJsonLines, script, toolResults } from "./testing/test-support.ts";

/** PreToolUse and PostToolUse through the real `maia -p` bundle, real scripts, the fake LiteLLM server. */
const folders = foldersPerTest();
const llm = serverPerTest(() => startFakeLiteLLM());

describe("PreToolUse", { timeout: SLOW_TEST_MS }, () => {
  it("exit 2 blocks the call, its stderr is the tool result, and the hook read the event on stdin", async () => {
    const log = path.join(folders.home, "events.jsonl");
    const hook = await script(
      folders.home,
      "guard.sh",
      `cat >> ${log}; echo >> ${log}; echo "MAIA=$MAIA_PROJECT_DIR CLAUDE=$CLAUDE_PROJECT_DIR PWD=$PWD" > ${folders.home}/env.txt; echo "no files today" >&2; exit 2`,
    );
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook, { matcher: "Bash" }) });
    llm.server.enqueue({ toolCalls: [bash("a", "touch made.txt")] }, { text: "ok" });
    const run = await maia(folders, "make a file", ["--allow", "Bash(touch *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(folders.cwd, "made.txt"))).toBe(false);
    expect(toolResults(llm.server)[0]).toContain("no files today");
    expect(run.events.filter((event) => event.type === "hook")).toEqual([
      { type: "hook", event: "PreToolUse", command: hook, outcome: "exited with code 2", durationMs: expect.any(Number) },
    ]);
    const [event] = await readJsonLines(log);
    expect(event).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "touch made.txt" },
      tool_use_id: "a",
      cwd: folders.cwd,
    });
    expect(typeof event?.session_id).toBe("string");
    expect(await readFile(path.join(folders.home, "env.txt"), "utf8")).toBe(`MAIA=${folders.cwd} CLAUDE=${folders.cwd} PWD=${folders.cwd}\n`);
  });

  it("a matcher that does not match leaves the call alone; `Edit|Write` is a whole-name expression", async () => {
    const hook = await script(folders.home, "deny.sh", `echo "blocked" >&2; exit 2`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook, { matcher: "Edit|Write" }) });
    llm.server.enqueue({ toolCalls: [bash("a", "touch made.txt")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(touch *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(folders.cwd, "made.txt"))).toBe(true);
  });

  it("permissionDecision allow skips the question a headless run would refuse, but never a deny rule", async () => {
    const hook = await script(
      folders.home,
      "allow.sh",
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"fine"}}'`,
    );
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook), permissions: { deny: ["Bash(rm *)"] } });
    await readFile(path.join(folders.home, ".maia", "settings.json"), "utf8");
    llm.server.enqueue({ toolCalls: [bash("a", "touch allowed.txt"), bash("b", "rm -f allowed.txt")] }, { text: "ok" });
    const run = await maia(folders, "go");
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(folders.cwd, "allowed.txt"))).toBe(true);
    expect(toolResults(llm.server)[1]).toBe("Action denied by the permission rules (Bash(rm *)). Do not retry it as is.");
  });

  it("permissionDecision deny and ask tighten: deny's reason goes to the model, ask is refused headless despite --allow", async () => {
    const hook = await script(
      folders.home,
      "decide.sh",
      `input=$(cat); case "$input" in *one*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not one"}}';; *) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"check two"}}';; esac`,
    );
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook, { matcher: "Bash" }) });
    llm.server.enqueue({ toolCalls: [bash("a", "touch one"), bash("b", "touch two")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(touch *)"]);
    expect(run.code, run.stderr).toBe(0);
    const [first, second] = toolResults(llm.server);
    expect(first).toContain("not one");
    expect(second).toContain("refused");
    expect(existsSync(path.join(folders.cwd, "one")) || existsSync(path.join(folders.cwd, "two"))).toBe(false);
  });

  it("updatedInput changes the call before the rules and the tool see it; an invalid one runs nothing", async () => {
    const hook = await script(
      folders.home,
      "rewrite.sh",
      `input=$(cat); case "$input" in *first*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"touch rewritten"}}}';; *) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":42}}}';; esac`,
    );
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook), permissions: { deny: ["Bash(touch forbidden)"] } });
    llm.server.enqueue({ toolCalls: [bash("a", "touch first")] }, { toolCalls: [bash("b", "touch second")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(touch *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(folders.cwd, "rewritten"))).toBe(true);
    expect(existsSync(path.join(folders.cwd, "first"))).toBe(false);
    expect(existsSync(path.join(folders.cwd, "second"))).toBe(false);
    expect(toolResults(llm.server)[1]).toMatch(/command/);
  });

  it("a deny rule still applies to the input a hook rewrote", async () => {
    const hook = await script(
      folders.home,
      "sneaky.sh",
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"touch forbidden"}}}'`,
    );
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook), permissions: { deny: ["Bash(touch forbidden)"] } });
    llm.server.enqueue({ toolCalls: [bash("a", "touch fine")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(touch *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(folders.cwd, "forbidden"))).toBe(false);
    expect(toolResults(llm.server)[0]).toContain("Bash(touch forbidden)");
  });

  it("another exit code warns the user and the call goes on", async () => {
    const hook = await script(folders.home, "broken.sh", `echo "oops" >&2; exit 1`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook) });
    llm.server.enqueue({ toolCalls: [bash("a", "touch made.txt")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(touch *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(folders.cwd, "made.txt"))).toBe(true);
    expect(run.warnings).toContain("exited with code 1: oops");
  });

  it("a hook past its timeout is stopped with the child it spawned, and the call goes on", async () => {
    const pids = path.join(folders.home, "pids");
    const hook = await script(folders.home, "slow.sh", `sleep 300 & echo $! > ${pids}; sleep 300`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook, { timeout: 1 }) });
    llm.server.enqueue({ toolCalls: [bash("a", "touch made.txt")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(touch *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.warnings).toContain("timed out after 1 s");
    expect(existsSync(path.join(folders.cwd, "made.txt"))).toBe(true);
    const child = Number((await readFile(pids, "utf8")).trim());
    // Killed at once; on a loaded machine its exit may take a moment to be reaped (a zombie still answers kill 0).
    expect(await eventually(async () => !(await processAlive(child)), 5000)).toBe(true);
  });

  it("a flood of output is cut, the start and the end kept", async () => {
    const hook = await script(folders.home, "flood.sh", `echo START >&2; head -c 3000000 /dev/zero | tr '\\0' x >&2; echo; echo END >&2; exit 2`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook) });
    llm.server.enqueue({ toolCalls: [bash("a", "touch made.txt")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(touch *)"]);
    expect(run.code, run.stderr).toBe(0);
    const result = toolResults(llm.server)[0] ?? "";
    expect(result.length).toBeLessThan(40_000);
    expect(result).toContain("START");
    expect(result).toContain("END");
  });

  it("stdout that starts like JSON but is not warns, and is not a decision", async () => {
    const hook = await script(folders.home, "bad-json.sh", `echo '{"permissionDecision": deny'`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook) });
    llm.server.enqueue({ toolCalls: [bash("a", "touch made.txt")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(touch *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.warnings).toContain("not valid JSON");
    expect(existsSync(path.join(folders.cwd, "made.txt"))).toBe(true);
  });
});

describe("PostToolUse", { timeout: SLOW_TEST_MS }, () => {
  it("exit 2's stderr reaches the model with the result; the tool input and response are on stdin", async () => {
    const log = path.join(folders.home, "post.jsonl");
    const hook = await script(folders.home, "lint.sh", `cat >> ${log}; echo >> ${log}; echo "lint: 3 problems" >&2; exit 2`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PostToolUse", hook, { matcher: "Bash" }) });
    llm.server.enqueue({ toolCalls: [bash("a", "echo hello")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(echo *)"]);
    expect(run.code, run.stderr).toBe(0);
    const [result] = toolResults(llm.server);
    expect(result).toContain("hello");
    expect(result).toContain("lint: 3 problems");
    const [event] = await readJsonLines(log);
    expect(event).toMatchObject({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "echo hello" } });
    expect(String(event?.tool_response)).toContain("hello");
  });

  it("decision block's reason and additionalContext reach the model; plain stdout does not", async () => {
    const hook = await script(
      folders.home,
      "review.sh",
      `echo '{"decision":"block","reason":"format the file","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"style guide: tabs"}}'`,
    );
    const quiet = await script(folders.home, "quiet.sh", `echo "just a log line"`);
    llm.server.writeSettings(folders.home, {
      hooks: { PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: hook }, { type: "command", command: quiet }] }] },
    });
    llm.server.enqueue({ toolCalls: [bash("a", "echo hi")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(echo *)"]);
    expect(run.code, run.stderr).toBe(0);
    const [result] = toolResults(llm.server);
    expect(result).toContain("format the file");
    expect(result).toContain("style guide: tabs");
    expect(result).not.toContain("just a log line");
  });
});

describe("Claude Code's newer events (issue 36)", { timeout: SLOW_TEST_MS }, () => {
  it("PostToolUseFailure runs after a failed call, its additionalContext for the model; StopFailure when the request fails", async () => {
    const log = path.join(folders.home, "failures.jsonl");
    const failure = await script(
      folders.home,
      "failure.sh",
      `cat >> ${log}; echo >> ${log}; echo '{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"try npm ci first"}}'`,
    );
    const stopped = await script(folders.home, "stopped.sh", `cat >> ${log}; echo >> ${log}`);
    llm.server.writeSettings(folders.home, {
      hooks: { ...hooksBlock("PostToolUseFailure", failure, { matcher: "Read" }), ...hooksBlock("StopFailure", stopped) },
    });
    // A Read of a missing file fails (an error result); a Bash that exits 1 is a result like any other in MAIA.
    llm.server.enqueue({ toolCalls: [{ id: "a", name: "Read", arguments: { path: "missing.txt" } }, bash("b", "true")] }, { error: { status: 500, body: "model down" } });
    const run = await maia(folders, "go", ["--allow", "Read", "--allow", "Bash(true)"]);
    expect(run.code).toBe(1);
    const events = await readJsonLines(log);
    expect(events.map((event) => event.hook_event_name)).toEqual(["PostToolUseFailure", "StopFailure"]);
    expect(events[0]).toMatchObject({ tool_name: "Read", tool_input: { path: "missing.txt" }, tool_use_id: "a", error: expect.stringContaining("missing.txt") });
    expect(String(events[1]?.error)).toContain("500");
    expect(toolResults(llm.server)[0]).toContain("try npm ci first");
  });
});
