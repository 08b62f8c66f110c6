/**
 * `allowed-tools` as written in a command's header: a YAML list of rules, or one line of rules separated by
 * commas (Claude Code's form, `Bash(git status *), Read`). A comma inside parentheses belongs to its rule
 * (`Bash(echo a, b)`). Blank items are dropped. Returns undefined for a value that is neither text nor a list of
 * texts, which the loader reports.
 */
export function readAllowedTools(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) {
    if (!value.every((item) => typeof item === "string")) return undefined;
    return value.map((item) => item.trim()).filter((item) => item !== "");
  }
  if (typeof value !== "string") return undefined;
  return splitRules(value);
}

export function splitRules(line: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of line) {
    if (char === "(") depth += 1;
    else if (char === ")") depth = Math.max(0, depth - 1);
    if (char === "," && depth === 0) {
      rules.push(current);
      current = "";
    } else current += char;
  }
  rules.push(current);
  return rules.map((rule) => rule.trim()).filter((rule) => rule !== "");
}
