import { useEffect, useRef, useState } from "react";
import { call, errorMessage } from "../api.ts";
import { useHub } from "../hub-context.ts";
import { useHubEvent } from "./use-hub-event.ts";

/** The page keeps more than the hub's 200 lines while following, but not without end. */
const MAX_LINES = 2_000;

/**
 * Joins the lines fetched with `Logs(name)` and those that arrived live while it was answered: the live ones
 * that the answer already holds (its tail) are not repeated.
 */
function join(fetched: string[], live: string[]): string[] {
  let overlap = Math.min(fetched.length, live.length);
  while (overlap > 0 && !live.slice(0, overlap).every((line, i) => line === fetched[fetched.length - overlap + i])) {
    overlap -= 1;
  }
  return fetched.concat(live.slice(overlap));
}

export interface AgentLogs {
  lines: string[];
  loading: boolean;
  error: string;
}

/** `AgentService.Logs(name)` then every `agent:log` of that agent, while `enabled`; refetched on reconnection. */
export function useAgentLogs(name: string, enabled: boolean): AgentLogs {
  const { generation } = useHub();
  const [lines, setLines] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState("");
  // Lines that arrive before the fetch answers; undefined once it has.
  const pending = useRef<string[] | undefined>(undefined);

  useEffect(() => {
    if (!enabled || generation === 0) return;
    let cancelled = false;
    pending.current = [];
    setLoading(true);
    call("AgentService", "Logs", name).then(
      (fetched) => {
        if (cancelled) return;
        setLines(join(fetched, pending.current ?? []).slice(-MAX_LINES));
        pending.current = undefined;
        setError("");
        setLoading(false);
      },
      (failure: unknown) => {
        if (cancelled) return;
        pending.current = undefined;
        setError(errorMessage(failure));
        setLoading(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [name, enabled, generation]);

  useHubEvent("agent:log", (event) => {
    if (!enabled || event.agent !== name) return;
    if (pending.current) pending.current.push(event.line);
    else setLines((previous) => [...previous.slice(-(MAX_LINES - 1)), event.line]);
  });

  return { lines, loading, error };
}
