import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { TurnObserver } from "../chat/index.ts";
import type { ChannelDefinition } from "../config/hub-config.ts";
import { t } from "../messages.ts";
import { createToken, originAllowed, tokenMatches } from "./security.ts";

/** What the channel route needs of the hub: the channels in force (tokens already read from the environment). */
export interface ChannelOptions {
  channels(): readonly ChannelDefinition[];
  send(agent: string, text: string, observer: TurnObserver): string;
}

/** The lines a channel streams back, one JSON object each (`application/x-ndjson`). */
export type ChannelLine =
  | { type: "delta"; text: string }
  | { type: "tool"; toolCall: unknown }
  | { type: "permission"; id: string; toolCall: unknown; options: unknown }
  | { type: "done"; stopReason: string }
  | { type: "done"; error: string };

// Compared with a token that cannot match, so an unknown channel costs the same time as a wrong token.
const NO_CHANNEL = createToken();

/**
 * The gate of `POST /channels/<name>`, run by the server's `onRequest` hook once the Host is checked. A channel is
 * for scripts and bots, outside the page's token and cookie: its own bearer token (never the page's, and the
 * page's API never takes a channel's), compared in constant time; an unknown channel and a wrong token get the
 * same 401. A browser page of another site is refused as on the API (Origin, Sec-Fetch-Site).
 */
export function channelRefusal(options: ChannelOptions | undefined, name: string, method: string, headers: IncomingHttpHeaders): { status: number; message: string } | undefined {
  if (method !== "POST" || !options) return { status: 404, message: t("notFound") };
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? "")?.[1];
  const channel = options.channels().find((candidate) => candidate.name === name);
  const matches = tokenMatches(bearer, channel?.token ?? NO_CHANNEL);
  if (!channel || !matches) return { status: 401, message: t("needChannelToken", { name }) };
  if (headers["sec-fetch-site"] === "cross-site") return { status: 403, message: t("crossSite") };
  if (!originAllowed(headers.origin, headers.host)) return { status: 403, message: t("badOrigin", { origin: headers.origin ?? "" }) };
  const type = (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return { status: 415, message: t("needChannelJson") };
  return undefined;
}

/**
 * `POST /channels/<name>` `{"text": …}`: the text goes into the channel's agent's conversation like a message
 * typed in the page, and the answer streams back as JSON lines — `delta` (text), `tool` (a tool call as it
 * changes), `permission` (a request, to be answered from the page), then one `done` with the stop reason or the
 * error. The id of the user message is in the `x-maia-message-id` header. A client that goes away does not stop
 * the turn: the conversation goes on in the page.
 */
export function registerChannelRoute(app: FastifyInstance, options: ChannelOptions | undefined): void {
  app.post("/channels/:name", async (request, reply) => {
    const name = (request.params as { name: string }).name;
    const channel = options?.channels().find((candidate) => candidate.name === name);
    const text = (request.body as { text?: unknown } | null)?.text;
    if (!options || !channel) return reply.code(404).send({ error: t("notFound") });
    if (typeof text !== "string") return reply.code(400).send({ error: t("needChannelJson") });
    const stream = new LineStream();
    let messageId: string;
    try {
      messageId = options.send(channel.agent, text, stream.observer());
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      return reply.code(typeof status === "number" ? status : 500).send({ error: error instanceof Error ? error.message : String(error) });
    }
    reply.hijack();
    reply.raw.writeHead(200, {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "x-maia-message-id": messageId,
    });
    stream.attach(reply.raw);
  });
}

/** The observer of one channel request: lines kept until the response is open, then written as they come. */
class LineStream {
  private response?: ServerResponse;
  private readonly waiting: string[] = [];
  private ended = false;

  observer(): TurnObserver {
    return {
      text: (text) => this.write({ type: "delta", text }),
      tool: (toolCall) => this.write({ type: "tool", toolCall }),
      permission: (request) => this.write({ type: "permission", id: request.id, toolCall: request.toolCall, options: request.options }),
      done: (end) => {
        this.write({ type: "done", ...end });
        this.ended = true;
        this.response?.end();
      },
    };
  }

  attach(response: ServerResponse): void {
    this.response = response;
    for (const line of this.waiting.splice(0)) response.write(line);
    if (this.ended) response.end();
  }

  private write(line: ChannelLine): void {
    if (this.ended) return;
    const text = `${JSON.stringify(line)}\n`;
    if (!this.response) this.waiting.push(text);
    else if (!this.response.writableEnded && !this.response.destroyed) this.response.write(text);
  }
}
