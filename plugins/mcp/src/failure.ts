import { errorMessage, isAbortError } from "@maia/kernel";
import { t } from "./messages.ts";
import type { Sdk } from "./sdk.ts";
import type { McpServerConfig } from "./server-config.ts";

/** Our own deadline around what the SDK does not bound (an SSE server that never sends `endpoint`…). */
export class DeadlineError extends Error {
  readonly seconds: number;
  constructor(milliseconds: number) {
    super(`deadline of ${milliseconds} ms`);
    this.name = "DeadlineError";
    this.seconds = Math.round(milliseconds / 100) / 10;
  }
}

/** Runs `work`, or rejects with DeadlineError after `milliseconds` (calling `onTimeout` to stop the work). */
export function withDeadline<T>(work: Promise<T>, milliseconds: number, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new DeadlineError(milliseconds));
      onTimeout();
    }, milliseconds);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * How a call failed, for the decision that follows: `timeout` (the server is slow, not gone), `rejected`
 * (a JSON-RPC error: the server is alive and said no), `gone` (the connection is lost: the server is marked
 * failed until `/mcp reconnect`).
 */
export type FailureKind = "timeout" | "rejected" | "gone";

export interface Failure {
  kind: FailureKind;
  /** For the user and the model; never quotes headers or expanded variables. */
  reason: string;
}

/** `phase`: a 404 while connecting is a wrong address; during a call, the server has forgotten our session. */
export function describeFailure(error: unknown, lib: Sdk, config: McpServerConfig, phase: "connect" | "call"): Failure {
  const seconds = Math.round(config.timeoutMs / 100) / 10;
  if (error instanceof DeadlineError) return { kind: "timeout", reason: t("reasonTimeout", { seconds: error.seconds }) };
  if (error instanceof lib.McpError) {
    if (error.code === lib.ErrorCode.RequestTimeout) return { kind: "timeout", reason: t("reasonTimeout", { seconds }) };
    if (error.code === lib.ErrorCode.ConnectionClosed) return { kind: "gone", reason: t("reasonClosed") };
    return { kind: "rejected", reason: error.message };
  }
  if (error instanceof lib.StreamableHTTPError || error instanceof lib.SseError) {
    const status = typeof error.code === "number" && error.code > 0 ? error.code : undefined;
    const url = config.transport.type === "stdio" ? config.display : displayUrl(config.transport.url);
    if (status === 404 && phase === "call") return { kind: "gone", reason: t("reasonSessionExpired") };
    if (status === 401 || status === 403) return { kind: "gone", reason: t("reasonUnauthorized", { status, url }) };
    if (status !== undefined) return { kind: status >= 500 ? "rejected" : "gone", reason: t("reasonHttp", { status, url }) };
    return { kind: "gone", reason: t("reasonUnreachable", { url, cause: causeOf(error) }) };
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT" && config.transport.type === "stdio") {
    return { kind: "gone", reason: t("reasonCommandNotFound", { command: config.transport.command }) };
  }
  if (config.transport.type !== "stdio" && (error instanceof TypeError || isNetworkCode(code))) {
    return { kind: "gone", reason: t("reasonUnreachable", { url: displayUrl(config.transport.url), cause: causeOf(error) }) };
  }
  if (error instanceof Error && /not connected/i.test(error.message)) return { kind: "gone", reason: t("reasonClosed") };
  if (isAbortError(error)) return { kind: "gone", reason: t("reasonClosed") };
  return { kind: "gone", reason: errorMessage(error) };
}

/** An address as shown to the user: no credentials, no query string (both may hold a token). */
export function displayUrl(text: string): string {
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return text;
  }
}

function isNetworkCode(code: unknown): boolean {
  return typeof code === "string" && /^(ECONN|ENOTFOUND|EAI_|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR)/.test(code);
}

/** fetch's "fetch failed" hides the useful part (ECONNREFUSED, ENOTFOUND…) in `cause`. */
function causeOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4; depth += 1) {
    const cause = (current as { cause?: unknown } | undefined)?.cause;
    if (cause === undefined) break;
    current = cause;
  }
  const code = (current as NodeJS.ErrnoException | undefined)?.code;
  const message = errorMessage(current);
  return typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
}
