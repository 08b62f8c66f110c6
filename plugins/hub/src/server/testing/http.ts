import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/**
 * One HTTP request with every header under the test's control (fetch would not let a test forge `Host`,
 * `Origin` or `Sec-Fetch-Site`, which is what the hub's refusals are about).
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json });
      });
    });
    request.on("error", reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/** `POST /api/<Service>/<Method>` as the page sends it, with the bearer token. */
export function callService(base: string, token: string, service: string, method: string, args: unknown[], headers: Record<string, string> = {}) {
  return rawRequest(`${base}/api/${service}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(args),
  });
}

export interface EventReader {
  /** Every event received so far, in order. */
  readonly events: Array<{ name: string; data: unknown }>;
  /** Resolves with the first event (already received or to come) that matches. */
  waitFor(test: (event: { name: string; data: unknown }) => boolean, timeoutMs?: number): Promise<{ name: string; data: unknown }>;
  close(): void;
}

/** Reads `GET /api/events` as a page's EventSource would, parsing the frames. */
export function readEvents(base: string, token: string): Promise<EventReader> {
  return new Promise((resolve, reject) => {
    const events: Array<{ name: string; data: unknown }> = [];
    const waiters = new Set<{ test: (event: { name: string; data: unknown }) => boolean; resolve: (event: { name: string; data: unknown }) => void }>();
    const request = http.get(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (name === undefined || data === undefined) continue;
          const event = { name, data: JSON.parse(data) as unknown };
          events.push(event);
          for (const waiter of waiters) {
            if (waiter.test(event)) {
              waiters.delete(waiter);
              waiter.resolve(event);
            }
          }
        }
      });
      resolve({
        events,
        waitFor(test, timeoutMs = 10_000) {
          const found = events.find(test);
          if (found) return Promise.resolve(found);
          return new Promise((resolveWait, rejectWait) => {
            const waiter = { test, resolve: resolveWait };
            waiters.add(waiter);
            setTimeout(() => {
              if (!waiters.delete(waiter)) return;
              rejectWait(new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(events)}`));
            }, timeoutMs).unref();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}
