/** The provider prefix of a model choice (seed § 7.4: "valeur de choix litellm:<nom>"). */
export const LITELLM_PREFIX = "litellm:";

export interface ModelSpec {
  provider: "litellm";
  /** The model name as LiteLLM knows it; may itself contain `:` and `/` (e.g. `ollama/qwen3:8b`). */
  model: string;
}

/**
 * Parses `litellm:<name>` or a bare `<name>`. Only a leading `litellm:` (any case) is a prefix: everything
 * after it, colons and slashes included, is the name. Returns undefined for an empty name.
 */
export function parseModelSpec(spec: string): ModelSpec | undefined {
  const trimmed = spec.trim();
  const model = trimmed.toLowerCase().startsWith(LITELLM_PREFIX)
    ? trimmed.slice(LITELLM_PREFIX.length).trim()
    : trimmed;
  return model === "" ? undefined : { provider: "litellm", model };
}

/** The choice value of a model name: `litellm:<name>`. */
export function formatModelSpec(model: string): string {
  return `${LITELLM_PREFIX}${model}`;
}
