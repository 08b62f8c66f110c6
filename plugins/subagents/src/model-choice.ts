/**
 * Seed § 20.2, resolveSubAgentModel: the model a definition names is looked up in LiteLLM's list — the exact id
 * first, then the first id (in the list's order) that contains it as a fragment, ignoring case — and when nothing
 * matches, or when there is no list, the parent's model is used and the user is warned. Pure.
 */
export type ModelChoice =
  | { via: "parent"; model: string }
  | { via: "exact" | "fragment"; model: string }
  | { via: "fallback"; model: string; reason: "no_match" | "no_list" };

const PREFIX = "litellm:";

export function chooseSubAgentModel(wanted: string | undefined, available: readonly string[] | undefined, parentModel: string): ModelChoice {
  const name = wanted === undefined ? "" : stripPrefix(wanted.trim());
  if (name === "") return { via: "parent", model: parentModel };
  if (available === undefined) return { via: "fallback", model: parentModel, reason: "no_list" };
  if (available.includes(name)) return { via: "exact", model: name };
  const lower = name.toLowerCase();
  const exactIgnoringCase = available.find((id) => id.toLowerCase() === lower);
  if (exactIgnoringCase !== undefined) return { via: "exact", model: exactIgnoringCase };
  const fragment = available.find((id) => id.toLowerCase().includes(lower));
  if (fragment !== undefined) return { via: "fragment", model: fragment };
  return { via: "fallback", model: parentModel, reason: "no_match" };
}

/** `litellm:<name>` and `<name>` name the same model (seed § 5.3). */
function stripPrefix(spec: string): string {
  return spec.toLowerCase().startsWith(PREFIX) ? spec.slice(PREFIX.length).trim() : spec;
}
