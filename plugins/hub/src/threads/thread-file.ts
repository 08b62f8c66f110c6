import { describeErrors, type JsonSchema } from "@maia/kernel";
import { describeJsonError, locateJsonError, MAX_JSON_DEPTH, shownPointer, tooDeepAt } from "@maia/util";
import type { ChatMessage, Usage } from "../protocol.ts";
import { t } from "./messages.ts";
import { THREAD_FILE_SCHEMA, THREAD_HEADER_SCHEMA } from "./thread-schema.ts";
import { validateThreadFile, validateThreadHeader } from "./thread-validator.generated.ts";

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
export type HeaderRead = { ok: true; header: ThreadHeader } | { ok: false; problem: string };

/** Where the messages start in a file the hub wrote: a JSON key spelled this way cannot be inside a string. */
const MESSAGES_KEY = ',"messages":[';

/**
 * A thread file's header alone (what `ThreadService.List` shows), read without parsing or checking its messages:
 * the hub writes the header first and the messages last, so restoring many long threads costs their headers
 * only. The messages are read and checked whole when the thread is opened. A file the hub did not write that
 * way (edited by hand) is read whole.
 */
export function parseThreadHeader(text: string, expectedId: string): HeaderRead {
  const at = text.indexOf(MESSAGES_KEY);
  let header: unknown;
  try {
    header = at < 0 ? undefined : JSON.parse(`${text.slice(0, at)}}`);
  } catch {
    header = undefined;
  }
  if (header === undefined || !validateThreadHeader(header)) {
    const whole = parseThreadFile(text, expectedId);
    return whole.ok ? { ok: true, header: headerOf(whole.thread) } : whole;
  }
  const read = header as ThreadHeader;
  if (read.id !== expectedId) return { ok: false, problem: t("idMismatch", { id: read.id }) };
  return { ok: true, header: read };
}

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

/** The file's text: the header, its message count, and the messages last (see `parseThreadHeader`). */
export function serializeThread(thread: ThreadFile): string {
  const { messages, ...fields } = thread;
  const header = { ...fields, messageCount: messages.length };
  return `${JSON.stringify(header).slice(0, -1)}${MESSAGES_KEY}${JSON.stringify(messages).slice(1)}}`;
}

export function headerOf(thread: ThreadFile): ThreadHeader {
  const { messages, ...header } = thread;
  delete (header as { messageCount?: unknown }).messageCount;
  return { ...header, messageCount: messages.length };
}
