/** JSON Schema of `.maia/config.json` (project) and `~/.maia/config.json` (user). */
export const CONFIG_SCHEMA = {
  type: "object",
  properties: {
    model: { type: "string", minLength: 1 },
    plugins: {
      type: "object",
      additionalProperties: {
        anyOf: [
          { type: "boolean" },
          {
            type: "object",
            properties: { enabled: { type: "boolean" }, options: { type: "object" } },
            additionalProperties: false,
          },
        ],
      },
    },
  },
  additionalProperties: true,
} as const;

export interface PluginSetting {
  enabled: boolean;
  options?: Record<string, unknown>;
}

export interface MaiaConfig {
  model?: string;
  plugins: Record<string, PluginSetting>;
}
