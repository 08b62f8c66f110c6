// The JSON Schema of a thread file (`~/.maia/hub/<configuration>/threads/<id>.json`), apart from the code that
// reads one: the build step that generates its validator (thread-validator.generated.ts, pnpm generate:validators)
// imports this module alone.
const string = { type: "string" } as const;
const TOOL_CALL = {
  type: "object",
  required: ["id", "title", "kind", "status", "input", "output", "locations", "diffs"],
  properties: {
    id: string,
    title: string,
    kind: string,
    status: { enum: ["pending", "in_progress", "completed", "failed"] },
    input: string,
    output: string,
    locations: {
      type: "array",
      items: { type: "object", required: ["path", "line"], properties: { path: string, line: { type: "integer" } } },
    },
    diffs: {
      type: "array",
      items: {
        type: "object",
        required: ["path", "oldText", "newText", "newFile"],
        properties: { path: string, oldText: string, newText: string, newFile: { type: "boolean" } },
      },
    },
  },
} as const;

const PART = {
  type: "object",
  required: ["kind"],
  oneOf: [
    { properties: { kind: { const: "text" }, text: string }, required: ["text"] },
    { properties: { kind: { const: "thought" }, text: string }, required: ["text"] },
    { properties: { kind: { const: "tool" }, toolCall: TOOL_CALL }, required: ["toolCall"] },
    {
      properties: {
        kind: { const: "plan" },
        entries: {
          type: "array",
          items: {
            type: "object",
            required: ["content", "priority", "status"],
            properties: { content: string, priority: { enum: ["high", "medium", "low"] }, status: { enum: ["pending", "in_progress", "completed"] } },
          },
        },
      },
      required: ["entries"],
    },
    {
      properties: {
        kind: { const: "image" },
        image: {
          type: "object",
          required: ["mimeType", "data"],
          properties: { mimeType: { enum: ["image/png", "image/jpeg", "image/gif", "image/webp"] }, data: string },
        },
      },
      required: ["image"],
    },
  ],
} as const;

const MESSAGE = {
  type: "object",
  required: ["id", "agent", "createdAt", "role", "parts", "done", "queued", "stopReason", "error", "code"],
  properties: {
    id: string,
    agent: string,
    createdAt: string,
    role: { enum: ["user", "agent", "system"] },
    parts: { type: "array", items: PART },
    done: { type: "boolean" },
    queued: { type: "boolean" },
    stopReason: { enum: ["", "end_turn", "cancelled", "max_tokens", "max_turn_requests", "refusal"] },
    error: string,
    code: { enum: ["", "agent-restarted", "agent-unavailable"] },
  },
} as const;

const HEADER_FIELDS = {
  version: { const: 1 },
  id: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" },
  agent: { type: "string", minLength: 1 },
  title: string,
  titleSet: { type: "boolean" },
  createdAt: string,
  updatedAt: string,
  sessionId: string,
  unread: { type: "boolean" },
  usage: { type: "object", required: ["used", "size"], properties: { used: { type: "number" }, size: { type: "number" } } },
  /** How many messages follow: what the list shows of a thread whose messages are not read yet. */
  messageCount: { type: "integer", minimum: 0 },
} as const;
const HEADER_REQUIRED = ["version", "id", "agent", "title", "titleSet", "createdAt", "updatedAt", "sessionId", "unread", "usage"] as const;

/** The JSON Schema of a thread file: what the hub writes, checked whole when it reads one back. */
export const THREAD_FILE_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "MAIA hub thread (~/.maia/hub/<configuration>/threads/<id>.json)",
  type: "object",
  required: [...HEADER_REQUIRED, "messages"],
  properties: { ...HEADER_FIELDS, messages: { type: "array", items: MESSAGE } },
} as const;

/** A thread file's fields before its messages, which the hub reads alone when it restores the threads. */
export const THREAD_HEADER_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "MAIA hub thread header",
  type: "object",
  required: [...HEADER_REQUIRED, "messageCount"],
  properties: HEADER_FIELDS,
} as const;
