// The fake LiteLLM HTTP server: records every request, checks the API key, routes
// /v1/models, /model/info and /v1/chat/completions, and feeds chat requests from the
// scripted queue. Writing an answer is respond.ts's job; building chunks is stream-answer.ts's.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { answerMessages, answerResponses } from "./peer-shims.ts";
import { respond, writeJson, type ResolvedScripted } from "./respond.ts";
import { writeSettingsFile } from "./settings.ts";
import { imagePartsOf } from "./image-parts.ts";
import type { ChatBody, FakeLiteLLM, FakeLiteLLMOptions, RecordedRequest, Scripted } from "./types.ts";

const CHAT_PATH = "/chat/completions";

function errorJson(message: string, type: string, code: number): object {
  return { error: { message, type, code: String(code) } };
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

/** Rejects when the client aborts mid-body (the async iterator reports a premature close). */
async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** LiteLLM serves its routes both with and without the /v1 prefix. */
function routeOf(path: string): string {
  const pathname = path.split("?")[0] ?? "";
  return pathname.startsWith("/v1/") ? pathname.slice(3) : pathname;
}

function isChatBody(value: unknown): value is ChatBody {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function modelsList(models: string[]): object {
  return { object: "list", data: models.map((id) => ({ id, object: "model", created: 0, owned_by: "fake-litellm" })) };
}

/** LiteLLM reports null for limits it does not know; we keep that so clients handle it. */
function modelInfoList(models: string[], info: FakeLiteLLMOptions["modelInfo"] = {}): object {
  const names = [...new Set([...models, ...Object.keys(info)])];
  return {
    data: names.map((name) => ({
      model_name: name,
      litellm_params: { model: name },
      model_info: {
        max_input_tokens: info[name]?.max_input_tokens ?? null,
        max_output_tokens: info[name]?.max_output_tokens ?? null,
        supports_vision: info[name]?.supports_vision ?? null,
      },
    })),
  };
}

export async function startFakeLiteLLM(options: FakeLiteLLMOptions = {}): Promise<FakeLiteLLM> {
  const models = options.models ?? ["fake-model"];
  const queue: Scripted[] = [...(options.script ?? [])];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  // Aborted by close(): wakes every sleeping stream so none outlives the server.
  const closing = new AbortController();
  let chatCount = 0;
  let peerCount = 0;

  async function answerChat(req: IncomingMessage, res: ServerResponse, json: unknown): Promise<void> {
    if (!isChatBody(json)) {
      writeJson(res, 400, errorJson("fake-litellm: request body is not a JSON object", "invalid_request_error", 400));
      return;
    }
    const index = chatCount++;
    let answer = queue.shift();
    if (answer === undefined) {
      writeJson(res, 500, { error: { message: "fake-litellm: no scripted answer left" } });
      return;
    }
    try {
      while (typeof answer === "function") answer = await answer(json, index);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      writeJson(res, 500, errorJson(`fake-litellm: scripted function threw: ${message}`, "fake_litellm_error", 500));
      return;
    }
    const model = typeof json.model === "string" ? json.model : (models[0] ?? "fake-model");
    const ctx = {
      id: `chatcmpl-fake-${index}`,
      model,
      created: Math.floor(Date.now() / 1000),
      promptChars: JSON.stringify(json.messages ?? []).length,
      requestIndex: index,
    };
    await respond(answer satisfies ResolvedScripted, req, res, ctx, closing.signal);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const json = parseJson(body);
    const path = req.url ?? "/";
    requests.push({ method: req.method ?? "GET", path, headers: flatHeaders(req), body, json, at: Date.now() });

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      writeJson(res, 401, errorJson("fake-litellm: invalid or missing API key", "auth_error", 401));
      return;
    }
    const route = `${req.method} ${routeOf(path)}`;
    if (route === "GET /models") writeJson(res, 200, modelsList(models));
    else if (route === "GET /model/info") writeJson(res, 200, modelInfoList(models, options.modelInfo));
    else if (route === `POST ${CHAT_PATH}`) await answerChat(req, res, json);
    // Other assistants' APIs, for the side-by-side bench (peer-shims.ts).
    else if (route === "POST /responses" && isChatBody(json)) answerResponses(res, json, peerCount++);
    else if ((route === "POST /messages" || route === "POST /messages/count_tokens") && isChatBody(json)) answerMessages(res, json, peerCount++, route.endsWith("count_tokens"));
    else writeJson(res, 404, errorJson(`fake-litellm: no route for ${route}`, "not_found", 404));
  }

  const server = createServer((req, res) => {
    // A client that aborts must never crash the process with an unhandled 'error'.
    req.on("error", () => {});
    res.on("error", () => {});
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) {
        res.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      writeJson(res, 500, errorJson(`fake-litellm: ${message}`, "fake_litellm_error", 500));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("fake-litellm: server has no TCP address");
  const port = address.port;
  const url = `http://127.0.0.1:${port}`;

  let closed: Promise<void> | undefined;
  function close(): Promise<void> {
    closed ??= new Promise<void>((resolve) => {
      closing.abort();
      // server.close() only waits for connections to end; destroying them makes sure they do.
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
    });
    return closed;
  }

  const chatBodies = () =>
    requests.filter((r) => r.method === "POST" && routeOf(r.path) === CHAT_PATH && isChatBody(r.json)).map((r) => r.json as ChatBody);
  return {
    url,
    port,
    requests,
    enqueue: (...answers) => void queue.push(...answers),
    chatBodies,
    imageParts: () => chatBodies().flatMap((body, index) => imagePartsOf(body, index)),
    pending: () => queue.length,
    writeSettings: (homeDir, extra) => writeSettingsFile(homeDir, url, options.apiKey, extra),
    close,
  };
}
