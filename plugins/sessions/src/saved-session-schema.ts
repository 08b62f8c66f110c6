// The JSON Schema of a session file, apart from the code that reads one: the build step that generates its
// validator (saved-session-validator.generated.ts, pnpm generate:validators) imports this module alone.
// An image by reference (issue 38): its bytes are in .maia/.sessions/images/<hash>.<ext>; `data` (base64) is taken
// when a file holds it, but MAIA never writes it there.
const IMAGE_REFERENCE = {
  type: "object",
  required: ["mediaType", "hash", "name", "width", "height", "size"],
  properties: {
    type: { const: "image" },
    mediaType: { enum: ["image/png", "image/jpeg", "image/gif", "image/webp"] },
    hash: { type: "string", pattern: "^[0-9a-f]{64}$" },
    name: { type: "string" },
    width: { type: "integer", minimum: 1 },
    height: { type: "integer", minimum: 1 },
    size: { type: "integer", minimum: 0 },
    data: { type: "string" },
  },
} as const;

const BLOCK_SCHEMA = {
  type: "object",
  required: ["type"],
  oneOf: [
    { properties: { type: { const: "text" }, text: { type: "string" } }, required: ["text"] },
    {
      properties: { type: { const: "tool_use" }, id: { type: "string" }, name: { type: "string" }, input: { type: "object" } },
      required: ["id", "name", "input"],
    },
    {
      properties: {
        type: { const: "tool_result" },
        toolUseId: { type: "string" },
        content: { type: "string" },
        isError: { type: "boolean" },
        images: { type: "array", items: { ...IMAGE_REFERENCE, required: [...IMAGE_REFERENCE.required, "type"] } },
      },
      required: ["toolUseId", "content"],
    },
    { ...IMAGE_REFERENCE, properties: { ...IMAGE_REFERENCE.properties, type: { const: "image" } } },
  ],
} as const;

/** The JSON Schema of a session file; every field may be missing and then gets its default. */
export const SAVED_SESSION_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "MAIA saved session (.maia/.sessions/<name>.json)",
  type: "object",
  properties: {
    version: { type: "integer" },
    name: { type: "string" },
    createdAt: { type: "string" },
    updatedAt: { type: "string" },
    model: { type: "string" },
    cwd: { type: "string" },
    messages: {
      type: "array",
      items: {
        type: "object",
        required: ["role", "content"],
        properties: { role: { enum: ["user", "assistant"] }, content: { type: "array", items: BLOCK_SCHEMA } },
      },
    },
    pendingContext: { type: "array", items: { type: "string" } },
    startContext: { type: "string" },
    agent: { type: "string" },
    parentSession: { type: "string" },
  },
} as const;
