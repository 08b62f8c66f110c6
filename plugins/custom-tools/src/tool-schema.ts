/**
 * The JSON Schema of TOOL.json (seed § 10.2), checked with ajv through the kernel's `validatorFor`. It says the
 * structure and the types; names, reserved names, duplicates and placeholders are rules of tool-definition.ts.
 * Unknown properties are refused so that a typo (`"defualt"`) is reported instead of silently changing the tool.
 */
export const TOOL_SCHEMA = {
  title: "MAIA custom tool (TOOL.json)",
  type: "object",
  required: ["description", "command"],
  properties: {
    $schema: { type: "string" },
    name: { type: "string", description: "Tool name (the folder's name by default): ^[A-Za-z0-9_-]{1,64}$" },
    description: { type: "string", minLength: 1, description: "What the tool does, for the model" },
    command: {
      type: "object",
      required: ["run"],
      properties: {
        parameters: {
          type: "array",
          items: {
            type: "object",
            required: ["name", "type"],
            properties: {
              name: { type: "string", description: "^[A-Za-z_][A-Za-z0-9_]*$" },
              type: { enum: ["number", "string"] },
              default: { type: ["string", "number"], description: "Used when the model gives no value; without it the parameter is required" },
              description: { type: "string" },
            },
            additionalProperties: false,
          },
        },
        run: { type: "string", minLength: 1, description: "Command line; {{param}} is replaced by the value; ./ is the tool's folder" },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

export interface RawParameter {
  name: string;
  type: "number" | "string";
  default?: string | number;
  description?: string;
}

/** A TOOL.json that passed the schema. */
export interface RawToolFile {
  name?: string;
  description: string;
  command: { parameters?: RawParameter[]; run: string };
}
