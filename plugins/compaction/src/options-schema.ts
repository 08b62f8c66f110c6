// The plugin's options (config.json, `plugins.compaction.options`), checked by the kernel at load time with the
// validator generated from this schema at build time (options-validator.generated.ts, pnpm generate:validators).
export const OPTIONS_SCHEMA = {
  type: "object",
  properties: {
    auto: { type: "boolean", default: true },
    threshold: {
      oneOf: [
        { type: "number", exclusiveMinimum: 0, maximum: 1 },
        { type: "integer", minimum: 1_000 },
      ],
    },
  },
  additionalProperties: false,
} as const;
