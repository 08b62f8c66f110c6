import { useEffect, useRef } from "react";
import type { HubEventName, HubEvents } from "../../../src/protocol.ts";
import { useHub } from "../hub-context.ts";

/** Subscribes to one hub event for the component's lifetime; the latest handler is used, without resubscribing. */
export function useHubEvent<E extends HubEventName>(name: E, handler: (payload: HubEvents[E]) => void): void {
  const { stream } = useHub();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => stream.on(name, (payload) => latest.current(payload)), [stream, name]);
}
