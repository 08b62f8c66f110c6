import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { MAX_CONTINUATIONS } from "@maia/kernel";
import { foldersPerTest, serverPerTest } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { SLOW_TEST_MS, bash, hooksBlock, maia, readJsonLines, script, userMessages } from "./testing/test-support.ts";

/** UserPromptSubmit, Stop and the settings themselves, through the real `maia -p` bundle. */
const folders = foldersPerTest();
const llm = serverPerTest(() => startFakeLiteLLM());

describe("UserPromptSubmit", { timeout: SLOW_TEST_MS }, () => {
  it("exit 0's stdout is added to the request as context; the prompt is on stdin", async () => {
    const log = path.join(folders.home, "prompt.jsonl");
    const hook = await script(folders.home, "context.sh", `cat >> ${log}; echo >> ${log}; echo "Current branch: main"`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("UserPromptSubmit", hook) });
    llm.server.enqueue({ text: "ok" });
    const run = await maia(folders, "what branch?");
    expect(run.code, run.stderr).toBe(0);
    const [sent] = userMessages(llm.server);
    expect(sent).toContain("Current branch: main");
    expect(sent).toContain("what branch?");
    expect((await readJsonLines(log))[0]).toMatchObject({ hook_event_name: "UserPromptSubmit", prompt: "what branch?" });
  });

  it("exit 2 keeps the prompt from being sent and tells the user why", async () => {
    const hook = await script(folders.home, "secret.sh", `grep -q password && { echo "prompts must not hold passwords" >&2; exit 2; }; exit 0`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("UserPromptSubmit", hook) });
    const run = await maia(folders, "my password is hunter2");
    expect(run.code, run.stderr).toBe(0);
    expect(llm.server.chatBodies()).toHaveLength(0);
    expect(run.warnings).toContain("prompts must not hold passwords");
  });

  it("decision block with a reason blocks too, and additionalContext joins an accepted prompt", async () => {
    const hook = await script(
      folders.home,
      "json.sh",
      `if grep -q forbidden; then echo '{"decision":"block","reason":"not that topic"}'; else echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"the user likes short answers"}}'; fi`,
    );
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("UserPromptSubmit", hook) });
    const blocked = await maia(folders, "a forbidden question");
    expect(blocked.warnings).toContain("not that topic");
    expect(llm.server.chatBodies()).toHaveLength(0);
    llm.server.enqueue({ text: "ok" });
    await maia(folders, "a fine question");
    expect(userMessages(llm.server)[0]).toContain("the user likes short answers");
  });
});

describe("common JSON fields", { timeout: SLOW_TEST_MS }, () => {
  it("systemMessage is shown to the user; continue false with stopReason keeps the prompt from being sent", async () => {
    const hook = await script(
      folders.home,
      "halt.sh",
      `if grep -q halt; then echo '{"continue":false,"stopReason":"frozen until Monday"}'; else echo '{"systemMessage":"remember the code freeze"}'; fi`,
    );
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("UserPromptSubmit", hook) });
    llm.server.enqueue({ text: "ok" });
    const warned = await maia(folders, "deploy");
    expect(warned.warnings).toContain("remember the code freeze");
    expect(llm.server.chatBodies()).toHaveLength(1);
    const halted = await maia(folders, "halt now");
    expect(halted.warnings).toContain("frozen until Monday");
    expect(llm.server.chatBodies()).toHaveLength(1);
  });
});

describe("Stop", { timeout: SLOW_TEST_MS }, () => {
  it("exit 2 makes the agent go on with stderr as its next instruction; stop_hook_active says it is a follow-up", async () => {
    const log = path.join(folders.home, "stop.jsonl");
    const hook = await script(
      folders.home,
      "tests.sh",
      `input=$(cat); echo "$input" >> ${log}; case "$input" in *'"stop_hook_active":true'*) exit 0;; esac; echo "tests still fail: fix them" >&2; exit 2`,
    );
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("Stop", hook) });
    llm.server.enqueue({ text: "done!" }, { text: "fixed now" });
    const run = await maia(folders, "fix the tests");
    expect(run.code, run.stderr).toBe(0);
    expect(llm.server.chatBodies()).toHaveLength(2);
    expect(userMessages(llm.server, 1).at(-1)).toContain("tests still fail: fix them");
    const events = await readJsonLines(log);
    expect(events.map((event) => event.stop_hook_active)).toEqual([false, true]);
    expect(events[0]).toMatchObject({ hook_event_name: "Stop", cwd: folders.cwd });
    // The session file, saved by then: the transcript a script may read.
    const transcript = String(events[0]?.transcript_path);
    expect(transcript.startsWith(path.join(folders.cwd, ".maia", ".sessions") + path.sep), transcript).toBe(true);
    expect(existsSync(transcript)).toBe(true);
    expect(run.events.filter((event) => event.type === "text").map((event) => event.text).join("")).toContain("fixed now");
  });

  it(`a hook that never lets go stops after ${MAX_CONTINUATIONS} follow-ups, with a warning`, async () => {
    const hook = await script(folders.home, "never.sh", `echo '{"decision":"block","reason":"keep going"}'`);
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("Stop", hook) });
    for (let index = 0; index <= MAX_CONTINUATIONS; index += 1) llm.server.enqueue({ text: `answer ${index}` });
    const run = await maia(folders, "go");
    expect(run.code, run.stderr).toBe(0);
    expect(llm.server.chatBodies()).toHaveLength(MAX_CONTINUATIONS + 1);
    expect(run.warnings).toContain(`${MAX_CONTINUATIONS} times in a row`);
  });

  it("does not run when UserPromptSubmit blocked the prompt", async () => {
    const marker = path.join(folders.home, "stop-ran");
    const block = await script(folders.home, "block.sh", `echo no >&2; exit 2`);
    const stop = await script(folders.home, "stop.sh", `touch ${marker}`);
    llm.server.writeSettings(folders.home, { hooks: { ...hooksBlock("UserPromptSubmit", block), ...hooksBlock("Stop", stop) } });
    await maia(folders, "hi");
    expect(existsSync(marker)).toBe(false);
  });
});

describe("settings", { timeout: SLOW_TEST_MS }, () => {
  it("a bad entry is a warning naming the file, the line and the entry; the good ones still run", async () => {
    const marker = path.join(folders.home, "good-ran");
    const good = await script(folders.home, "good.sh", `touch ${marker}`);
    const file = llm.server.writeSettings(folders.home) as string;
    const settings = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    settings.hooks = {
      UserPromptSubmit: [{ hooks: [{ type: "command", command: good }] }, { matcher: 3, hooks: [] }],
      PreToolUs: [{ hooks: [{ type: "command", command: "true" }] }],
    };
    await writeFile(file, JSON.stringify(settings, null, 2));
    llm.server.enqueue({ text: "ok" });
    const run = await maia(folders, "hi");
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(marker)).toBe(true);
    const lines = (await readFile(file, "utf8")).split("\n");
    const badLine = lines.findIndex((line) => line.includes('"matcher": 3')) + 1;
    expect(run.warnings).toContain(`${file}:${badLine}`);
    expect(run.warnings).toContain("hooks.UserPromptSubmit[1]");
    expect(run.warnings).toContain('did you mean "PreToolUse"');
  });

  it("a hooks block copied verbatim from Claude Code's documentation works unchanged", async () => {
    // https://docs.anthropic.com/en/docs/claude-code/hooks-guide — "log every shell command".
    const block = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "jq -r '\\"\\\\(.tool_input.command) - \\\\(.tool_input.description // \\"No description\\")\\"' >> ~/.claude/bash-command-log.txt"
          }
        ]
      }
    ]
  }
}`;
    await mkdir(path.join(folders.home, ".claude"), { recursive: true });
    await mkdir(path.join(folders.cwd, ".maia"), { recursive: true });
    llm.server.writeSettings(folders.home, { hooks: (JSON.parse(block) as { hooks: unknown }).hooks });
    llm.server.enqueue({ toolCalls: [bash("a", "echo hi")] }, { text: "ok" });
    const run = await maia(folders, "go", ["--allow", "Bash(echo *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(folders.home, ".claude", "bash-command-log.txt"), "utf8")).toBe("echo hi - No description\n");
  });
});
