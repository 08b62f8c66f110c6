// The plugin's options (config.json, `plugins.context.options`), checked by the kernel at load time with the
// validator generated from this schema at build time (options-validator.generated.ts, pnpm generate:validators).
export const OPTIONS_SCHEMA = {
  type: "object",
  properties: { askModel: { enum: ["auto", "always", "never"], default: "auto" } },
  additionalProperties: false,
} as const;
