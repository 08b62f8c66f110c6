import { createContext, useContext } from "react";
import type { HubEventStream } from "./events.ts";

export interface Hub {
  stream: HubEventStream;
  /** Increments each time the event stream (re)opens: whatever depends on the hub's state refetches then. */
  generation: number;
}

export const HubContext = createContext<Hub | null>(null);

export function useHub(): Hub {
  const hub = useContext(HubContext);
  if (!hub) throw new Error("useHub outside <HubContext>");
  return hub;
}
