/** The conversations of milestone M2 (`ChatService` of seed 001): what src/hub.ts and src/server import. */
export { ChatService, type ChatServiceOptions } from "./chat-service.ts";
export { CANCELLED, ChatError } from "./errors.ts";
export type { TurnObserver } from "./conversation.ts";
