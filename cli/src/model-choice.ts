/** Seed § 5.3: --model, then MAIA_MODEL, then the project's config, then the user's. No default. */
export function chooseModel(flag: string | undefined, env: NodeJS.ProcessEnv, configured: string | undefined): string | undefined {
  for (const candidate of [flag, env.MAIA_MODEL, configured]) {
    const value = candidate?.trim();
    if (value) return value;
  }
  return undefined;
}
