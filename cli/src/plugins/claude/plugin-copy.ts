import { cp, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { MANIFEST_PATH, isRecord, readJsonFile, type MarketplaceEntry } from "@maia/claude-plugins";
import { randomHex } from "@maia/util";

/**
 * Copies a plugin folder into its place in the cache, `<parent>/<version>`: written beside it under a temporary
 * name, then renamed in, so that MAIA never loads half a copy; a previous copy of the same version is replaced,
 * other versions are removed once the new one is in. A repository's `.git` is left out; links are copied as links.
 */
export async function copyIntoCache(from: string, parent: string, version: string, entry?: MarketplaceEntry): Promise<string> {
  const source = path.resolve(from);
  await mkdir(parent, { recursive: true });
  const target = path.join(parent, version);
  const temporary = path.join(parent, `.tmp-${randomHex(6)}`);
  try {
    await cp(source, temporary, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (item) => !(path.basename(item) === ".git" && path.dirname(item) === source),
    });
    if (entry) await writeEntryManifest(temporary, entry);
    const previous = path.join(parent, `.old-${randomHex(6)}`);
    const replaced = await rename(target, previous).then(
      () => true,
      () => false,
    );
    await rename(temporary, target);
    if (replaced) await rm(previous, { recursive: true, force: true });
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  for (const name of await readdir(parent)) {
    if (name !== version && !name.startsWith(".tmp-")) await rm(path.join(parent, name), { recursive: true, force: true });
  }
  return target;
}

/**
 * What a marketplace entry says of its plugin joins the copy's plugin.json, as Claude Code reads an entry: the
 * component paths it declares (commands, agents, skills, hooks, mcpServers) where plugin.json has none of its
 * own, and a manifest made from the entry when the plugin has no plugin.json (`strict: false`).
 */
async function writeEntryManifest(folder: string, entry: MarketplaceEntry): Promise<void> {
  const file = path.join(folder, MANIFEST_PATH);
  const read = await readJsonFile(file);
  const existing = read.kind === "json" && isRecord(read.value) ? read.value : undefined;
  const additions = Object.entries(entry.components).filter(([key]) => existing === undefined || !(key in existing));
  if (existing !== undefined && additions.length === 0) return;
  const manifest = {
    ...(existing ?? { name: entry.name, ...(entry.version ? { version: entry.version } : {}), ...(entry.description ? { description: entry.description } : {}) }),
    ...Object.fromEntries(additions),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Whether `target` is `folder` or inside it (both already absolute). */
export function isInside(target: string, folder: string): boolean {
  const relative = path.relative(folder, target);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
