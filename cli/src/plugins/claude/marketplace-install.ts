import { realpath } from "node:fs/promises";
import path from "node:path";
import { formatPluginId, marketplaceArgument, readEnabledPlugins, type PluginId } from "@maia/claude-plugins";
import { t } from "./messages.ts";
import { install, withClone } from "./install.ts";
import { findMarketplace, readKnown, unknownPlugin } from "./marketplaces.ts";
import { isInside } from "./plugin-copy.ts";
import type { ClaudeContext, Outcome } from "./context.ts";

/**
 * `maia plugins add name@marketplace`: the entry of an added marketplace (MAIA's, or one Claude Code added),
 * fetched from its source — a folder of the marketplace, or a git repository cloned with the system's git (a
 * GitHub `owner/repo`, any git URL, a sub-folder of one) — then installed as any plugin. An npm source is named
 * as not supported.
 */
export async function addFromMarketplace(id: PluginId, context: ClaudeContext): Promise<Outcome> {
  const idText = formatPluginId(id);
  const known = await findMarketplace(id.marketplace, context.homeDir);
  if (!known) {
    const declared = (await readEnabledPlugins(context.cwd, context.homeDir)).marketplaces.get(id.marketplace);
    return {
      ok: false,
      message: declared
        ? t("marketplaceDeclared", { marketplace: id.marketplace, source: marketplaceArgument(declared.source), file: declared.file, id: idText })
        : t("marketplaceUnknown", { marketplace: id.marketplace, id: idText }),
    };
  }
  const read = await readKnown(known);
  if (!read.ok) return { ok: false, message: read.problem };
  const { marketplace } = read;
  const entry = marketplace.entries.find((candidate) => candidate.name === id.name);
  if (!entry) return unknownPlugin(id.name, id.marketplace, marketplace.entries.map((candidate) => candidate.name));
  if (!entry.source) return { ok: false, message: entry.problem ?? t("noSource", { id: idText }) };
  const from = t("fromMarketplace", { marketplace: id.marketplace });
  const source = entry.source;
  if (source.kind === "unsupported") return { ok: false, message: t("unsupportedSource", { id: idText, kind: source.source, file: marketplace.file }) };
  if (source.kind === "relative") {
    if (known.source.source === "url") return { ok: false, message: t("relativeFromUrl", { id: idText, url: known.source.url }) };
    const folder = await insideOrProblem(marketplace.root, source.path);
    if ("problem" in folder) return { ok: false, message: t("entryPath", { id: idText, path: source.path, problem: folder.problem }) };
    return install({ folder: folder.path, marketplace: id.marketplace, entry, from }, context);
  }
  return withClone(source.url, { ...(source.ref ? { ref: source.ref } : {}), ...(source.sha ? { sha: source.sha } : {}) }, context, async (clone, sha) => {
    const folder = source.path === undefined ? { path: clone } : await insideOrProblem(clone, source.path);
    if ("problem" in folder) return { ok: false, message: t("entryPath", { id: idText, path: source.path ?? ".", problem: folder.problem }) };
    return install({ folder: folder.path, marketplace: id.marketplace, entry, ...(sha ? { gitCommitSha: sha } : {}), from: `${from}, ${source.shown}` }, context);
  });
}

/** A path given by a marketplace, resolved in its folder: it must exist and stay inside, links resolved. */
async function insideOrProblem(root: string, relative: string): Promise<{ path: string } | { problem: string }> {
  const target = path.resolve(root, relative);
  const [real, realRoot] = await Promise.all([realpath(target).catch(() => undefined), realpath(root).catch(() => root)]);
  if (real === undefined) return { problem: t("entryPathMissing") };
  if (real !== realRoot && !isInside(real, realRoot)) return { problem: t("entryPathOutside") };
  return { path: target };
}
