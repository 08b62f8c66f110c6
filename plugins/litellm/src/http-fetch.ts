import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";

// Taken through require, not `import … from "node:http"`: an ES import of node:http reads every export of it,
// among them the lazy getters (WebSocket…) that load undici, the very cost this module exists to avoid.
const builtin = createRequire(import.meta.url);
const { request: httpRequest } = builtin("node:http") as typeof import("node:http");
// node:https (and TLS, crypto under it) only for an https:// server: a local proxy on http:// never pays it.
let httpsRequest: typeof import("node:https").request | undefined;
const secureRequest = () => (httpsRequest ??= (builtin("node:https") as typeof import("node:https")).request);

/** What the provider reads of an answer: the part of the Fetch API's Response it uses. */
export interface HttpResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  /** The body as it arrives; `cancel()` drops the rest of it and the connection. */
  readonly body: (AsyncIterable<Uint8Array> & { cancel(): Promise<void> }) | null;
  text(): Promise<string>;
}

export interface HttpRequestInit {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal | undefined;
}

export type HttpFetch = (url: string, init: HttpRequestInit) => Promise<HttpResponse>;

/**
 * The provider's requests over node:http and node:https rather than the global `fetch` (issue 22): Node builds
 * `fetch` from its bundled undici the first time it is read, 70 to 130 ms of CPU on this kind of machine before
 * the first request can leave, where node:http is part of Node's start-up snapshot. Same contract as `fetch` for
 * what the provider relies on: resolves once the status and headers are in, rejects with the socket's error
 * (ECONNREFUSED, ECONNRESET…) or, on abort, with the signal's AbortError; a body cut short fails its reading.
 */
export const httpFetch: HttpFetch = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? secureRequest() : httpRequest;
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));
    const req = send(target, { method: init.method, headers, ...(init.signal ? { signal: init.signal } : {}) }, (res) => resolve(wrap(res, init.signal)));
    req.on("error", reject);
    req.end(init.body);
  });

function wrap(res: IncomingMessage, signal: AbortSignal | undefined): HttpResponse {
  const status = res.statusCode ?? 0;
  // A body that stops before its end (the server went away) must fail its reading, as fetch's does.
  const body = {
    // The socket's own iterator with fetch's errors, and no generator of its own around it: one step less per chunk
    // of a streamed answer (issue 41).
    [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
      const chunks = res[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
      // An abort destroys the answer: its reading fails with the signal's reason (an AbortError), as fetch's.
      const failed = (error: unknown): never => {
        throw signal?.aborted ? signal.reason : error;
      };
      const ended = (result: IteratorResult<Uint8Array>): IteratorResult<Uint8Array> => {
        if (!result.done) return result;
        if (signal?.aborted) throw signal.reason;
        if (!res.complete) throw Object.assign(new Error("other side closed"), { code: "ECONNRESET" });
        return result;
      };
      return {
        next: () => chunks.next().then(ended, failed),
        return: async () => (await chunks.return?.()) ?? { done: true, value: undefined },
      };
    },
    cancel: async () => void res.destroy(),
  };
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get: (name) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
    body,
    text: async () => {
      const parts: Buffer[] = [];
      for await (const chunk of body) parts.push(Buffer.from(chunk));
      return Buffer.concat(parts).toString("utf8");
    },
  };
}
