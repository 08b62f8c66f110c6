import { t } from "./messages.ts";

/**
 * The subcommands of MAIA's own plugins (permissions, sandbox, mcp, checkpoints, hooks, doctor, hub) and `plugins`, in the order `maia --help` lists
 * them once the plugins are loaded: the fast `--help` (entry.ts) lists them without loading any plugin. A test
 * checks that the two listings agree (help.e2e.test.ts).
 */
export const BUILTIN_SUBCOMMANDS: readonly string[] = ["plugins", "permissions", "sandbox", "mcp", "checkpoints", "hooks", "doctor", "hub"];

/** Which first-party plugin registers each of those subcommands: running one loads that plugin alone. */
export const SUBCOMMAND_PLUGINS: Readonly<Record<string, string>> = { permissions: "permissions", mcp: "mcp", hub: "hub" };

/** `maia --help`: the usage text in the user's language, with the subcommands it can run. */
export function helpText(subcommands: readonly string[]): string {
  return t("usage", { subcommands: subcommands.join(", ") });
}
