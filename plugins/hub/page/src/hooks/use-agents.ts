import type { AgentInfo } from "../../../src/protocol.ts";
import { call } from "../api.ts";
import { useHubEvent } from "./use-hub-event.ts";
import { useRefetched } from "./use-refetched.ts";

export interface Agents {
  agents: AgentInfo[] | undefined;
  /** Why the list could not be fetched, or "". */
  error: string;
}

/** `AgentService.List()`, refetched when the stream (re)opens and on every `agent:state`. */
export function useAgents(): Agents {
  const { value: agents, setValue: setAgents, error, refresh } = useRefetched(() => call("AgentService", "List"));

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
