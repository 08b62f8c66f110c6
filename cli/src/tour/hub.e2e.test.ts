import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { eventually, spawnMaia } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// The hub's own test client (its HTTP services and event stream, as the page uses them) and its types, by path.
import type { ChatMessage, Conversation, ToolCall } from "@maia/plugin-hub/protocol";
import { callService, readEvents, type EventReader } from "@maia/plugin-hub/testing";
import { expectStartsFromSummary, expectSummaryRequest, expectTourReceived, USAGE_CONTEXT, USAGE_ROW } from "./testing/tour-checks.ts";
import { NEXT_ANSWER, NEXT_PROMPT, NOTES, queueNext, queueSummary, queueTour, SUMMARY, TOUR_CALL_IDS, TourModel } from "./testing/tour-model.ts";
import { SKILL, tourProject, type TourProject } from "./testing/tour-project.ts";

const BANNER = /^MAIA hub: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)$/;

let server: FakeLiteLLM;
let project: TourProject;
let hub: ChildProcessWithoutNullStreams | undefined;
let events: EventReader | undefined;

beforeEach(async () => {
  server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
  project = await tourProject(server);
});
afterEach(async () => {
  events?.close();
  if (hub && hub.exitCode === null && hub.signalCode === null) {
    const exited = new Promise((resolve) => hub?.once("exit", resolve));
    hub.kill("SIGTERM");
    await exited;
  }
  await project.close();
  await server.close();
});

/** The text parts of a message, joined. */
const textOf = (message: ChatMessage | undefined) =>
  (message?.parts ?? []).map((part) => (part.kind === "text" ? part.text : "")).join("");
const toolsOf = (message: ChatMessage | undefined): ToolCall[] =>
  (message?.parts ?? []).flatMap((part) => (part.kind === "tool" ? [part.toolCall] : []));

describe("a tour of a hub agent (maia hub driving maia acp, through its HTTP services and events)", () => {
  it("every tool, a sub-agent, MCP, a custom tool; then /usage and /compact", { timeout: 120_000 }, async () => {
    const model = new TourModel(server);
    // The hub as a user starts it in their project: its default hub.json runs this MAIA (`maia acp`) there.
    hub = spawnMaia(["hub", "--no-open"], { cwd: project.cwd, home: project.home });
    let stdout = "";
    let stderr = "";
    hub.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    hub.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    expect(await eventually(() => stdout.includes("\n"), 20_000), stderr).toBe(true);
    const [, port, token] = BANNER.exec(stdout.trim()) ?? [];
    const base = `http://127.0.0.1:${port}`;
    const call = async <T>(service: string, method: string, args: unknown[]): Promise<T> => {
      const answer = await callService(base, token ?? "", service, method, args);
      expect(answer.status, answer.body).toBe(200);
      return (answer.json as { result: T }).result;
    };
    events = await readEvents(base, token ?? "");
    const stream = events;
    /** The ids of the agent messages that finished, as the page learns it (`message:updated`). */
    const answered = () =>
      stream.events.flatMap((event) => {
        const message = event.name === "message:updated" ? (event.data as { message: ChatMessage }).message : undefined;
        return message?.role === "agent" && message.done ? [message.id] : [];
      });
    /** Sends a message as the page does, waits until its answer has finished, and returns that answer. */
    const send = async (text: string): Promise<ChatMessage | undefined> => {
      const before = new Set(answered());
      const id = await call<string>("ChatService", "Send", ["maia", text]);
      const finished = () => answered().find((answer) => !before.has(answer));
      expect(await eventually(() => finished() !== undefined, 90_000), `no answer to ${text}; stderr:\n${stderr}`).toBe(true);
      const conversation = await call<Conversation>("ChatService", "Conversation", ["maia"]);
      const sent = conversation.messages.findIndex((message) => message.id === id);
      const answer = conversation.messages.find((message) => message.id === finished());
      expect(conversation.messages.indexOf(answer as ChatMessage)).toBeGreaterThan(sent);
      return answer;
    };

    queueTour(model, project);
    const tour = await send("Show me around");
    expect(tour).toMatchObject({ done: true, stopReason: "end_turn", error: "" });
    expect(textOf(tour)).toBe("Tour done.");
    expectTourReceived(model, project);
    // What the page shows: every call ended completed, with the tool's output; the todo list as a plan.
    const tools = toolsOf(tour);
    expect(Object.fromEntries(tools.map((tool) => [tool.id, tool.status]))).toEqual(Object.fromEntries(TOUR_CALL_IDS.map((id) => [id, "completed"])));
    expect(tools.find((tool) => tool.id === "t-mcp")?.output).toContain("Echo: hello MCP");
    expect(tools.find((tool) => tool.id === "t-write")?.diffs).toEqual([
      { path: path.join(project.cwd, NOTES), oldText: "", newText: "# Notes\n\nfirst draft\n", newFile: true },
    ]);
    expect(tour?.parts.filter((part) => part.kind === "plan")).toEqual([
      { kind: "plan", entries: [{ content: "Touring the tools", status: "in_progress", priority: "medium" }] },
    ]);
    expect(await readFile(path.join(project.cwd, NOTES), "utf8")).toBe("# Notes\n\nfinal text\n");

    const conversation = await call<Conversation>("ChatService", "Conversation", ["maia"]);
    expect(conversation.permissions).toEqual([]);
    expect(conversation.commands.map((command) => command.name)).toEqual(expect.arrayContaining(["compact", "usage", SKILL]));
    expect(conversation.usage.size).toBe(200_000);

    const usage = textOf(await send("/usage"));
    expect(usage).toContain(USAGE_ROW);
    expect(usage).toMatch(USAGE_CONTEXT);

    queueSummary(model);
    expect(textOf(await send("/compact"))).toContain(`Summary:\n\n${SUMMARY}`);
    expectSummaryRequest(model.lastMain());

    queueNext(model);
    expect(textOf(await send(NEXT_PROMPT))).toBe(NEXT_ANSWER);
    expectStartsFromSummary(model.lastMain());

    // Closing the hub stops its agent (and the agent its MCP server and sub-agents) and exits 0.
    const exited = new Promise<number | null>((resolve) => hub?.once("exit", resolve));
    hub.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
