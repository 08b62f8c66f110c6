import { isRecord, type SettingsLayer } from "./settings-files.ts";

/**
 * A Claude Code sub-agent's `model` (its sub-agents page): an alias (`sonnet`, `opus`, `haiku`, `fable`),
 * `inherit`, or a full model id. MAIA talks to LiteLLM, whose model names are the user's: an alias means what
 * the `modelAliases` table of MAIA's settings says (`"modelAliases": {"sonnet": "litellm:claude-sonnet"}`), and
 * without an entry the sub-agent runs on the parent's model (said once). A full id is looked up in LiteLLM's
 * list like any MAIA agent's model.
 */
export const CLAUDE_MODEL_ALIASES: readonly string[] = ["sonnet", "opus", "haiku", "fable", "opusplan", "default"];

export type ModelResolution =
  | { kind: "inherit" }
  | { kind: "model"; model: string; alias?: string }
  | { kind: "noAlias"; alias: string };

export function resolveModelAlias(model: string | undefined, aliases: Readonly<Record<string, string>>): ModelResolution {
  const wanted = model?.trim() ?? "";
  if (wanted === "" || wanted.toLowerCase() === "inherit") return { kind: "inherit" };
  const key = Object.keys(aliases).find((alias) => alias.toLowerCase() === wanted.toLowerCase());
  if (key !== undefined) return { kind: "model", model: aliases[key] as string, alias: wanted };
  // `sonnet[1m]`: Claude Code's alias with a context size; the alias part is what the table names.
  const bare = wanted.replace(/\[[^\]]*\]$/, "").toLowerCase();
  if (CLAUDE_MODEL_ALIASES.includes(bare)) {
    const bareKey = Object.keys(aliases).find((alias) => alias.toLowerCase() === bare);
    return bareKey !== undefined ? { kind: "model", model: aliases[bareKey] as string, alias: wanted } : { kind: "noAlias", alias: wanted };
  }
  return { kind: "model", model: wanted };
}

export interface AliasTable {
  aliases: Record<string, string>;
  /** Entries left out, with the file and why (a value that is not text). */
  problems: Array<{ file: string; line?: number; alias: string }>;
}

/** `modelAliases` of MAIA's settings files, the project's entries over the user's. */
export function modelAliasesOf(layers: readonly SettingsLayer[]): AliasTable {
  const aliases: Record<string, string> = {};
  const problems: AliasTable["problems"] = [];
  for (const layer of layers) {
    if (layer.format !== "maia") continue;
    const table = layer.data?.modelAliases;
    if (!isRecord(table)) continue;
    for (const [alias, model] of Object.entries(table)) {
      if (typeof model === "string" && model.trim() !== "") aliases[alias] = model.trim();
      else problems.push({ file: layer.path, alias, ...lineOf(layer, ["modelAliases", alias]) });
    }
  }
  return { aliases, problems };
}

function lineOf(layer: SettingsLayer, keys: string[]): { line?: number } {
  const line = layer.positions?.keyLine(keys);
  return line === undefined ? {} : { line };
}
