import type * as acp from "@agentclientprotocol/sdk";
import type { AgentConversation } from "./conversation.ts";

/**
 * The updates an agent sends for a session before its `session/new` answer says which thread it is of (its
 * commands, its usage): kept per agent while such a request is on its way, then applied to the thread that made it.
 */
export class EarlyUpdates {
  private readonly early = new Map<string, { waiting: number; updates: acp.SessionNotification[] }>();

  /** An update of a session no thread holds: kept if a `session/new` of `agent` is on its way, else dropped. */
  keep(agent: string, notification: acp.SessionNotification): void {
    this.early.get(agent)?.updates.push(notification);
  }

  /** Runs `request` (a `session/new`); `attach` gives its session to a thread, then `apply` gets what came early. */
  async around<T extends { sessionId: string }>(
    agent: string,
    request: () => Promise<T>,
    attach: (answer: T) => AgentConversation,
    apply: (notification: acp.SessionNotification) => void,
  ): Promise<T> {
    const early = this.early.get(agent) ?? { waiting: 0, updates: [] };
    this.early.set(agent, early);
    early.waiting += 1;
    try {
      const answer = await request();
      attach(answer);
      const mine = early.updates.filter((update) => update.sessionId === answer.sessionId);
      early.updates = early.updates.filter((update) => update.sessionId !== answer.sessionId);
      for (const notification of mine) apply(notification);
      return answer;
    } finally {
      early.waiting -= 1;
      if (early.waiting === 0) this.early.delete(agent);
    }
  }

  clear(): void {
    this.early.clear();
  }
}
