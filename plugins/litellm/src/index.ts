import { definePlugin, type AgentSession, type LLMProvider } from "@maia/kernel";
import { parseModelSpec } from "./model-spec.ts";
import { EarlyModelInfo } from "./early-model-info.ts";
import { createLiteLLMProvider } from "./provider.ts";
import { loadSettings, type LoadedSettings } from "./settings.ts";

const PLUGIN_NAME = "litellm";

export interface LiteLLMApi {
  /** ~/.maia/settings.json, read once and validated (throws SettingsError when MAIA cannot start). */
  settings(): Promise<LoadedSettings>;
  /** The models LiteLLM offers (seed § 7.4), sorted and deduplicated. */
  listModels(signal?: AbortSignal): Promise<string[]>;
}

/**
 * The LiteLLM provider (seed § 7): every model spec (`litellm:<name>` or `<name>`) resolves to a provider
 * that speaks OpenAI chat/completions over SSE to the server of ~/.maia/settings.json. The same file's
 * MaxIterations applies to each new session.
 */
export default definePlugin<Record<string, never>, LiteLLMApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "LiteLLM provider: OpenAI chat/completions over SSE, model list, /model/info (~/.maia/settings.json)",
  apply(context) {
    const { homeDir, env } = context.runtime;
    let cached: Promise<LoadedSettings> | undefined;
    let warned = false;
    const settings = async () => {
      cached ??= loadSettings(homeDir, env);
      const loaded = await cached.catch((error: unknown) => {
        cached = undefined; // A fixed file is read again on the next attempt.
        throw error;
      });
      if (!warned) {
        warned = true;
        for (const warning of loaded.warnings) context.log.warn(warning);
      }
      return loaded;
    };
    const early = context.runtime.conversation === true ? new EarlyModelInfo(settings, env) : undefined;
    const api: LiteLLMApi = {
      settings,
      async listModels(signal) {
        const loaded = await settings();
        const provider = createLiteLLMProvider({ settings: loaded.settings, apiKey: loaded.apiKey, model: "", env });
        return (await provider.listModels?.(signal)) ?? [];
      },
    };

    context.hooks.resolveProvider.tapPromise(PLUGIN_NAME, async (request): Promise<LLMProvider | undefined> => {
      const spec = parseModelSpec(request.model);
      if (!spec) return undefined;
      const loaded = await settings();
      return createLiteLLMProvider({
        settings: loaded.settings,
        apiKey: loaded.apiKey,
        model: spec.model,
        env: request.env,
        settingsPath: loaded.path,
        ...(early ? { takeEarlyModelInfo: () => early.take() } : {}),
      });
    });

    context.hooks.sessionStart.tapPromise(PLUGIN_NAME, async (session: AgentSession) => {
      const { settings: values } = await settings();
      if (values.MaxIterations) session.maxIterations = values.MaxIterations;
    });

    // An early /model/info nobody took (the context plugin disabled) must not keep the run alive.
    context.hooks.sessionEnd.tap(PLUGIN_NAME, () => early?.abandon());
    return api;
  },
});

export { SettingsError, SETTINGS_SCHEMA, SETTINGS_EXAMPLE, type LoadedSettings, type LiteLLMSettings } from "./settings.ts";
export { isContextOverflowMessage } from "./errors.ts";
export { parseModelSpec, formatModelSpec } from "./model-spec.ts";
