import { abortError } from "./abort.ts";

/** Seed § 23: WebFetch's byte, time and redirect limits. */
export const WEB_FETCH_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 30_000, maxRedirects: 5 };

export type FetchLimits = typeof WEB_FETCH_LIMITS;

export type FetchOutcome =
  | {
      kind: "ok";
      url: string;
      status: number;
      statusText: string;
      contentType: string | null;
      body: Buffer;
      /** The body went past `maxBytes` and was cut there. */
      truncated: boolean;
    }
  | { kind: "cross_domain"; from: string; to: string; status: number }
  | { kind: "too_many_redirects"; url: string; count: number }
  | { kind: "bad_redirect"; to: string }
  | { kind: "timeout"; seconds: number }
  | { kind: "network"; cause: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const HEADERS = {
  "User-Agent": "MAIA/1.0 (WebFetch)",
  Accept: "text/html,application/xhtml+xml,application/json;q=0.9,text/plain;q=0.8,*/*;q=0.5",
};

/** Same domain for redirects: the same host name, `www.` aside (a port or scheme change stays on it). */
export function sameDomain(from: URL, to: URL): boolean {
  const host = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, "");
  return host(from) === host(to);
}

/**
 * GET with the seed's limits (§ 8): the whole exchange within the time limit, the body cut at the byte limit
 * (read as a stream, never more than that in memory), redirects followed by hand on the same domain only — a
 * redirect elsewhere is returned for the model to call again, so the user confirms the new domain. The turn's
 * signal aborts everything at once.
 */
export async function fetchWithLimits(url: URL, limits: FetchLimits, signal?: AbortSignal): Promise<FetchOutcome> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), limits.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
  try {
    let current = url;
    for (let redirects = 0; ; redirects += 1) {
      const response = await fetch(current, { redirect: "manual", signal: combined, headers: HEADERS });
      const location = response.headers.get("location");
      if (REDIRECTS.has(response.status) && location) {
        await response.body?.cancel().catch(() => undefined);
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          return { kind: "bad_redirect", to: location };
        }
        if (next.protocol !== "http:" && next.protocol !== "https:") return { kind: "bad_redirect", to: next.href };
        if (!sameDomain(current, next)) return { kind: "cross_domain", from: current.href, to: next.href, status: response.status };
        if (redirects >= limits.maxRedirects) return { kind: "too_many_redirects", url: next.href, count: redirects + 1 };
        current = next;
        continue;
      }
      const { body, truncated } = await readLimited(response, limits.maxBytes);
      return {
        kind: "ok",
        url: current.href,
        status: response.status,
        statusText: response.statusText,
        contentType: response.headers.get("content-type"),
        body,
        truncated,
      };
    }
  } catch (error) {
    if (signal?.aborted) throw abortError();
    if (timer.signal.aborted) return { kind: "timeout", seconds: Math.round(limits.timeoutMs / 1000) };
    return { kind: "network", cause: describeNetworkError(error) };
  } finally {
    clearTimeout(timeout);
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  if (!response.body) return { body: Buffer.alloc(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { body: Buffer.concat(chunks), truncated: false };
    const room = maxBytes - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      await reader.cancel().catch(() => undefined);
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
}

/** fetch says "fetch failed"; the useful words are in its cause (ECONNREFUSED, ENOTFOUND, certificates…). */
function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code && cause.message) return `${cause.code}: ${cause.message}`;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
