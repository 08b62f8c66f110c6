// The JSON Schema of ~/.maia/settings.json, apart from the code that reads it: the build step that generates its
// validator (settings-validator.generated.ts, pnpm generate:validators) imports this module alone.
const POSITIVE_INTEGER = { type: "integer", minimum: 1 } as const;

/** The JSON Schema of ~/.maia/settings.json. */
export const SETTINGS_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "MAIA user settings (~/.maia/settings.json)",
  type: "object",
  required: ["LiteLLM_URL", "OpenAI_EndPoint", "LiteLLM_Models"],
  properties: {
    $schema: { type: "string" },
    LiteLLM_URL: {
      type: "string",
      minLength: 1,
      pattern: "^\\s*[Hh][Tt][Tt][Pp][Ss]?://",
      description: "URL of the LiteLLM server, e.g. http://localhost:4000",
    },
    OpenAI_EndPoint: {
      type: "string",
      minLength: 1,
      description: "Suffix of the chat request, e.g. /v1/chat/completions",
    },
    LiteLLM_Models: { type: "string", minLength: 1, description: "Suffix of the model list, e.g. /v1/models" },
    LiteLLM_API_Key: { type: "string", description: "API key; else the LITELLM_API_KEY variable" },
    MaxIterations: { ...POSITIVE_INTEGER, description: "Iterations per series before stopping (default 50)" },
    MaxOutputTokens: { ...POSITIVE_INTEGER, description: "max_tokens sent with each request" },
    ContextWindow: { ...POSITIVE_INTEGER, description: "The model's context size, when /model/info does not tell" },
    Vision: { type: "boolean", description: "Whether the models take images; else /model/info's supports_vision tells" },
    // Read and checked by the permissions plugin, which reports its own problems (seed § 9.1).
    permissions: {},
    // Read and checked by the hooks plugin (user hook commands in Claude Code's format).
    hooks: {},
    // Read and checked by the sandbox plugin (Claude Code's `sandbox` keys, docs/sandbox.md).
    sandbox: {},
    // Claude Code's keys, read through @maia/claude-code: variables for everything MAIA runs, and the models
    // Claude Code sub-agents' aliases (`sonnet`, `opus`, `haiku`) stand for.
    env: {},
    modelAliases: {},
    // Read and checked by the claude-plugins plugin (Claude Code plugins turned on and off, their marketplaces).
    enabledPlugins: {},
    extraKnownMarketplaces: {},
  },
  additionalProperties: false,
} as const;
