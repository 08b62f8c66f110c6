import { useEffect } from "react";
import type { WaitingEntry } from "../../../src/protocol.ts";
import type { Agents } from "../hooks/use-agents.ts";
import { waitingAgents } from "../hooks/use-waiting.ts";
import { AgentsPanel } from "./agents-panel.tsx";
import { ChatPanel } from "./chat-panel.tsx";

/**
 * The agents panel and, beside it, the conversation with the agent chosen there. The choice lives in the URL
 * hash (`#/agents/<name>`), so a reload reopens the same conversation; without one, the first agent's.
 */
export function AgentsView({
  agents: { agents, error },
  waiting,
  selected,
  onSelect,
}: {
  agents: Agents;
  waiting: readonly WaitingEntry[];
  selected: string | undefined;
  onSelect: (name: string) => void;
}) {
  const chosen = agents?.find((agent) => agent.name === selected) ?? agents?.[0];

  // An unknown name in the hash (an agent removed from the configuration) falls back to the first agent.
  useEffect(() => {
    if (chosen && chosen.name !== selected) onSelect(chosen.name);
  }, [chosen, selected, onSelect]);

  return (
    <>
      <AgentsPanel agents={agents} error={error} waiting={waitingAgents(waiting)} selected={chosen?.name} onSelect={onSelect} />
      {agents === undefined ? null : <ChatPanel agent={chosen} waiting={waiting} />}
    </>
  );
}
