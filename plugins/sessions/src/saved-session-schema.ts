// The JSON Schema of a session file, apart from the code that reads one: the build step that generates its
// validator (saved-session-validator.generated.ts, pnpm generate:validators) imports this module alone.
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
      },
      required: ["toolUseId", "content"],
    },
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
