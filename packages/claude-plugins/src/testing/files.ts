import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempFolder } from "@maia/testing-maia";

/** A fresh temporary folder (real path), named after this package's tests. */
export function scratch(prefix: string): Promise<string> {
  return tempFolder(`maia-claude-plugins-${prefix}-`);
}

/** Writes files under a root (`{ "a/b.md": "text", "c.json": {…} }`, objects as JSON); returns the root. */
export async function files(root: string, entries: Record<string, string | object>): Promise<string> {
  for (const [relative, content] of Object.entries(entries)) {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, typeof content === "string" ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
  return root;
}
