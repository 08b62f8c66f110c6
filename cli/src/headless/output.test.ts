import { PassThrough } from "node:stream";
import type { AgentEvent } from "@maia/kernel";
import { describe, expect, it } from "vitest";
import { HeadlessOutput } from "./output.ts";

function streamed(events: AgentEvent[]): Array<{ type: string; id?: string }> {
  const stdout = new PassThrough();
  let written = "";
  stdout.on("data", (chunk: Buffer) => (written += chunk.toString("utf8")));
  const output = new HeadlessOutput("stream-json", stdout, new PassThrough(), "/work");
  for (const event of events) output.onEvent(event);
  return written
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as { type: string; id?: string });
}

const announced = (id: string, batch: boolean): AgentEvent => ({
  type: "tool_call",
  id,
  name: "Read",
  summary: `${id}.txt`,
  input: { path: `${id}.txt` },
  kind: "read",
  locations: [{ path: `/work/${id}.txt` }],
  ...(batch ? { batch: true as const } : {}),
});
const result = (id: string): AgentEvent => ({ type: "tool_result", id, name: "Read", output: "1\tx", isError: false });

describe("stream-json's tool calls (seed § 6.3)", () => {
  it("prints a lone call when it is announced, a batch's calls each with its result in call order", () => {
    const lone = streamed([announced("a", false), { type: "tool_status", id: "a", name: "Read", status: "in_progress" }, result("a")]);
    expect(lone.map((line) => `${line.type} ${line.id}`)).toEqual(["tool_use a", "tool_result a"]);
    // The loop announces a batch's calls before their permission checks and shows the results once all ended.
    const batch = streamed([
      announced("b", true),
      announced("c", true),
      { type: "tool_status", id: "c", name: "Read", status: "completed", output: "1\tx" },
      { type: "tool_status", id: "b", name: "Read", status: "completed", output: "1\tx" },
      result("b"),
      result("c"),
    ]);
    expect(batch.map((line) => `${line.type} ${line.id}`)).toEqual(["tool_use b", "tool_result b", "tool_use c", "tool_result c"]);
  });
});
