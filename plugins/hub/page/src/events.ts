import { HUB_EVENT_NAMES, type HubEventName, type HubEvents } from "../../src/protocol.ts";
import { call, HubError, onUnauthorized } from "./api.ts";

/**
 * - `connecting`: the first connection is being made.
 * - `open`: events flow.
 * - `lost`: the stream dropped; retrying.
 * - `restarted`: the hub answers 401, so it restarted with a new token; still retrying, in case the user opens
 *   the new address in another tab of the same origin (the new cookie then applies here too).
 */
export type ConnectionStatus = "connecting" | "open" | "lost" | "restarted";

type EventHandler<E extends HubEventName> = (payload: HubEvents[E]) => void;
type AnyHandler = (payload: never) => void;

/** After this many errors in a row the browser's own quick retries are replaced by ours, with backoff. */
const ERRORS_BEFORE_BACKOFF = 3;
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 15_000;

/**
 * The one `GET /api/events` stream of the page. EventSource reconnects by itself after a drop; when it gives up
 * (state CLOSED: the hub answered an error) or keeps failing, this retries with backoff and finds out, with a
 * service call, whether the hub is down or restarted. Every (re)opening is reported, so the page refetches
 * what it may have missed.
 */
export class HubEventStream {
  private source: EventSource | undefined;
  private readonly handlers = new Map<HubEventName, Set<AnyHandler>>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private readonly openListeners = new Set<() => void>();
  private currentStatus: ConnectionStatus = "connecting";
  private errorsInARow = 0;
  private backoffMs = BACKOFF_FIRST_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopUnauthorized: (() => void) | undefined;
  private readonly retryNow = (): void => {
    if (this.retryTimer === undefined) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.connect();
  };

  private readonly url: string;

  constructor(url = "/api/events") {
    this.url = url;
  }

  get status(): ConnectionStatus {
    return this.currentStatus;
  }

  start(): void {
    this.stopUnauthorized = onUnauthorized(() => this.setStatus("restarted"));
    window.addEventListener("online", this.retryNow);
    this.connect();
  }

  close(): void {
    this.stopUnauthorized?.();
    window.removeEventListener("online", this.retryNow);
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = undefined;
  }

  on<E extends HubEventName>(name: E, handler: EventHandler<E>): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Called each time the stream opens, the first time included: the moment to (re)fetch the state. */
  onOpen(listener: () => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  private connect(): void {
    this.source?.close();
    const source = new EventSource(this.url);
    this.source = source;
    for (const name of HUB_EVENT_NAMES) {
      source.addEventListener(name, (event) => this.dispatch(name, event.data));
    }
    source.onopen = () => {
      this.errorsInARow = 0;
      this.backoffMs = BACKOFF_FIRST_MS;
      this.setStatus("open");
      for (const listener of this.openListeners) listener();
    };
    source.onerror = () => {
      if (source !== this.source) return;
      this.errorsInARow += 1;
      if (this.currentStatus === "open" || this.currentStatus === "connecting") this.setStatus("lost");
      if (source.readyState === EventSource.CLOSED || this.errorsInARow >= ERRORS_BEFORE_BACKOFF) {
        source.close();
        this.source = undefined;
        void this.probe();
        this.scheduleRetry();
      }
    };
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect();
    }, this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
  }

  /** EventSource hides the status code: a plain call tells a hub that is down from one with a new token. */
  private async probe(): Promise<void> {
    try {
      await call("AgentService", "List");
    } catch (error) {
      if (error instanceof HubError && error.status === 401) this.setStatus("restarted");
    }
  }

  private dispatch(name: HubEventName, data: unknown): void {
    let payload: unknown;
    try {
      payload = JSON.parse(String(data));
    } catch {
      console.warn(`hub event ${name}: data is not JSON`, data);
      return;
    }
    for (const handler of this.handlers.get(name) ?? []) {
      // The payload's shape is the contract of protocol.ts, which the server is compiled against.
      (handler as (payload: unknown) => void)(payload);
    }
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
