import type { ClientConnection } from "@agentclientprotocol/sdk";
import type { ChatMessage, PermissionRequest, StopReason, ToolCall, Usage } from "../protocol.ts";
import type { Queued } from "./message-queue.ts";

/** What a channel (or any caller of `send`) hears of the turn that answers its message. */
export interface TurnObserver {
  text(text: string): void;
  tool(toolCall: ToolCall): void;
  permission(request: PermissionRequest): void;
  done(end: { stopReason: StopReason } | { error: string }): void;
}

/** One prompt turn: the agent message it fills, and what Cancel and the permission cards need. */
export interface Turn {
  readonly reply: ChatMessage;
  readonly connection: ClientConnection;
  readonly sessionId: string;
  readonly observer?: TurnObserver;
  rejections: number;
  cancelled: boolean;
}

/** A message taken off the queue, with who hears its turn. */
export type QueuedMessage = Queued<TurnObserver>;

/** What a thread brings back from its file (src/threads): its messages, usage and the agent's session id. */
export interface RestoredConversation {
  messages: ChatMessage[];
  usage: Usage;
  sessionId: string;
}

/**
 * How `session/update`s of a `session/load` are taken: `ignore` for a thread restored from its file (it holds its
 * history already; only commands and usage apply), `import` for a session opened as a new thread (the replayed
 * history becomes its messages).
 */
export type ReplayMode = "ignore" | "import";
