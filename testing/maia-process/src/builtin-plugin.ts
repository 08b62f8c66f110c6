import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The list of first-party plugins the bundle is built with (read as text: the harness imports nothing of cli). */
const BUILTIN_LIST = fileURLToPath(new URL("../../../cli/src/plugins/builtin-plugins.ts", import.meta.url));

/** Whether a first-party plugin is part of this build (`!` and `@` come from plugins written apart). */
export function builtinPlugin(name: string): boolean {
  return existsSync(BUILTIN_LIST) && readFileSync(BUILTIN_LIST, "utf8").includes(`name: "${name}"`);
}
