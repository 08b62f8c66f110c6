import { useEffect, useMemo, useState } from "react";
import type { AgentInfo } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { useHub } from "../hub-context.ts";
import { coalesce } from "./coalesce.ts";
import { useHubEvent } from "./use-hub-event.ts";

export interface Agents {
  agents: AgentInfo[] | undefined;
  /** Why the list could not be fetched, or "". */
  error: string;
}

/** `AgentService.List()`, refetched when the stream (re)opens and on every `agent:state`. */
export function useAgents(): Agents {
  const { generation } = useHub();
  const [agents, setAgents] = useState<AgentInfo[] | undefined>(undefined);
  const [error, setError] = useState("");

  const refresh = useMemo(
    () =>
      coalesce(async () => {
        try {
          setAgents(await call("AgentService", "List"));
          setError("");
        } catch (failure) {
          setError(errorMessage(failure));
        }
      }),
    [],
  );

  useEffect(() => {
    if (generation > 0) refresh();
  }, [generation, refresh]);

  useHubEvent("agent:state", (event) => {
    // Show the new state at once; the refetch brings the rest (outdated flag, definition changes).
    setAgents((list) =>
      list?.map((agent) =>
        agent.name === event.agent ? { ...agent, state: event.state, error: event.error ?? "" } : agent,
      ),
    );
    refresh();
  });

  return { agents, error };
}
