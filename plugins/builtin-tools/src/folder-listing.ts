import { readdir } from "node:fs/promises";
import type { ToolOutput } from "@maia/kernel";
import { t } from "./messages.ts";
import { fsCause, toolError } from "./tool-result.ts";

/** Beyond this many entries, Read of a folder says how many more there are and points to Glob. */
export const FOLDER_LISTING_LIMIT = 1000;

/** Read of a folder lists it (folders first, each with a trailing `/`), rather than failing. */
export async function listFolder(absolute: string, shown: string): Promise<ToolOutput> {
  let entries;
  try {
    entries = await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    return toolError(t("readFailed", { path: shown, cause: fsCause(error) }));
  }
  const names = entries
    .map((entry) => ({ name: entry.name, folder: entry.isDirectory() }))
    .sort((a, b) => Number(b.folder) - Number(a.folder) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => (entry.folder ? `${entry.name}/` : entry.name));
  if (names.length === 0) return t("folderEmpty", { path: shown });
  const shownNames = names.slice(0, FOLDER_LISTING_LIMIT);
  const header = t("folderHeader", { path: shown, count: names.length });
  const more = names.length > shownNames.length ? `\n${t("folderMore", { count: names.length - shownNames.length })}` : "";
  return `${header}\n${shownNames.join("\n")}${more}`;
}
