import type { MethodArgs, MethodName, MethodResult, ServiceAnswer, ServiceName } from "../../src/protocol.ts";

/** A failed service call: the server's own message, and the HTTP status (0 when the hub could not be reached). */
export class HubError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = "HubError";
    this.status = status;
  }
}

type Unauthorized = () => void;
const unauthorizedListeners = new Set<Unauthorized>();

/**
 * A 401 means the token cookie no longer matches: the hub restarted with a new token. The event stream cannot
 * see a status code, so the connection banner learns it from here.
 */
export function onUnauthorized(listener: Unauthorized): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Calls one service method: `POST /api/<Service>/<Method>` with the positional arguments as a JSON array. The
 * token travels in the HttpOnly cookie the hub set, so the page never sees it.
 */
export async function call<S extends ServiceName, M extends MethodName<S>>(
  service: S,
  method: M,
  ...args: MethodArgs<S, M>
): Promise<MethodResult<S, M>> {
  let response: Response;
  try {
    response = await fetch(`/api/${service}/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(args),
      credentials: "same-origin",
    });
  } catch (cause) {
    throw new HubError(cause instanceof Error ? cause.message : String(cause), 0);
  }
  if (response.status === 401) for (const listener of unauthorizedListeners) listener();
  const answer = await readAnswer<MethodResult<S, M>>(response);
  if ("error" in answer) throw new HubError(answer.error, response.status);
  if (!response.ok) throw new HubError(`HTTP ${response.status}`, response.status);
  return answer.result;
}

/** The body as `{result}` or `{error}`; a body that is not JSON (a proxy's page, a crash) becomes an error. */
async function readAnswer<T>(response: Response): Promise<ServiceAnswer<T>> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && ("result" in parsed || "error" in parsed)) {
      return parsed as ServiceAnswer<T>;
    }
  } catch {
    // Not JSON: fall through to a message made of the status and the start of the body.
  }
  return { error: `HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ""}` };
}

/** The message to show for any failure, service error or not. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
