import { createRequire } from "node:module";
import { access, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type * as yamlModule from "yaml";
import { createFileExclusive } from "@maia/util";
import { noteLoaded } from "@maia/util/trace-loads";

export const TEMPLATE_FILE = "AGENT.md";
export const RESOURCES_FOLDER = ".ressources";

/**
 * The folders where MAIA's private resources may be, in order (seed § 20.1b, findResource): `$MAIA_RESSOURCES`,
 * then `.ressources` at MAIA's install root — found by walking up from this module (the source tree in
 * development, `cli/dist` in the bundle) — then `.ressources` next to the program that runs.
 */
export function resourceFolders(env: NodeJS.ProcessEnv, moduleUrl = import.meta.url, program = process.argv[1]): string[] {
  const folders: string[] = [];
  const custom = env.MAIA_RESSOURCES?.trim();
  if (custom) folders.push(path.resolve(custom));
  let folder = path.dirname(fileURLToPath(moduleUrl));
  for (let level = 0; level < 5; level += 1) {
    folders.push(path.join(folder, RESOURCES_FOLDER));
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  if (program) folders.push(path.join(path.dirname(path.resolve(program)), RESOURCES_FOLDER));
  return [...new Set(folders)];
}

/** The first of those folders that holds `name`, or the places looked at (for the error message). */
export async function findResource(name: string, folders: readonly string[]): Promise<{ file: string } | { searched: string[] }> {
  for (const folder of folders) {
    const file = path.join(folder, name);
    if (await access(file).then(() => true, () => false)) return { file };
  }
  return { searched: [...folders] };
}

/**
 * Seed § 20.1b, applyAgentName: only the header's top-level `name:` line changes (a name YAML would read as
 * something else — `1e3`, `true` — is quoted); without one, it is added as the header's first line.
 */
export function applyAgentName(template: string, name: string): string {
  // yaml is required here, on the first use, not at import: evaluating it cost every start 10–45 ms (issue 22).
  const yaml = (typeof require === "function" ? require("yaml") : createRequire(import.meta.url)("yaml")) as typeof yamlModule;
  const value = yaml.stringify(name).trimEnd();
  const lines = template.split("\n");
  const start = lines[0]?.replace(/^\uFEFF/, "").trim() === "---" ? 0 : -1;
  if (start === -1) return `---\nname: ${value}\n---\n${template}`;
  const end = lines.findIndex((line, index) => index > start && /^---[ \t]*\r?$/.test(line));
  const limit = end === -1 ? lines.length : end;
  const index = lines.findIndex((line, position) => position > start && position < limit && /^name[ \t]*:/i.test(line));
  if (index === -1) lines.splice(start + 1, 0, `name: ${value}`);
  else lines[index] = `name: ${value}${lines[index]?.endsWith("\r") ? "\r" : ""}`;
  return lines.join("\n");
}

export type CreateResult = { kind: "created"; file: string } | { kind: "exists"; file: string };

/** Seed § 20.1b, createAgentFromTemplate: `<root>/<name>/AGENT.md`, never over an existing file. */
export async function createAgentFromTemplate(templateFile: string, root: string, name: string): Promise<CreateResult> {
  const template = await readFile(templateFile, "utf8");
  noteLoaded(templateFile);
  const folder = path.join(root, name);
  const file = path.join(folder, TEMPLATE_FILE);
  await mkdir(folder, { recursive: true });
  // The loader also reads a lower-case agent.md: that one counts as the agent's file too.
  const lower = path.join(folder, TEMPLATE_FILE.toLowerCase());
  if (await access(lower).then(() => true, () => false)) return { kind: "exists", file: lower };
  return (await createFileExclusive(file, applyAgentName(template, name))) ? { kind: "created", file } : { kind: "exists", file };
}
