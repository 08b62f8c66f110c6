import path from "node:path";
import { settingsFiles } from "@maia/claude-code";
import { locateJsonError, readSettingsText } from "@maia/util";
import { readSandboxSettings, type ReadSettings, type SandboxSettingsSource } from "@maia/sandbox/settings";
import { t } from "./messages.ts";

/**
 * The files whose `sandbox` object applies, lowest precedence first: Claude Code's user file, MAIA's user file,
 * the project's Claude Code files (shared, then local), MAIA's project file — so that MAIA's own project file
 * wins a conflict, as with permission rules, and a Claude Code user's settings work unchanged. Relative paths
 * of a user file are relative to its folder (~/.claude, ~/.maia), of a project file to the launch folder.
 */
export function sandboxSettingsFiles(cwd: string, homeDir: string): { file: string; base: string }[] {
  // The list every reader of a settings key shares (@maia/claude-code): launched from the home folder, its files
  // are the user's, read once.
  return settingsFiles(cwd, homeDir).map((file) => ({ file: file.path, base: file.scope === "user" ? path.dirname(file.path) : cwd }));
}

/**
 * Reads every file through the settings cache the other plugins share (one `stat` when unchanged). A missing
 * file is nothing; a file that is not JSON is a warning and its sandbox settings are left out (the sandbox is
 * then as strict as without them).
 */
export async function loadSandboxSettings(cwd: string, homeDir: string): Promise<ReadSettings & { files: string[] }> {
  const sources: SandboxSettingsSource[] = [];
  const warnings: string[] = [];
  const files: string[] = [];
  for (const { file, base } of sandboxSettingsFiles(cwd, homeDir)) {
    let text: string | undefined;
    try {
      text = await readSettingsText(file);
    } catch (error) {
      warnings.push(t("fileUnreadable", { file, cause: (error as NodeJS.ErrnoException).code ?? String(error) }));
      continue;
    }
    if (text === undefined) continue;
    const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    let data: unknown;
    try {
      data = JSON.parse(source);
    } catch {
      const at = locateJsonError(source);
      warnings.push(t("fileInvalidJson", { file, line: at?.line ?? 1, column: at?.column ?? 1 }));
      continue;
    }
    if (typeof data !== "object" || data === null || Array.isArray(data)) continue;
    const value = (data as Record<string, unknown>).sandbox;
    if (value === undefined) continue;
    files.push(file);
    sources.push({ file, base, value });
  }
  const read = readSandboxSettings(sources, homeDir);
  return { settings: read.settings, warnings: [...warnings, ...read.warnings], files };
}
