/** The hub's environment, as `process.env` gives it. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * `${VAR}` references in a value of hub.json (`env` values, channel tokens), replaced by the hub's variables in
 * one pass: an expanded value that itself holds `${…}` is left as it is (a secret may). Anything that is not a
 * well-formed `${NAME}` stays literal; there is no escape and no default (`${VAR:-x}`) — a value needing one is
 * written in the hub's environment instead. A variable set to "" counts as defined.
 */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface Expansion {
  value: string;
  /** Undefined variables, each with the index of its `${` in the value (to point the problem at it). */
  missing: { name: string; index: number }[];
}

export function expandEnv(text: string, env: Environment): Expansion {
  const missing: Expansion["missing"] = [];
  const value = text.replace(REFERENCE, (whole, name: string, index: number) => {
    const current = Object.hasOwn(env, name) ? env[name] : undefined;
    if (current === undefined) {
      missing.push({ name, index });
      return "";
    }
    return current;
  });
  return { value, missing };
}
