import type { IncomingMessage, ServerResponse } from "node:http";
import type { HubEventBus } from "../events.ts";
import { CONTENT_SECURITY_POLICY } from "./security.ts";

/** A comment line every 15 s keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** How soon a page's EventSource comes back after the stream drops. */
const RETRY_MS = 2_000;

/** One Server-Sent Events frame. JSON never holds a raw newline, so `data:` is always one line. */
export function sseFrame(name: string, payload: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * `GET /api/events`: every event of the bus, in the order emitted, to this one page until it goes away. Several
 * pages each get their own stream and every event. A page that reads too slowly is not waited for: Node buffers
 * its frames, and the stream ends with the page.
 */
export function serveEvents(request: IncomingMessage, response: ServerResponse, events: HubEventBus): void {
  response.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": CONTENT_SECURITY_POLICY,
    connection: "keep-alive",
  });
  response.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  const unsubscribe = events.subscribe((name, payload) => {
    response.write(sseFrame(name, payload));
  });
  const heartbeat = setInterval(() => response.write(": ping\n\n"), HEARTBEAT_MS);
  heartbeat.unref();
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  request.once("close", end);
  response.once("close", end);
}
