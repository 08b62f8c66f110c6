import type { ChatMessage, Conversation, HubEvents, MessagePart, PermissionRequest, Usage } from "../../../src/protocol.ts";

/**
 * The conversation the page shows, updated by the hub's events. Every function returns a new conversation and
 * new objects only for what changed, so that the messages that did not change keep their identity and their
 * memoised components do not re-render while another message streams.
 */

export const EMPTY_USAGE: Usage = { used: 0, size: 0 };

/** `message:updated`: adds the message, or replaces the one with its id (in place, keeping the order). */
export function upsertMessage(conversation: Conversation, message: ChatMessage): Conversation {
  const index = conversation.messages.findIndex((existing) => existing.id === message.id);
  const messages =
    index < 0 ? [...conversation.messages, message] : conversation.messages.with(index, message);
  return { ...conversation, messages };
}

/**
 * `message:delta`: `text` is appended to part `index` (text, thought), `part` replaces it (tool, plan); an
 * `index` equal to the number of parts adds the part. Answers undefined when the message is unknown (the
 * caller refetches: an event was missed).
 */
export function applyDelta(conversation: Conversation, delta: HubEvents["message:delta"]): Conversation | undefined {
  const at = conversation.messages.findIndex((message) => message.id === delta.messageId);
  const message = conversation.messages[at];
  if (!message) return undefined;
  const parts = message.parts;
  if (delta.index < 0 || delta.index > parts.length) return undefined;
  let part: MessagePart | undefined;
  if (delta.part) {
    part = delta.part;
  } else if (delta.kind === "text" || delta.kind === "thought") {
    const existing = parts[delta.index];
    const before = existing && existing.kind === delta.kind ? existing.text : "";
    part = { kind: delta.kind, text: before + (delta.text ?? "") };
  }
  if (!part) return conversation;
  const nextParts = delta.index === parts.length ? [...parts, part] : parts.with(delta.index, part);
  return { ...conversation, messages: conversation.messages.with(at, { ...message, parts: nextParts }) };
}

export function addPermission(conversation: Conversation, request: PermissionRequest): Conversation {
  const others = conversation.permissions.filter((existing) => existing.id !== request.id);
  return { ...conversation, permissions: [...others, request] };
}

export function removePermission(conversation: Conversation, id: string): Conversation {
  if (!conversation.permissions.some((request) => request.id === id)) return conversation;
  return { ...conversation, permissions: conversation.permissions.filter((request) => request.id !== id) };
}

/**
 * The events that may be replayed over a fresh `Conversation()` without harm: each sets a state rather than
 * adding to it. Text deltas are the exception (appending twice doubles the text), so they are not kept while a
 * fetch is in flight; the `message:updated` that ends the message brings its whole text anyway.
 */
export type ReplayableEvent =
  | { name: "message:updated"; payload: HubEvents["message:updated"] }
  | { name: "turn:changed"; payload: HubEvents["turn:changed"] }
  | { name: "permission:requested"; payload: HubEvents["permission:requested"] }
  | { name: "permission:resolved"; payload: HubEvents["permission:resolved"] }
  | { name: "usage:changed"; payload: HubEvents["usage:changed"] };

export function applyEvent(conversation: Conversation, event: ReplayableEvent): Conversation {
  switch (event.name) {
    case "message:updated":
      return upsertMessage(conversation, event.payload.message);
    case "turn:changed":
      return { ...conversation, busy: event.payload.busy, queued: event.payload.queued };
    case "permission:requested":
      return addPermission(conversation, event.payload);
    case "permission:resolved":
      return removePermission(conversation, event.payload.id);
    case "usage:changed":
      return { ...conversation, usage: event.payload.usage };
  }
}
