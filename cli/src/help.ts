import { t } from "./messages.ts";

/**
 * The subcommands of MAIA's own plugins (permissions, sandbox, mcp, checkpoints, hooks, doctor, hub) and `plugins`, in the order `maia --help` lists
 * them once the plugins are loaded: the fast `--help` (entry.ts) lists them without loading any plugin. A test
 * checks that the two listings agree (help.e2e.test.ts).
 */
export const BUILTIN_SUBCOMMANDS: readonly string[] = ["plugins", "permissions", "sandbox", "mcp", "checkpoints", "hooks", "doctor", "hub"];

/**
 * Which first-party plugins running each of those subcommands loads: the one that registers it, and those whose
 * contributions it reads (`maia mcp` lists the servers of Claude Code plugins too).
 */
export const SUBCOMMAND_PLUGINS: Readonly<Record<string, readonly string[]>> = {
  permissions: ["permissions"],
  mcp: ["claude-plugins", "mcp"],
  hub: ["hub"],
};

/** `maia --help`: the usage text in the user's language, with the subcommands it can run. */
export function helpText(subcommands: readonly string[]): string {
  return t("usage", { subcommands: subcommands.join(", ") });
}
