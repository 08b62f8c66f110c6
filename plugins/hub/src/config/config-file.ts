import { writeFileAtomic } from "@maia/util";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import type { ConfigSource } from "../protocol.ts";
import { ConfigError } from "./config-error.ts";
import { defaultConfigText, type MaiaCommand } from "./default-config.ts";
import { t } from "./messages.ts";
import type { RecentFiles } from "./recent-files.ts";

export const DEFAULT_CONFIG_NAME = "hub.json";

/** The configuration file the hub starts with, and where it comes from. */
export interface StartFile {
  file: string;
  source: ConfigSource;
  /** The default file did not exist and was just written. */
  created: boolean;
}

/**
 * The file the hub starts with: `--config` (which must exist: a typo in a path given explicitly must not
 * silently become a new file), else the newest recent file that still exists, else `~/.maia/hub.json`
 * (`defaultPath`), created with the default agent when missing. Throws a `ConfigError` for a missing `--config`
 * file or a default file that cannot be created.
 */
export async function startFile(options: { launchDir: string; flagPath?: string; maiaCommand: MaiaCommand }, recentFiles: RecentFiles, defaultPath: string): Promise<StartFile> {
  if (options.flagPath !== undefined) {
    const file = path.resolve(options.launchDir, options.flagPath);
    checkOpenable(file, "flagMissing");
    return { file, source: "flag", created: false };
  }
  const last = recentFiles.existing()[0];
  // Opened again from Recent, ~/.maia/hub.json is still the default file.
  if (last !== undefined) return { file: last, source: last === defaultPath ? "default" : "recent", created: false };
  return { file: defaultPath, source: "default", created: await createDefaultFile(defaultPath, options.maiaCommand) };
}

/** A file that `open` (or `--config`) can use: it exists, is not a folder, and can be read. */
export function checkOpenable(file: string, missing: "flagMissing" | "openMissing"): void {
  let isFolder: boolean;
  try {
    isFolder = statSync(file).isDirectory();
  } catch {
    throw new ConfigError(t(missing, { file }));
  }
  if (isFolder) throw new ConfigError(t("openFolder", { file }));
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    throw new ConfigError(t("openUnreadable", { file, cause: (error as NodeJS.ErrnoException).code ?? String(error) }));
  }
}

/** Creates `~/.maia/hub.json` with the default agent when it does not exist; true when it did not. */
export async function createDefaultFile(file: string, maia: MaiaCommand): Promise<boolean> {
  try {
    statSync(file);
    return false;
  } catch {
    // Missing: created below.
  }
  try {
    // 0600: the file may come to hold environment values for agents, which are often keys.
    await writeFileAtomic(file, defaultConfigText(maia), { mode: 0o600 });
    return true;
  } catch (error) {
    throw new ConfigError(t("createFailed", { file, cause: error instanceof Error ? error.message : String(error) }));
  }
}
