import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { CALLBACK_PATH } from "./provider.ts";

// Taken through require, not `import … from "node:http"`: an ES import of node:http reads every export of it,
// among them the lazy getters (WebSocket…) that load undici, ~90 ms of every start that loads this plugin (issue 22).
const { createServer } = createRequire(import.meta.url)("node:http") as typeof import("node:http");

/** What the browser shows once the authorization server sent it back to MAIA. */
export interface CallbackPages {
  done: string;
  failed(reason: string): string;
}

/**
 * The redirect listener of a login (RFC 8252 § 7.3): HTTP on 127.0.0.1 only, one path, and only a callback whose
 * `state` is the one MAIA sent is taken; any other request is answered 400 and ignored, so a page that guesses the
 * port cannot hand MAIA a code of its own.
 */
export class LoopbackListener {
  readonly #server: Server;
  #expected: () => string | undefined = () => undefined;
  readonly #result: Promise<string>;
  #settle!: { resolve(code: string): void; reject(error: Error): void };

  private constructor(server: Server, pages: CallbackPages) {
    this.#server = server;
    this.#result = new Promise<string>((resolve, reject) => (this.#settle = { resolve, reject }));
    // Nobody may wait on it yet: a rejection is read by `code()`.
    this.#result.catch(() => undefined);
    server.on("request", (request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const page = (status: number, text: string) => {
        response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        response.end(`<!doctype html><meta charset="utf-8"><title>MAIA</title><p>${escapeHtml(text)}</p>`);
      };
      const expected = this.#expected();
      if (url.pathname !== CALLBACK_PATH || expected === undefined || url.searchParams.get("state") !== expected) {
        page(400, pages.failed("state"));
        return;
      }
      const error = url.searchParams.get("error");
      const code = url.searchParams.get("code");
      if (error !== null || code === null) {
        const reason = [error ?? "no code", url.searchParams.get("error_description")].filter(Boolean).join(": ");
        page(400, pages.failed(reason));
        this.#settle.reject(new Error(reason));
        return;
      }
      page(200, pages.done);
      this.#settle.resolve(code);
    });
  }

  /** Listens on `port` (0: any free one); a taken preferred port falls back to a free one when `strict` is false. */
  static async open(port: number, strict: boolean, pages: CallbackPages): Promise<LoopbackListener> {
    const listen = (wanted: number) =>
      new Promise<Server>((resolve, reject) => {
        const server = createServer();
        server.once("error", reject);
        server.listen(wanted, "127.0.0.1", () => resolve(server));
      });
    let server: Server;
    try {
      server = await listen(port);
    } catch (error) {
      if (strict || port === 0) throw error;
      server = await listen(0);
    }
    return new LoopbackListener(server, pages);
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** The state the callback must carry, read when the callback arrives (the SDK draws it after we listen). */
  expectState(read: () => string | undefined): void {
    this.#expected = read;
  }

  /** The authorization code, once the browser came back; rejects when the server said no or `signal` aborts. */
  code(signal?: AbortSignal): Promise<string> {
    if (!signal) return this.#result;
    return new Promise<string>((resolve, reject) => {
      const abort = () => reject(Object.assign(new Error("aborted"), { name: "AbortError" }));
      if (signal.aborted) abort();
      signal.addEventListener("abort", abort, { once: true });
      this.#result.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
