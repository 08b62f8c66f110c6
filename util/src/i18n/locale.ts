export type Locale = "en" | "fr";

/**
 * The user's language (DESIGN.md): MAIA_LANG first, then the POSIX variables in their precedence order
 * (LC_ALL over LC_MESSAGES over LANG); French when the first one set says so, English otherwise.
 */
export function resolveLocale(env: NodeJS.ProcessEnv = process.env): Locale {
  const explicit = env.MAIA_LANG?.trim().toLowerCase();
  if (explicit) return explicit.startsWith("fr") ? "fr" : "en";
  for (const name of ["LC_ALL", "LC_MESSAGES", "LANG"] as const) {
    const value = env[name]?.trim();
    if (value) return value.toLowerCase().startsWith("fr") ? "fr" : "en";
  }
  return "en";
}
