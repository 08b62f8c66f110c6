import { readdirSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";

export interface PageFile {
  type: string;
  bytes: Buffer;
  /** Where it was read from (the suite's lazy-module coverage check notes each file served). */
  file?: string;
}

/** The built page, by URL path (`/` is index.html). Read once at start: it is small and never changes while the hub runs. */
export type PageFiles = ReadonlyMap<string, PageFile>;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
};

/**
 * Loads every file of the page's folder (no sub-folders of its own but one level of assets). Only these paths
 * are ever served: a request cannot name a file outside the folder, since nothing is read from disk per request.
 */
export function loadPageFiles(folder: string | undefined): PageFiles {
  const files = new Map<string, PageFile>();
  if (folder === undefined) return files;
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full, `${prefix}${name}/`);
        continue;
      }
      const type = TYPES[path.extname(name).toLowerCase()];
      if (type) files.set(`${prefix}${name}`, { type, bytes: readFileSync(full), file: full });
    }
  };
  walk(folder, "/");
  const index = files.get("/index.html");
  if (index) files.set("/", index);
  return files;
}

/** An agent's icon file when it is an image of a known type, else undefined. */
export async function readIcon(file: string | undefined): Promise<PageFile | undefined> {
  if (file === undefined) return undefined;
  const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
  if (!type) return undefined;
  try {
    return { type, bytes: await readFile(file) };
  } catch {
    return undefined;
  }
}
