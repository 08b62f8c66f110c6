import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { describeErrors } from "@maia/kernel";
import { closest, isMissing } from "@maia/util";
import { at, isRecord, readJsonFile, type JsonFile } from "./json-file.ts";
import { t } from "./messages.ts";
import { isValidName } from "./names.ts";
import { MANIFEST_KEYS, MANIFEST_SCHEMA, UNSUPPORTED_MANIFEST_KEYS } from "./schemas.ts";
import { validateManifest } from "./schemas-validator.generated.ts";

export const MANIFEST_PATH = path.join(".claude-plugin", "plugin.json");

/** A place definitions are read from: a folder of them, or one of them (a command's `.md`, one skill's folder). */
export interface ComponentPath {
  path: string;
  single: boolean;
}

/** One MCP server of a plugin, as written: the mcp plugin checks it like any entry of an mcp.json. */
export interface McpServerDefinition {
  name: string;
  entry: unknown;
  file: string;
  line?: number;
  fieldLine(field: string): number | undefined;
  /** sha256 of the file's bytes: an approval is for this content. */
  hash: string;
}

export interface PluginComponents {
  commands: ComponentPath[];
  agents: ComponentPath[];
  skills: ComponentPath[];
  /** JSON files whose `hooks` member is a hooks block: hooks/hooks.json, those plugin.json names, or plugin.json itself. */
  hookFiles: string[];
  mcpServers: McpServerDefinition[];
}

export interface PluginRead {
  root: string;
  /** plugin.json's `name` (the namespace of its commands, agents and skills), else the name it was installed under. */
  name: string;
  version?: string;
  description?: string;
  manifestFile?: string;
  components: PluginComponents;
  /** A part left out (a path outside the plugin, a broken .mcp.json…): one WARN each, the rest loads. */
  warnings: string[];
  /** What MAIA ignores (an unknown member, a Claude Code component MAIA lacks): shown by `maia plugins add` and `list`. */
  notes: string[];
}

export type PluginReadResult = { ok: true; plugin: PluginRead } | { ok: false; problem: string };

/** Root files and folders of Claude Code components MAIA has nothing for. */
const UNSUPPORTED_FILES = [".lsp.json", "settings.json", "output-styles", "monitors", "bin"];

/**
 * Reads a Claude Code plugin folder: `.claude-plugin/plugin.json` (optional when the plugin comes from a
 * marketplace entry: `name` is then the entry's), and where its components are — the default `commands/`,
 * `agents/`, `skills/`, `hooks/hooks.json` and `.mcp.json`, plus the paths plugin.json adds (they supplement the
 * defaults, as in Claude Code). Every path must start with `./` and stay inside the plugin, links resolved.
 * Reads files, runs nothing.
 */
export async function readPlugin(root: string, options: { name?: string } = {}): Promise<PluginReadResult> {
  const manifestFile = path.join(root, MANIFEST_PATH);
  const read = await readJsonFile(manifestFile);
  if (read.kind === "broken") return { ok: false, problem: read.message };
  if (read.kind === "missing" && options.name === undefined) return { ok: false, problem: t("noManifest", { folder: root, file: MANIFEST_PATH }) };
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return { ok: false, problem: t("notAFolder", { folder: root }) };
  }
  const warnings: string[] = [];
  const notes: string[] = [];
  let manifest: Record<string, unknown> = {};
  if (read.kind === "json") {
    const checked = checkManifest(read, manifestFile);
    if (!checked.ok) return checked;
    manifest = checked.manifest;
    notes.push(...checked.notes);
  }
  const name = typeof manifest.name === "string" ? manifest.name : (options.name ?? "");
  const resolve = (value: unknown, key: string, index?: number) => resolveInside(root, realRoot, value, () => at(manifestFile, read.kind === "json" ? read.line(index === undefined ? [key] : [key, index]) : undefined), key);

  const components: PluginComponents = { commands: [], agents: [], skills: [], hookFiles: [], mcpServers: [] };
  for (const key of ["commands", "agents", "skills"] as const) {
    const found = new Map<string, ComponentPath>();
    const defaultPath = await defaultInside(root, realRoot, key, warnings);
    if (defaultPath !== undefined) found.set(defaultPath, { path: defaultPath, single: false });
    for (const [value, index] of listed(manifest[key])) {
      const resolved = await resolve(value, key, index);
      if ("warning" in resolved) warnings.push(resolved.warning);
      else if (!found.has(resolved.path)) found.set(resolved.path, { path: resolved.path, single: await isSingle(key, resolved.path) });
    }
    components[key] = [...found.values()];
  }
  await readHooks(root, realRoot, manifest, manifestFile, resolve, components, warnings);
  await readMcp(root, realRoot, manifest, manifestFile, read, resolve, components, warnings);
  const unsupported = UNSUPPORTED_FILES.filter((file) => !isMissing(path.join(root, file)));
  if (unsupported.length > 0) notes.push(t("unsupportedFiles", { files: unsupported.join(", ") }));
  return {
    ok: true,
    plugin: {
      root,
      name,
      ...(typeof manifest.version === "string" ? { version: manifest.version } : {}),
      ...(typeof manifest.description === "string" ? { description: manifest.description } : {}),
      ...(read.kind === "json" ? { manifestFile } : {}),
      components,
      warnings,
      notes,
    },
  };
}

type Checked = { ok: true; manifest: Record<string, unknown>; notes: string[] } | { ok: false; problem: string };

function checkManifest(read: Extract<JsonFile, { kind: "json" }>, file: string): Checked {
  const value = read.value;
  if (!validateManifest(value)) {
    const error = validateManifest.errors?.[0];
    const keys = (error?.instancePath ?? "").split("/").filter(Boolean).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const problem = describeErrors(validateManifest.errors, MANIFEST_SCHEMA)[0] ?? "invalid";
    return { ok: false, problem: t("badManifest", { where: at(file, read.line(keys)), problem }) };
  }
  const manifest = value as Record<string, unknown>;
  const name = manifest.name as string;
  if (!isValidName(name)) return { ok: false, problem: t("badName", { where: at(file, read.line(["name"])), name }) };
  const notes: string[] = [];
  for (const key of Object.keys(manifest)) {
    if (MANIFEST_KEYS.includes(key)) continue;
    const guess = closest(key, MANIFEST_KEYS);
    notes.push(guess ? t("unknownKeyGuess", { where: at(file, read.line([key])), key, guess }) : t("unknownKey", { where: at(file, read.line([key])), key }));
  }
  const unsupported = UNSUPPORTED_MANIFEST_KEYS.filter((key) => key in manifest);
  if (unsupported.length > 0) notes.push(t("unsupportedKeys", { file, keys: unsupported.join(", ") }));
  return { ok: true, manifest, notes };
}

/** A manifest value that names paths: one string, or a list; each with its index in the list (for the line). */
function listed(value: unknown): Array<[unknown, number | undefined]> {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map((item, index) => [item, index]);
  return [[value, undefined]];
}

type Resolved = { path: string } | { warning: string };
type Resolver = (value: unknown, key: string, index?: number) => Promise<Resolved>;

/** Claude Code's path rule: relative, starting with `./`, inside the plugin once links are resolved; and present. */
async function resolveInside(root: string, realRoot: string, value: unknown, where: () => string, key: string): Promise<Resolved> {
  if (typeof value !== "string" || !value.startsWith("./")) return { warning: t("pathNotRelative", { where: where(), key, value: String(value) }) };
  const target = path.resolve(root, value);
  let real: string;
  try {
    real = await realpath(target);
  } catch {
    return { warning: t("pathMissing", { where: where(), key, value }) };
  }
  if (real !== realRoot && !real.startsWith(`${realRoot}${path.sep}`)) return { warning: t("pathOutside", { where: where(), key, value }) };
  return { path: target };
}

/**
 * A default place (`commands`, `hooks/hooks.json`…), when the plugin has it: a link that leads outside the plugin
 * is a warning and is not read (a cloned repository may hold links to anywhere).
 */
async function defaultInside(root: string, realRoot: string, relative: string, warnings: string[]): Promise<string | undefined> {
  const target = path.join(root, relative);
  if (isMissing(target)) return undefined;
  const real = await realpath(target).catch(() => undefined);
  if (real === undefined) return undefined;
  if (real !== realRoot && !real.startsWith(`${realRoot}${path.sep}`)) {
    warnings.push(t("defaultOutside", { path: target }));
    return undefined;
  }
  return target;
}

/** A command or agent path naming one `.md` file, a skills path naming one skill's folder (it holds SKILL.md). */
async function isSingle(key: "commands" | "agents" | "skills", target: string): Promise<boolean> {
  const info = await stat(target).catch(() => undefined);
  if (key === "skills") return info?.isDirectory() === true && !isMissing(path.join(target, "SKILL.md"));
  return info?.isFile() === true;
}

async function readHooks(
  root: string,
  realRoot: string,
  manifest: Record<string, unknown>,
  manifestFile: string,
  resolve: Resolver,
  components: PluginComponents,
  warnings: string[],
): Promise<void> {
  const files = new Set<string>();
  const defaultFile = await defaultInside(root, realRoot, path.join("hooks", "hooks.json"), warnings);
  if (defaultFile !== undefined) files.add(defaultFile);
  const declared = manifest.hooks;
  if (isRecord(declared)) files.add(manifestFile);
  else {
    for (const [value, index] of listed(declared)) {
      if (isRecord(value)) {
        warnings.push(t("inlineInList", { where: manifestFile, key: "hooks" }));
        continue;
      }
      const resolved = await resolve(value, "hooks", index);
      if ("warning" in resolved) warnings.push(resolved.warning);
      else files.add(resolved.path);
    }
  }
  for (const file of files) {
    if (file === manifestFile) {
      components.hookFiles.push(file);
      continue;
    }
    // Claude Code's plugin format wraps the events: {"description": "…", "hooks": {"PreToolUse": […]}}.
    const read = await readJsonFile(file);
    if (read.kind === "broken") warnings.push(read.message);
    else if (read.kind === "json" && !(isRecord(read.value) && isRecord(read.value.hooks))) warnings.push(t("hooksNotWrapped", { file }));
    else if (read.kind === "json") components.hookFiles.push(file);
  }
}

async function readMcp(
  root: string,
  realRoot: string,
  manifest: Record<string, unknown>,
  manifestFile: string,
  manifestRead: JsonFile,
  resolve: Resolver,
  components: PluginComponents,
  warnings: string[],
): Promise<void> {
  const files = new Set<string>();
  const defaultFile = await defaultInside(root, realRoot, ".mcp.json", warnings);
  if (defaultFile !== undefined) files.add(defaultFile);
  const declared = manifest.mcpServers;
  if (isRecord(declared) && manifestRead.kind === "json") {
    components.mcpServers.push(...serversOf(declared, ["mcpServers"], manifestFile, manifestRead));
  } else {
    for (const [value, index] of listed(declared)) {
      if (isRecord(value)) {
        warnings.push(t("inlineInList", { where: manifestFile, key: "mcpServers" }));
        continue;
      }
      const resolved = await resolve(value, "mcpServers", index);
      if ("warning" in resolved) warnings.push(resolved.warning);
      else files.add(resolved.path);
    }
  }
  const seen = new Set(components.mcpServers.map((server) => server.name));
  for (const file of files) {
    const read = await readJsonFile(file);
    if (read.kind === "broken") warnings.push(read.message);
    if (read.kind !== "json") continue;
    if (!isRecord(read.value)) {
      warnings.push(t("mcpNotObject", { file }));
      continue;
    }
    // Both shapes Claude Code reads: {"mcpServers": {"name": {…}}}, or the servers at the top.
    const wrapped = isRecord(read.value.mcpServers);
    const servers = (wrapped ? read.value.mcpServers : read.value) as Record<string, unknown>;
    for (const server of serversOf(servers, wrapped ? ["mcpServers"] : [], file, read)) {
      if (seen.has(server.name)) {
        warnings.push(t("mcpDuplicate", { where: at(file, server.line), name: server.name }));
        continue;
      }
      seen.add(server.name);
      components.mcpServers.push(server);
    }
  }
}

function serversOf(servers: Record<string, unknown>, prefix: string[], file: string, read: Extract<JsonFile, { kind: "json" }>): McpServerDefinition[] {
  return Object.entries(servers).map(([name, entry]) => {
    const line = read.line([...prefix, name]);
    return {
      name,
      entry,
      file,
      ...(line === undefined ? {} : { line }),
      fieldLine: (field: string) => read.positions.keyLine([...prefix, name, field]),
      hash: read.hash,
    };
  });
}
