// Writes one already-resolved scripted answer (never a function) onto an HTTP response.
// Every write first checks that the client and the server are still there, so a client
// abort or a server close mid-answer just stops the answer instead of throwing.

import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { chunk, sseEvent, streamEvents, type StreamContext } from "./stream-answer.ts";
import type { Scripted, ScriptedError, ScriptedFunction, ScriptedRaw, ScriptedStream } from "./types.ts";

export type ResolvedScripted = Exclude<Scripted, ScriptedFunction>;

const SSE_HEADERS: OutgoingHttpHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
};

/** Given headers override the defaults whatever their case (HTTP names are case-insensitive). */
function mergeHeaders(defaults: OutgoingHttpHeaders, given: Record<string, string> | undefined): OutgoingHttpHeaders {
  const merged: OutgoingHttpHeaders = { ...defaults };
  for (const [name, value] of Object.entries(given ?? {})) merged[name.toLowerCase()] = value;
  return merged;
}

function gone(res: ServerResponse, closing: AbortSignal): boolean {
  return closing.aborted || res.destroyed || res.writableEnded;
}

/** Sleeps, but wakes up at once when the client goes away or the server closes. */
function pause(ms: number, res: ServerResponse, closing: AbortSignal): Promise<void> {
  if (ms <= 0 || gone(res, closing)) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = (): void => {
      clearTimeout(timer);
      res.off("close", wake);
      closing.removeEventListener("abort", wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    res.once("close", wake);
    closing.addEventListener("abort", wake, { once: true });
  });
}

/** Headers go out immediately so clients see the stream open before the first event. */
function openStream(res: ServerResponse, status: number, headers: OutgoingHttpHeaders): void {
  res.writeHead(status, headers);
  res.flushHeaders();
}

async function writeStream(answer: ScriptedStream, res: ServerResponse, ctx: StreamContext, closing: AbortSignal): Promise<void> {
  openStream(res, 200, SSE_HEADERS);
  const events = streamEvents(answer, ctx);
  const delay = answer.chunkDelayMs ?? 0;
  const began = performance.now();
  for (let i = 0; i < events.length; i++) {
    if (i > 0) await pause(answer.steadyPace ? began + delay * i - performance.now() : delay, res, closing);
    if (gone(res, closing)) return;
    res.write(events[i]);
    answer.onWritten?.(i, events.length);
  }
  res.end();
}

async function writeRaw(answer: ScriptedRaw, res: ServerResponse, closing: AbortSignal): Promise<void> {
  openStream(res, answer.status ?? 200, mergeHeaders(SSE_HEADERS, answer.headers));
  for (const piece of answer.raw) {
    if (typeof piece === "object" && !(piece instanceof Uint8Array)) {
      await pause(piece.delayMs, res, closing);
      continue;
    }
    if (gone(res, closing)) return;
    // Strings are UTF-8 encoded; byte arrays go out untouched (e.g. half of a multi-byte character).
    res.write(typeof piece === "string" ? Buffer.from(piece, "utf8") : piece);
  }
  if (!gone(res, closing)) res.end();
}

function errorBody(error: ScriptedError["error"]): { text: string; type: string } {
  const body = error.body ?? {
    error: { message: `fake-litellm: scripted error ${error.status}`, type: "fake_litellm_error", code: String(error.status) },
  };
  if (typeof body !== "string") return { text: JSON.stringify(body), type: "application/json" };
  try {
    JSON.parse(body);
    return { text: body, type: "application/json" };
  } catch {
    return { text: body, type: "text/plain; charset=utf-8" };
  }
}

/** A complete, non-streamed body with its length, as LiteLLM sends errors and JSON answers. */
function writeBody(res: ServerResponse, status: number, text: string, type: string, headers?: Record<string, string>): void {
  const defaults = { "content-type": type, "content-length": Buffer.byteLength(text) };
  res.writeHead(status, mergeHeaders(defaults, headers));
  res.end(text);
}

export function writeJson(res: ServerResponse, status: number, value: unknown): void {
  writeBody(res, status, JSON.stringify(value), "application/json");
}

export async function respond(
  answer: ResolvedScripted,
  req: IncomingMessage,
  res: ServerResponse,
  ctx: StreamContext,
  closing: AbortSignal,
): Promise<void> {
  if ("reset" in answer) {
    req.socket.destroy();
  } else if ("error" in answer) {
    const { text, type } = errorBody(answer.error);
    writeBody(res, answer.error.status, text, type, answer.error.headers);
  } else if ("hang" in answer) {
    openStream(res, 200, SSE_HEADERS);
    if (answer.text !== undefined) res.write(sseEvent(chunk(ctx, { role: "assistant", content: answer.text })));
    // Deliberately never ends: the client's abort or the server's close() destroys the socket.
  } else if ("raw" in answer) {
    await writeRaw(answer, res, closing);
  } else {
    await writeStream(answer, res, ctx, closing);
  }
}
