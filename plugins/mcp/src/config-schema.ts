import type { JsonSchema } from "@maia/kernel";

/**
 * The published JSON Schema of mcp.json (seed § 22.1), in the shape Claude Code, Cursor and Gemini CLI use so
 * that existing entries can be pasted: `{ "mcpServers": { "<name>": { … } } }`. Each server entry is
 * validated on its own (SERVER_SCHEMA), so one bad entry is a warning and the others still load. Unknown
 * fields are reported (with a "did you mean") but do not reject the entry: a field another assistant uses
 * (`description`, `trust`…) must not cost the user their server.
 */
export const TRANSPORT_TYPES = ["stdio", "http", "sse"] as const;
/** Spellings other assistants write for Streamable HTTP. */
export const HTTP_ALIASES = ["streamable-http", "streamableHttp", "streamable_http"] as const;

export const SERVER_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    type: {
      enum: [...TRANSPORT_TYPES, ...HTTP_ALIASES],
      description: "stdio (a program MAIA starts), http (Streamable HTTP) or sse (the legacy HTTP+SSE transport)",
    },
    url: { type: "string", minLength: 1, description: "http(s) address of the server; ${VAR} expanded" },
    httpUrl: { type: "string", minLength: 1, description: "Gemini CLI's spelling of a Streamable HTTP url" },
    headers: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "HTTP headers sent with every request (Authorization…); ${VAR} expanded",
    },
    command: { type: "string", minLength: 1, description: "stdio: the program to start; ${VAR} expanded" },
    args: { type: "array", items: { type: "string" }, description: "stdio: its arguments; ${VAR} expanded" },
    env: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "stdio: variables added to a minimal environment (HOME, PATH, USER…); ${VAR} expanded",
    },
    cwd: { type: "string", minLength: 1, description: "stdio: working folder, relative to the launch folder" },
    sandbox: { type: "boolean", description: "stdio: true starts the server inside MAIA's OS sandbox (as Bash: writes only in the launch folder, no secrets, allowed domains only)" },
    enabled: { type: "boolean", description: "false: the server is ignored" },
    disabled: { type: "boolean", description: "true: the server is ignored (the spelling of other assistants)" },
    timeout: {
      type: "number",
      exclusiveMinimum: 0,
      description: "seconds allowed to the connection and to each request, tool calls included (default 30)",
    },
    includeTools: { type: "array", items: { type: "string" }, description: "only these tools are offered" },
    excludeTools: { type: "array", items: { type: "string" }, description: "these tools are never offered" },
    description: { type: "string", description: "free text, for the reader of the file" },
    oauth: {
      description: "http/sse: OAuth 2.1 login (false: never); by default dynamic client registration",
      oneOf: [
        { const: false },
        {
          type: "object",
          additionalProperties: false,
          properties: {
            clientId: { type: "string", minLength: 1, description: "a client registered by hand: no dynamic registration" },
            clientSecret: { type: "string", minLength: 1, description: "its secret, for a confidential client; ${VAR} expanded" },
            scopes: { type: "array", items: { type: "string" }, description: "scopes to ask for" },
            redirectPort: { type: "integer", minimum: 1, maximum: 65535, description: "fixed port of the loopback redirect url" },
          },
        },
      ],
    },
  },
};

export const MCP_CONFIG_SCHEMA: JsonSchema = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "MAIA MCP servers (~/.maia/mcp.json, <project>/.maia/mcp.json)",
  type: "object",
  properties: {
    mcpServers: {
      type: "object",
      propertyNames: { pattern: "^[A-Za-z0-9_-]+$", not: { pattern: "__" } },
      additionalProperties: SERVER_SCHEMA,
    },
    toolSearch: {
      anyOf: [{ type: "boolean" }, { type: "string", pattern: "^(auto|always|never|true|false|auto:(100|[1-9]?[0-9]))$" }],
      description:
        "when MCP tools are deferred behind ToolSearch: auto (default: beyond 10 % of the model's context), auto:N (N %), always or true, never or false",
    },
  },
};

export const KNOWN_SERVER_FIELDS = Object.keys(SERVER_SCHEMA.properties as Record<string, unknown>);
