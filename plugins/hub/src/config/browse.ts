import { readdirSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import type { BrowseEntry, BrowseResult } from "../protocol.ts";
import { ConfigError } from "./config-error.ts";
import { t } from "./messages.ts";

const CONFIG_FILE = /\.jsonc?$/i;

/**
 * One folder for the page's file dialog: sub-folders, then `.json` / `.jsonc` files, each sorted by name;
 * hidden entries (a leading dot) are left out, as a desktop dialog does by default. A symbolic link counts as
 * what it points to; a broken one is left out. An unreadable folder is an error that says why.
 */
export function browseFolder(folder: string): BrowseResult {
  const absolute = path.resolve(folder);
  let dirents: Dirent[];
  try {
    dirents = readdirSync(absolute, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ConfigError(t("browseMissing", { folder: absolute }));
    if (code === "ENOTDIR") throw new ConfigError(t("browseNotFolder", { folder: absolute }));
    if (code === "EACCES" || code === "EPERM") throw new ConfigError(t("browseDenied", { folder: absolute }));
    throw new ConfigError(t("browseOther", { folder: absolute, cause: code ?? String(error) }));
  }
  const folders: BrowseEntry[] = [];
  const files: BrowseEntry[] = [];
  for (const dirent of dirents) {
    if (dirent.name.startsWith(".")) continue;
    const entryPath = path.join(absolute, dirent.name);
    const kind = dirent.isSymbolicLink() ? linkKind(entryPath) : dirent.isDirectory() ? "folder" : dirent.isFile() ? "file" : undefined;
    if (kind === "folder") folders.push({ name: dirent.name, path: entryPath, kind });
    else if (kind === "file" && CONFIG_FILE.test(dirent.name)) files.push({ name: dirent.name, path: entryPath, kind });
  }
  const byName = (a: BrowseEntry, b: BrowseEntry) => a.name.localeCompare(b.name, "en", { numeric: true });
  const parent = path.dirname(absolute);
  return { folder: absolute, parent: parent === absolute ? "" : parent, entries: [...folders.sort(byName), ...files.sort(byName)] };
}

function linkKind(file: string): "folder" | "file" | undefined {
  try {
    const stats = statSync(file);
    return stats.isDirectory() ? "folder" : stats.isFile() ? "file" : undefined;
  } catch {
    return undefined;
  }
}
