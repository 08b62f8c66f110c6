import { useEffect } from "react";
import type { WaitingEntry } from "../../../src/protocol.ts";
import { call } from "../api.ts";
import { useHubEvent } from "./use-hub-event.ts";
import { useRefetched } from "./use-refetched.ts";

const BASE_TITLE = "MAIA hub";

/**
 * `ThreadService.Waiting()`, kept up to date by `waiting:changed`: what waits for the user. The tab's title
 * shows how many agents wait, "(2) MAIA hub", so a hub left in a background tab still says so.
 */
export function useWaiting(): WaitingEntry[] {
  const { value, setValue } = useRefetched(() => call("ThreadService", "Waiting"));
  useHubEvent("waiting:changed", (event) => setValue(event.waiting));
  const entries = value ?? [];
  const agents = waitingAgents(entries).size;
  useEffect(() => {
    document.title = agents > 0 ? `(${agents}) ${BASE_TITLE}` : BASE_TITLE;
  }, [agents]);
  return entries;
}

/** The agents something waits on. */
export function waitingAgents(entries: readonly WaitingEntry[]): Set<string> {
  return new Set(entries.map((entry) => entry.agent));
}
