import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempFolder as sharedTempFolder } from "@maia/testing-maia";

/** A fresh temporary folder (real path), named after this plugin's tests. */
export function tempFolder(prefix: string): Promise<string> {
  return sharedTempFolder(`maia-commands-${prefix}-`);
}

/** Writes `<root>/<relative>` as a user would (folders made); returns the file. */
export async function writeCommand(root: string, relative: string, content: string): Promise<string> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  return file;
}
