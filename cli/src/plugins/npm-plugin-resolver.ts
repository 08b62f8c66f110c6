import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { exports as resolveExports } from "resolve.exports";

/**
 * Finds a third-party plugin's entry file: the launch folder's `node_modules` first, then
 * `~/.maia/plugins/node_modules` (where `maia plugins add` installs). Nothing is ever installed here.
 */
export async function resolveNpmPlugin(name: string, cwd: string, homeDir: string): Promise<string> {
  const roots = npmPluginRoots(cwd, homeDir);
  for (const root of roots) {
    const folder = path.join(root, ...name.split("/"));
    const manifest = await readManifest(path.join(folder, "package.json"));
    if (!manifest) continue;
    return path.join(folder, entryOf(manifest));
  }
  throw new Error(`package "${name}" is not installed in ${roots.join(" or ")} (install it with: maia plugins add ${name})`);
}

/** Where third-party plugins are looked up, in order. */
export function npmPluginRoots(cwd: string, homeDir: string): string[] {
  return [path.join(cwd, "node_modules"), path.join(homeDir, ".maia", "plugins", "node_modules")];
}

/** True when `name` has a readable package.json in one of the roots (what `resolveNpmPlugin` would find). */
export async function npmPluginInstalled(name: string, cwd: string, homeDir: string): Promise<boolean> {
  for (const root of npmPluginRoots(cwd, homeDir)) {
    if (await readManifest(path.join(root, ...name.split("/"), "package.json"))) return true;
  }
  return false;
}

/** A path given in the configuration (`"./plugins/mine"`), relative to the launch folder. */
export async function resolvePathPlugin(spec: string, cwd: string): Promise<string> {
  const target = path.resolve(cwd, spec);
  const info = await stat(target).catch(() => undefined);
  if (!info) throw new Error(`${target} does not exist`);
  if (info.isFile()) return target;
  const manifest = await readManifest(path.join(target, "package.json"));
  return path.join(target, manifest ? entryOf(manifest) : "index.js");
}

export function isPathSpec(name: string): boolean {
  return name.startsWith(".") || path.isAbsolute(name);
}

async function readManifest(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function entryOf(manifest: Record<string, unknown>): string {
  try {
    const resolved = resolveExports(manifest, ".", { conditions: ["import", "node", "default"], unsafe: true });
    if (resolved?.[0]) return resolved[0];
  } catch {
    // No usable "exports": fall back to the older fields below.
  }
  for (const field of ["module", "main"] as const) {
    const value = manifest[field];
    if (typeof value === "string" && value !== "") return value;
  }
  return "index.js";
}
