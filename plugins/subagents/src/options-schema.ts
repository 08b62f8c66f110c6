// The plugin's options (config.json, `plugins.subagents.options`), checked by the kernel at load time with the
// validator generated from this schema at build time (options-validator.generated.ts, pnpm generate:validators).
export const OPTIONS_SCHEMA = {
  type: "object",
  properties: {
    program: { type: "string", minLength: 1 },
    execArgv: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
} as const;
