import type { AgentConversation } from "../chat/conversation.ts";
import type { Usage } from "../protocol.ts";
import type { ThreadFile, ThreadHeader } from "./thread-file.ts";

/** A thread the hub knows: its header always, its conversation once opened. */
export interface ThreadRecord {
  readonly id: string;
  readonly agent: string;
  title: string;
  titleSet: boolean;
  readonly createdAt: string;
  updatedAt: string;
  unread: boolean;
  /** Kept in step with the conversation while it is loaded (what the list shows of a thread not opened). */
  messageCount: number;
  sessionId: string;
  usage: Usage;
  /** Permission requests of this thread waiting for the user. */
  readonly asking: Set<string>;
  conversation?: AgentConversation;
  /** Its file exists (or is being written). */
  saved: boolean;
  deleted: boolean;
}

/** What a thread's file holds now; `onDisk` reads back the messages of a thread whose messages are not in memory. */
export function fileOf(record: ThreadRecord, onDisk: () => ThreadFile["messages"]): ThreadFile {
  const conversation = record.conversation;
  return {
    version: 1,
    id: record.id,
    agent: record.agent,
    title: record.title,
    titleSet: record.titleSet,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    sessionId: conversation?.sessionId ?? record.sessionId,
    unread: record.unread,
    usage: conversation?.usage ?? record.usage,
    // A thread not in memory changes only in its header (read, renamed): its messages are read back from its
    // file (one that cannot be read is never written over: the store refuses).
    messages: conversation ? conversation.messagesNow() : onDisk(),
  };
}

/** A thread restored from its file's header: its messages are read when it is opened. */
export function recordOf(header: ThreadHeader): ThreadRecord {
  return {
    id: header.id,
    agent: header.agent,
    title: header.title,
    titleSet: header.titleSet,
    createdAt: header.createdAt,
    updatedAt: header.updatedAt,
    unread: header.unread,
    messageCount: header.messageCount,
    sessionId: header.sessionId,
    usage: header.usage,
    asking: new Set(),
    saved: true,
    deleted: false,
  };
}
