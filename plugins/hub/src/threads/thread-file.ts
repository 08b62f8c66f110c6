import { describeErrors, type JsonSchema } from "@maia/kernel";
import { describeJsonError, locateJsonError, MAX_JSON_DEPTH, shownPointer, tooDeepAt } from "@maia/util";
import type { ChatMessage, Usage } from "../protocol.ts";
import { t } from "./messages.ts";
import { THREAD_FILE_SCHEMA } from "./thread-schema.ts";
import { validateThreadFile } from "./thread-validator.generated.ts";

/** What a thread file holds (docs/hub.md, "Threads"): one thread of one agent, whole. */
export interface ThreadFile {
  version: 1;
  id: string;
  agent: string;
  /** What the thread is called: the user's name for it when `titleSet`, else its first request. */
  title: string;
  titleSet: boolean;
  createdAt: string;
  updatedAt: string;
  /** The agent's ACP session id: what `session/load` resumes after a restart ("" before the first message). */
  sessionId: string;
  unread: boolean;
  usage: Usage;
  messages: ChatMessage[];
}

/** A thread's fields without its messages: what the hub keeps of a thread it has not opened. */
export type ThreadHeader = Omit<ThreadFile, "messages"> & { messageCount: number };

export type ThreadRead = { ok: true; thread: ThreadFile } | { ok: false; problem: string };

/**
 * Reads a thread file's text: JSON, within MAIA's nesting limit, of the schema, named after its id. Never
 * throws: what is wrong is said in words (a line and column for broken JSON, the place for a wrong field).
 * Messages left unfinished by a hub that stopped without saving them (killed, a power cut) come back finished,
 * with an error saying so; a message left queued comes back dropped.
 */
export function parseThreadFile(text: string, expectedId: string): ThreadRead {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const where = locateJsonError(text);
    return { ok: false, problem: where ? t("badJson", { line: where.line, column: where.column, reason: describeJsonError(where) }) : t("notJson") };
  }
  const deep = tooDeepAt(data);
  if (deep !== undefined) return { ok: false, problem: t("tooDeep", { max: MAX_JSON_DEPTH, pointer: shownPointer(deep) }) };
  const record = data as Record<string, unknown> | null;
  if (typeof record === "object" && record !== null && typeof record.version === "number" && record.version > 1) {
    return { ok: false, problem: t("newerVersion", { version: String(record.version) }) };
  }
  if (!validateThreadFile(data)) {
    const details = describeErrors(validateThreadFile.errors, THREAD_FILE_SCHEMA as unknown as JsonSchema).slice(0, 3).join("; ");
    return { ok: false, problem: t("badFormat", { details }) };
  }
  const thread = data as ThreadFile;
  if (thread.id !== expectedId) return { ok: false, problem: t("idMismatch", { id: thread.id }) };
  for (const message of thread.messages) {
    if (message.queued) {
      message.queued = false;
      message.error = "cancelled";
    }
    if (!message.done) {
      message.done = true;
      if (message.stopReason === "" && message.error === "") message.error = t("unfinished");
    }
  }
  return { ok: true, thread };
}

/** The file's text. */
export function serializeThread(thread: ThreadFile): string {
  return JSON.stringify(thread);
}

export function headerOf(thread: ThreadFile): ThreadHeader {
  const { messages, ...header } = thread;
  return { ...header, messageCount: messages.length };
}
