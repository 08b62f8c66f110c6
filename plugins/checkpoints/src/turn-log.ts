import type { FileChange } from "./shadow-repo.ts";

/** Where a turn began in its conversation: enough to find it again after /load, --resume or a restart. */
export interface ConversationMark {
  /** Messages before the turn's request. */
  count: number;
  /** Blocks of the last of those messages (a request may be joined to a last user message). */
  blocks: number;
  /** Fingerprint of those messages (conversation-mark.ts). */
  chain: string;
}

/** One turn of one session in the launch folder: a line of `turns.jsonl`. */
export interface TurnRecord {
  type: "turn";
  id: string;
  /** ISO 8601, when the turn ended. */
  at: string;
  /** The session's name when the turn ran (it may have been renamed since). */
  session: string;
  /** The request's first characters. */
  prompt: string;
  /** Absent when the turn left no trace in the conversation (rolled back by Ctrl+C or an error). */
  conversation?: ConversationMark;
  /** Snapshots before the first call that could change files, and at the end of the turn (git mode). */
  before?: string;
  after?: string;
  /** Without git: the file under `backups/` that holds what Edit and Write replaced. */
  backup?: string;
  files: FileChange[];
}

/** A later line saying that a turn was taken back (its files, its conversation or both). */
export interface UndoneRecord {
  type: "undone";
  id: string;
  at: string;
  files: boolean;
  conversation: boolean;
}

export type LogLine = TurnRecord | UndoneRecord;

export interface LogProblem {
  line: number;
  reason: string;
}

export interface TurnLog {
  /** Turns in the order they were recorded, with what was undone of each. */
  turns: Array<TurnRecord & { filesUndone: boolean; conversationUndone: boolean }>;
  problems: LogProblem[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;
const isString = (value: unknown): value is string => typeof value === "string";
const isHash = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{7,64}$/.test(value);

function fileChangeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "a file entry is not an object";
  if (!isString(value.path) || value.path === "") return "a file entry has no path";
  if (value.status !== "A" && value.status !== "M" && value.status !== "D") return `file ${value.path}: status must be A, M or D`;
  if (value.added !== undefined && !isCount(value.added)) return `file ${value.path}: added must be a count`;
  if (value.removed !== undefined && !isCount(value.removed)) return `file ${value.path}: removed must be a count`;
  return undefined;
}

/** Why a parsed line is not a record, or undefined when it is one. */
export function lineProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "not a JSON object";
  if (!isString(value.id) || value.id === "") return "no id";
  if (!isString(value.at)) return "no time (at)";
  if (value.type === "undone") {
    if (typeof value.files !== "boolean" || typeof value.conversation !== "boolean") return "files and conversation must be true or false";
    return undefined;
  }
  if (value.type !== "turn") return `unknown type ${JSON.stringify(value.type)}`;
  if (!isString(value.session) || !isString(value.prompt)) return "session and prompt must be text";
  if (value.conversation !== undefined) {
    const mark = value.conversation;
    if (!isObject(mark) || !isCount(mark.count) || !isCount(mark.blocks) || !isString(mark.chain)) return "conversation must hold count, blocks and chain";
  }
  for (const key of ["before", "after"] as const) if (value[key] !== undefined && !isHash(value[key])) return `${key} is not a commit id`;
  if (value.backup !== undefined && (!isString(value.backup) || !/^[\w.-]+$/.test(value.backup))) return "backup is not a file name";
  if (!Array.isArray(value.files)) return "files must be a list";
  for (const entry of value.files) {
    const problem = fileChangeProblem(entry);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Reads `turns.jsonl`. A line that is not a record (a crash cut it, someone edited the file) is a problem
 * naming its line, and the others are kept: a damaged log never hides the checkpoints that are still good.
 */
export function parseTurnLog(text: string): TurnLog {
  const turns: TurnLog["turns"] = [];
  const byId = new Map<string, TurnLog["turns"][number]>();
  const problems: LogProblem[] = [];
  const lines = text.split("\n");
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push({ line: index + 1, reason: "not valid JSON" });
      return;
    }
    const problem = lineProblem(value);
    if (problem) {
      problems.push({ line: index + 1, reason: problem });
      return;
    }
    const record = value as LogLine;
    if (record.type === "turn") {
      const entry = { ...record, filesUndone: false, conversationUndone: false };
      turns.push(entry);
      byId.set(record.id, entry);
      return;
    }
    const turn = byId.get(record.id);
    if (!turn) return;
    turn.filesUndone ||= record.files;
    turn.conversationUndone ||= record.conversation;
  });
  return { turns, problems };
}

export function serializeLine(line: LogLine): string {
  return `${JSON.stringify(line)}\n`;
}
