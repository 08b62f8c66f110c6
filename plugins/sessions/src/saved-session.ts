import { describeErrors, type Message } from "@maia/kernel";
import { MAX_JSON_DEPTH, shownPointer, tooDeepAt } from "@maia/util";
import { t } from "./messages.ts";
import { savedForm } from "./session-images.ts";
import { SAVED_SESSION_SCHEMA } from "./saved-session-schema.ts";
import { validateSavedSession } from "./saved-session-validator.generated.ts";

export { SAVED_SESSION_SCHEMA };

/** The file format of `.maia/.sessions/<name>.json` (seed § 12.1). */
export interface SavedSession {
  version: 1;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  model: string;
  cwd: string;
  messages: Message[];
  pendingContext: string[];
  /** The compacted summary used as starting context (seed § 14). */
  startContext?: string;
  /** Sub-agent traces (seed § 20.5). */
  agent?: string;
  parentSession?: string;
}

/** A session file that cannot be read: its message names the file and says what is wrong. */
export class SessionFileError extends Error {
  override readonly name = "SessionFileError";
  readonly file: string;
  readonly reason: string;
  constructor(file: string, reason: string) {
    super(t("unreadable", { file, reason }));
    this.file = file;
    this.reason = reason;
  }
}

/**
 * Reads a session file's text (seed § 12.1): the file name is the session's name whatever the `name` field says,
 * missing fields get defaults, anything else that is wrong is a SessionFileError naming the file and the place.
 */
export function parseSavedSession(text: string, name: string, file: string, fallbackDate = new Date(0)): SavedSession {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SessionFileError(file, error instanceof Error ? error.message : String(error));
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new SessionFileError(file, t("notAnObject"));
  // Before anything walks it: ajv, the token count, compaction and the next save all recurse, and would end in
  // "Maximum call stack size exceeded" rather than in a message naming this file.
  const deep = tooDeepAt(data);
  if (deep !== undefined) throw new SessionFileError(file, t("tooDeep", { max: MAX_JSON_DEPTH, pointer: shownPointer(deep) }));
  const record = data as Record<string, unknown>;
  if (record.version !== undefined && record.version !== 1) {
    throw new SessionFileError(file, t("newerVersion", { version: String(record.version) }));
  }
  const validate = validateSavedSession;
  if (!validate(record)) {
    const details = describeErrors(validate.errors, SAVED_SESSION_SCHEMA).slice(0, 3).join("; ");
    throw new SessionFileError(file, t("badFormat", { details }));
  }
  const fallback = fallbackDate.toISOString();
  const str = (value: unknown, otherwise: string) => (typeof value === "string" ? value : otherwise);
  const saved: SavedSession = {
    version: 1,
    name,
    createdAt: str(record.createdAt, fallback),
    updatedAt: str(record.updatedAt, str(record.createdAt, fallback)),
    model: str(record.model, ""),
    cwd: str(record.cwd, ""),
    messages: (record.messages as Message[] | undefined) ?? [],
    pendingContext: (record.pendingContext as string[] | undefined) ?? [],
  };
  for (const key of ["startContext", "agent", "parentSession"] as const) {
    if (typeof record[key] === "string") saved[key] = record[key];
  }
  return saved;
}

/** The fields of a session file other than its version and name. */
export type SavedSessionBody = Omit<SavedSession, "version" | "name">;

/**
 * Writes session files' bytes. A conversation only grows between saves, so each message is serialised and encoded
 * once and kept (per message object, while its block count is unchanged: blocks are added, never edited): saving
 * after one more turn encodes that turn, not the megabytes before it (bench: save-load.bench.mjs).
 */
export class SessionSerializer {
  readonly #messages = new WeakMap<Message, { blocks: number; bytes: Uint8Array }>();

  /** The file's bytes for any name: the name is spliced in, so claiming `name_2` re-encodes nothing. */
  serialize(saved: SavedSessionBody): (name: string) => Buffer {
    const { messages, ...fields } = saved;
    const parts: Uint8Array[] = [];
    messages.forEach((message, index) => {
      if (index > 0) parts.push(COMMA);
      parts.push(this.#bytesOf(message));
    });
    const tail = Buffer.concat([Buffer.from(`${JSON.stringify(fields).slice(1, -1)},"messages":[`), ...parts, CLOSE]);
    return (name) => Buffer.concat([Buffer.from(`{"version":1,"name":${JSON.stringify(name)},`), tail]);
  }

  #bytesOf(message: Message): Uint8Array {
    const cached = this.#messages.get(message);
    if (cached && cached.blocks === message.content.length) return cached.bytes;
    // Not Buffer.from(text): a short Buffer is a slice of Node's shared pool (64 KB slabs in Node 24), and a kept
    // slice keeps its whole slab alive — about 64 KB per turn in a long session. TextEncoder's bytes are exact.
    // Images by reference: their bytes are in the images folder (session-images.ts), written before this file.
    const bytes = ENCODER.encode(JSON.stringify(savedForm(message)));
    this.#messages.set(message, { blocks: message.content.length, bytes });
    return bytes;
  }
}

const ENCODER = new TextEncoder();
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]}");

/** The file's text, without memory (tests, one-off writes). */
export function serializeSavedSession(saved: SavedSessionBody): (name: string) => string {
  const bytes = new SessionSerializer().serialize(saved);
  return (name) => bytes(name).toString("utf8");
}
