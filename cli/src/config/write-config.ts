import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "@maia/util";

/**
 * Changes one plugin's `enabled` flag in a config file, keeping every other key as it was. The write is
 * atomic (temporary file, fsync, rename), so a crash never leaves half a file. A file that is not valid JSON
 * is never overwritten: the caller gets the parse error.
 */
export async function setPluginEnabled(file: string, name: string, enabled: boolean): Promise<void> {
  let config: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(file, "utf8"));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${file}: the file must hold a JSON object; fix it by hand first`);
    }
    config = parsed as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      throw new Error(`${file}: ${(error as Error).message}; fix it by hand first`);
    }
  }
  const plugins = typeof config.plugins === "object" && config.plugins !== null ? { ...(config.plugins as object) } : {};
  const current = (plugins as Record<string, unknown>)[name];
  (plugins as Record<string, unknown>)[name] =
    typeof current === "object" && current !== null ? { ...current, enabled } : enabled;
  config.plugins = plugins;
  await writeFileAtomic(file, `${JSON.stringify(config, null, 2)}\n`);
}

export { writeFileAtomic };
