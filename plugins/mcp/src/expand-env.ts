/**
 * `${VAR}` expansion in mcp.json values (seed § 22.1: url and headers; here also a stdio server's command,
 * args, env and cwd). `${VAR:-default}` gives a default, as Claude Code's entries use it, so a pasted entry
 * keeps working. One pass only: a value that itself contains `${…}` is not expanded again (a secret that
 * happens to hold `${HOME}` stays as it is). Anything that is not a well-formed reference stays literal.
 */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export interface Expansion {
  value: string;
  /** Variables referenced without a default and not set: expanded to "", reported by the caller. */
  missing: string[];
}

export function expandEnv(text: string, env: NodeJS.ProcessEnv): Expansion {
  const missing: string[] = [];
  const value = text.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
    const current = env[name];
    if (current !== undefined && current !== "") return current;
    if (fallback !== undefined) return fallback;
    if (current === undefined && !missing.includes(name)) missing.push(name);
    return current ?? "";
  });
  return { value, missing };
}
