/**
 * `sandbox.excludedCommands` (Claude Code's key): commands that run outside the sandbox, and then always under
 * the permission rules. An entry names a command (`docker`), a command and its first words (`git push`), or ends
 * with ` *` / `:*` for "and anything after". A command line is excluded when any of its simple commands
 * (split on `;`, `&&`, `||`, `|`, new lines; leading `VAR=value` assignments skipped) starts with an entry: the
 * line runs as a whole, so one excluded part takes it all out of the sandbox — and back under the rules.
 */
export function isExcludedCommand(command: string, excluded: readonly string[]): boolean {
  if (excluded.length === 0) return false;
  const entries = excluded.map((entry) => entry.trim().replace(/(?:\s\*|:\*)$/, "").trim()).filter((entry) => entry !== "");
  const parts = command.split(/&&|\|\||[;|\n&()`]|\$\(/).map((part) => part.trim().replace(/^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/, ""));
  return parts.some((part) => entries.some((entry) => part === entry || part.startsWith(`${entry} `) || part.startsWith(`${entry}\t`)));
}
