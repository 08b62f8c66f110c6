import type { IncomingMessage, ServerResponse } from "node:http";
import type { HubEventBus } from "../events.ts";
import { CONTENT_SECURITY_POLICY } from "./security.ts";

/** A comment line every 15 s keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** How soon a page's EventSource comes back after the stream drops. */
const RETRY_MS = 2_000;
/**
 * How much may wait in the hub for one page that reads slowly (beyond what the socket itself holds): past it, the
 * page is dropped. It comes back by itself and fetches everything again, which costs far less than a hub that
 * buffers without limit for a tab that stopped reading.
 */
export const MAX_BACKLOG_BYTES = 16 * 1024 * 1024;

/** One Server-Sent Events frame. JSON never holds a raw newline, so `data:` is always one line. */
export function sseFrame(name: string, payload: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * `GET /api/events`: every event of the bus, in the order emitted, to this one page until it goes away. Several
 * pages each get their own stream and every event. A page that reads too slowly is not waited for: its frames
 * wait in Node up to `maxBacklog` bytes, and past that its stream is closed (EventSource reconnects, and the page
 * refetches what it shows).
 */
export function serveEvents(request: IncomingMessage, response: ServerResponse, events: HubEventBus, maxBacklog = MAX_BACKLOG_BYTES): void {
  response.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": CONTENT_SECURITY_POLICY,
    connection: "keep-alive",
  });
  response.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  const send = (frame: string): void => {
    if (response.destroyed) return;
    response.write(frame);
    if (response.writableLength > maxBacklog) {
      end();
      response.destroy();
    }
  };
  const unsubscribe = events.subscribe((name, payload) => send(sseFrame(name, payload)));
  const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
  heartbeat.unref();
  function end(): void {
    clearInterval(heartbeat);
    unsubscribe();
  }
  request.once("close", end);
  response.once("close", end);
}
