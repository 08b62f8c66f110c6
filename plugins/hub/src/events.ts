import type { HubEventName, HubEvents } from "./protocol.ts";

export type HubEventListener = <E extends HubEventName>(name: E, payload: HubEvents[E]) => void;

/**
 * The server side of `GET /api/events`: every part of the hub emits here, every open page (and test) listens.
 * Delivery is synchronous and in emission order, so the stream carries events in the order they happened. A
 * listener that throws is removed rather than allowed to stop the others (a page that went away).
 */
export class HubEventBus {
  private readonly listeners = new Set<HubEventListener>();

  emit<E extends HubEventName>(name: E, payload: HubEvents[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch {
        this.listeners.delete(listener);
      }
    }
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: HubEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }
}
