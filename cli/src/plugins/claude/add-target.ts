import path from "node:path";
import { INLINE_MARKETPLACE, MANIFEST_PATH, MARKETPLACE_PATH, isGitUrl, isValidRef, parsePluginId, type PluginId } from "@maia/claude-plugins";
import { isMissing } from "@maia/util";
import { knownMarketplaces } from "./marketplaces.ts";

/** What `maia plugins add ARG` means when ARG is about Claude Code plugins; `npm` leaves it to the npm path. */
export type AddTarget =
  | { kind: "folder"; path: string }
  | { kind: "git"; url: string; ref?: string }
  | { kind: "marketplace"; id: PluginId }
  | { kind: "inline"; id: PluginId }
  | { kind: "marketplace-folder"; path: string }
  | { kind: "npm" };

/**
 * A folder holding `.claude-plugin/plugin.json` is a Claude Code plugin (one holding only marketplace.json is a
 * marketplace: said so); a git URL (`#ref` optional) is cloned; `name@marketplace` is a Claude Code plugin when
 * that marketplace is added (MAIA's or Claude Code's). Anything else — a package name, `name@version`, a .tgz, a
 * package folder — is an npm plugin, as before.
 */
export async function addTarget(spec: string, cwd: string, homeDir: string): Promise<AddTarget> {
  const text = spec.trim();
  if (/^(?:\.{1,2}(?:[\\/]|$)|~\/|[\\/])/.test(text) || path.isAbsolute(text)) {
    const folder = text.startsWith("~/") ? path.join(homeDir, text.slice(2)) : path.resolve(cwd, text);
    if (!isMissing(path.join(folder, MANIFEST_PATH))) return { kind: "folder", path: folder };
    if (!isMissing(path.join(folder, MARKETPLACE_PATH))) return { kind: "marketplace-folder", path: folder };
    return { kind: "npm" };
  }
  const hash = text.lastIndexOf("#");
  const base = hash === -1 ? text : text.slice(0, hash);
  const ref = hash === -1 ? undefined : text.slice(hash + 1);
  if (isGitUrl(base) && (ref === undefined || isValidRef(ref))) return { kind: "git", url: base, ...(ref ? { ref } : {}) };
  const id = parsePluginId(text);
  if (id === undefined) return { kind: "npm" };
  if (id.marketplace === INLINE_MARKETPLACE) return { kind: "inline", id };
  const known = await knownMarketplaces(homeDir);
  return known.some((marketplace) => marketplace.name === id.marketplace) ? { kind: "marketplace", id } : { kind: "npm" };
}
