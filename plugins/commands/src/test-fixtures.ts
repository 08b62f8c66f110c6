import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export function tempFolder(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `maia-commands-${prefix}-`));
}

/** Writes `<root>/<relative>` as a user would (folders made); returns the file. */
export async function writeCommand(root: string, relative: string, content: string): Promise<string> {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  return file;
}
