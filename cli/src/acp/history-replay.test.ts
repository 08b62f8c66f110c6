import type { Message } from "@maia/kernel";
import { createBuiltinTools } from "@maia/plugin-builtin-tools";
import { describe, expect, it } from "vitest";
import { HISTORY_TOOL_RESULT_CHARS, HISTORY_USER_CHARS, replayHistory } from "./history-replay.ts";

const tools = new Map(createBuiltinTools({ homeDir: "/home/u" }).map((tool) => [tool.spec.name, tool]));
const places = { tools, cwd: "/p", homeDir: "/home/u" };

describe("replayHistory", () => {
  it("replays the conversation in order, each tool call once with how it ended", () => {
    const messages: Message[] = [
      { role: "user", content: [{ type: "text", text: "fix it" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Looking." },
          { type: "tool_use", id: "a", name: "Read", input: { path: "x.ts" } },
          { type: "tool_use", id: "b", name: "Bash", input: { command: "false" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", toolUseId: "a", content: "1\tx" },
          { type: "tool_result", toolUseId: "b", content: "[exit code: 1]", isError: true },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "Done." }] },
    ];
    expect(replayHistory({ messages, ...places })).toEqual([
      { sessionUpdate: "user_message_chunk", content: { type: "text", text: "fix it" } },
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Looking." } },
      {
        sessionUpdate: "tool_call",
        toolCallId: "a",
        title: "Read x.ts",
        kind: "read",
        status: "completed",
        locations: [{ path: "/p/x.ts" }],
        rawInput: { path: "x.ts" },
        content: [{ type: "content", content: { type: "text", text: "1\tx" } }],
      },
      {
        sessionUpdate: "tool_call",
        toolCallId: "b",
        title: "Bash false",
        kind: "execute",
        status: "failed",
        locations: [],
        rawInput: { command: "false" },
        content: [{ type: "content", content: { type: "text", text: "[exit code: 1]" } }],
      },
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Done." } },
    ]);
  });

  it("shows the compacted summary first, cuts long texts as /load does, and never repeats a call id", () => {
    const long = "y".repeat(HISTORY_TOOL_RESULT_CHARS + 10);
    const messages: Message[] = [
      { role: "user", content: [{ type: "text", text: "u".repeat(HISTORY_USER_CHARS + 5) }] },
      { role: "assistant", content: [{ type: "tool_use", id: "call_0", name: "Glob", input: { pattern: "*.ts" } }] },
      { role: "user", content: [{ type: "tool_result", toolUseId: "call_0", content: long }] },
      { role: "assistant", content: [{ type: "tool_use", id: "call_0", name: "Grep", input: { pattern: "x" } }] },
    ];
    const updates = replayHistory({ messages, startContext: "## Contexte du projet\n- demo", ...places });
    expect(updates[0]).toEqual({
      sessionUpdate: "agent_message_chunk",
      content: { type: "text", text: "**Summary of the previous conversation**\n\n## Contexte du projet\n- demo" },
    });
    expect(updates[1]).toMatchObject({ content: { text: `${"u".repeat(HISTORY_USER_CHARS)}… [5 more characters]` } });
    expect(updates[2]).toMatchObject({ toolCallId: "call_0", content: [{ content: { text: `${"y".repeat(HISTORY_TOOL_RESULT_CHARS)}… [10 more characters]` } }] });
    // The second call reused the id (some providers do): a client keys calls by id, so it gets another one.
    expect(updates[3]).toMatchObject({ toolCallId: "call_0#2", title: "Grep x", status: "failed" });
  });
});
