import http from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChatHarness, scriptedAgent } from "../chat/testing/chat-harness.ts";
import { startHubServer, type HubServer } from "./http-server.ts";
import { loadPageFiles } from "./page-files.ts";
import { createToken } from "./security.ts";
import { callService, rawRequest } from "./testing/http.ts";

/** Channels driven as a script drives them: real HTTP requests to a real hub server, the answer read line by line. */
const CHANNEL_TOKEN = createToken();
let harness: ChatHarness;
let server: HubServer;
let pageToken: string;
let base: string;

beforeEach(async () => {
  harness = await ChatHarness.start({
    agents: [scriptedAgent("bot")],
    channels: [{ name: "ops", agent: "bot", token: "${OPS_TOKEN}" }],
    env: { OPS_TOKEN: CHANNEL_TOKEN },
  });
  const hub = harness.hub;
  pageToken = createToken();
  server = await startHubServer({
    services: hub.services,
    events: hub.events,
    page: loadPageFiles(harness.folder),
    token: pageToken,
    host: "127.0.0.1",
    port: 0,
    iconFile: () => undefined,
    channels: { channels: () => hub.config.config().channels, send: (agent, text, observer) => hub.chat.send(agent, text, observer) },
  });
  base = `http://127.0.0.1:${server.port}`;
});

afterEach(async () => {
  await server.close();
  await harness.close();
});

interface ChannelAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  lines: Array<Record<string, unknown>>;
  body: string;
}

/** `POST /channels/<name>` as curl would send it; `onLine` sees each JSON line as it arrives. */
function post(name: string, body: unknown, options: { token?: string; headers?: Record<string, string>; onLine?: (line: Record<string, unknown>) => void } = {}): Promise<ChannelAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json", authorization: `Bearer ${options.token ?? CHANNEL_TOKEN}`, ...options.headers };
    const request = http.request(`${base}/channels/${name}`, { method: "POST", headers }, (response) => {
      let body = "";
      let pending = "";
      const lines: Array<Record<string, unknown>> = [];
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
        if (response.statusCode !== 200) return;
        pending += chunk;
        let end;
        while ((end = pending.indexOf("\n")) >= 0) {
          const line = JSON.parse(pending.slice(0, end)) as Record<string, unknown>;
          pending = pending.slice(end + 1);
          lines.push(line);
          options.onLine?.(line);
        }
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, lines, body }));
    });
    request.on("error", reject);
    request.end(typeof body === "string" ? body : JSON.stringify(body));
  });
}

describe("channels: the answer as JSON lines", () => {
  it("sends the text into the agent's conversation and streams the text back, then done with the stop reason", async () => {
    const answer = await post("ops", { text: "thought" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/x-ndjson; charset=utf-8");
    // Thoughts are the page's, not the script's: only the answer's text comes back.
    expect(answer.lines).toEqual([
      { type: "delta", text: "The answer " },
      { type: "delta", text: "is 42." },
      { type: "done", stopReason: "end_turn" },
    ]);
    const conversation = await callService(base, pageToken, "ChatService", "Conversation", ["bot"]);
    const messages = (conversation.json as { result: { messages: Array<{ id: string; role: string }> } }).result.messages;
    expect(messages.map((message) => message.role)).toEqual(["user", "agent"]);
    expect(messages[0]?.id).toBe(answer.headers["x-maia-message-id"]);
  });

  it("streams tool calls as they change", async () => {
    const answer = await post("ops", { text: "content" });
    const tools = answer.lines.filter((line) => line.type === "tool").map((line) => line.toolCall as { id: string; status: string });
    expect(tools.map((tool) => [tool.id, tool.status])).toEqual([
      ["c1", "pending"],
      ["c1", "completed"],
      ["c2", "in_progress"],
      ["c2", "failed"],
    ]);
    expect(answer.lines.at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
  });

  it("streams a permission request, answered from the page", async () => {
    const answer = await post(
      "ops",
      { text: "ask" },
      {
        onLine: (line) => {
          if (line.type === "permission") void callService(base, pageToken, "ChatService", "AnswerPermission", [line.id, "yes"]);
        },
      },
    );
    const permission = answer.lines.find((line) => line.type === "permission");
    expect(permission).toEqual({
      type: "permission",
      id: expect.any(String),
      toolCall: expect.objectContaining({ id: "p1", kind: "delete", title: "Delete everything" }),
      options: [
        { optionId: "yes", name: "Allow", kind: "allow_once" },
        { optionId: "no", name: "Reject", kind: "reject_once" },
      ],
    });
    expect(answer.lines.at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
    expect(answer.lines.some((line) => line.type === "delta" && String(line.text).includes('"optionId":"yes"'))).toBe(true);
  });

  it("ends with done and the error when the agent fails, and with cancelled for a message Cancel dropped", async () => {
    expect((await post("ops", { text: "fail" })).lines.at(-1)).toEqual({ type: "done", error: expect.stringContaining("the model is on fire") });
    const running = post("ops", { text: "stream" });
    await harness.waitFor("message:delta", (event) => (event.text ?? "").startsWith("chunk 2"));
    const queued = post("ops", { text: "echo later" });
    await harness.waitFor("turn:changed", (event) => event.queued === 1);
    await callService(base, pageToken, "ChatService", "Cancel", ["bot"]);
    expect((await running).lines.at(-1)).toEqual({ type: "done", stopReason: "cancelled" });
    expect((await queued).lines).toEqual([{ type: "done", error: "cancelled" }]);
  });
});

describe("channels: refusals", () => {
  it("takes only the channel's own token: not the page's, not another, not none; and the API does not take the channel's", async () => {
    for (const token of [pageToken, "wrong", ""]) {
      const answer = await post("ops", { text: "echo hi" }, { token });
      expect(answer.status, token).toBe(401);
    }
    const cookie = await post("ops", { text: "echo hi" }, { headers: { authorization: "", cookie: `maia-hub-${server.port}=${pageToken}` } });
    expect(cookie.status).toBe(401);
    expect((await callService(base, CHANNEL_TOKEN, "AgentService", "List", [])).status).toBe(401);
    // An unknown channel answers as a wrong token does, so names cannot be probed.
    const unknown = await post("nope", { text: "echo hi" });
    expect(unknown.status).toBe(401);
    expect(harness.hub.chat.conversation("bot").messages).toEqual([]);
  });

  it("checks the Host, the Origin, the content type and the body", async () => {
    expect((await post("ops", { text: "echo hi" }, { headers: { host: `rebind.example:${server.port}` } })).status).toBe(403);
    expect((await post("ops", { text: "echo hi" }, { headers: { origin: "https://evil.example" } })).status).toBe(403);
    expect((await post("ops", { text: "echo hi" }, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    expect((await post("ops", "text=hi", { headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    expect((await post("ops", { words: "hi" })).status).toBe(400);
    const empty = await post("ops", { text: " " });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body)).toEqual({ error: expect.stringContaining("empty") });
    expect((await rawRequest(`${base}/channels/ops`, { headers: { authorization: `Bearer ${CHANNEL_TOKEN}` } })).status).toBe(404);
  });
});
