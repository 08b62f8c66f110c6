import { writeFileAtomic } from "@maia/util";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { HUB_SCHEMA, SCHEMA_FILE_NAME } from "./hub-schema.ts";

/** The schema as published beside hub.json: stable formatting, so an unchanged schema is never rewritten. */
export function schemaFileText(): string {
  return `${JSON.stringify(HUB_SCHEMA, null, 2)}\n`;
}

/**
 * Writes `~/.maia/hub.schema.json`, which the default file's `"$schema": "./hub.schema.json"` names, so that
 * editors outside the hub (VS Code, Zed…) complete and check hub.json offline. Rewritten when it differs, so
 * it follows the installed MAIA. Best effort: a read-only home costs editors their hints, nothing more.
 */
export async function writeSchemaFile(maiaDir: string): Promise<void> {
  const file = path.join(maiaDir, SCHEMA_FILE_NAME);
  const text = schemaFileText();
  try {
    if ((await readFile(file, "utf8").catch(() => "")) !== text) await writeFileAtomic(file, text);
  } catch {
    // See above: optional.
  }
}
