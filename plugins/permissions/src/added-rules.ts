import type { RuleKind } from "./rule-syntax.ts";
import { readPermissions, type LoadedRules, type RuleFile } from "./settings-files.ts";

/**
 * Rules that come from no settings file but from another plugin through `addRules` — a sub-agent's AGENT.md
 * (seed § 20.3.1). Each set keeps its own source name, used in the warnings, in verdicts and by `/permissions`.
 * A set is read exactly as a settings file's `permissions` value (same schema, same rule syntax, a bad rule
 * left out with a warning naming the source) and evaluated with all the others: deny, then ask, then allow
 * across every source, so an added allow never lifts a deny or an ask from elsewhere, and an added deny or ask
 * applies whatever the other sources allow.
 */
export type RuleSet = Partial<Record<RuleKind, readonly string[]>>;

export interface AddedRules {
  file: RuleFile;
  warnings: string[];
}

export function readAddedRules(source: string, rules: unknown): AddedRules {
  const read = readPermissions(rules, source);
  return { file: { path: source, origin: "added", found: true, rules: read.rules }, warnings: read.warnings };
}

/** The rules read from the files, then the added sets in the order they were first added. */
export function withAdded(fromFiles: LoadedRules, added: Iterable<AddedRules>): LoadedRules {
  const sets = [...added];
  const files = [...fromFiles.files, ...sets.map((set) => set.file)];
  return {
    files,
    rules: files.flatMap((file) => file.rules),
    warnings: [...fromFiles.warnings, ...sets.flatMap((set) => set.warnings)],
  };
}
