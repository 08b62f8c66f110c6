import { mkdir, mkdtemp, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  INLINE_MARKETPLACE,
  MARKETPLACE_PATH,
  claudeStore,
  githubUrl,
  maiaStore,
  marketplacesFolder,
  readKnownMarketplaces,
  readMarketplaceFile,
  readMarketplaceFolder,
  type KnownMarketplace,
  type MarketplaceReadResult,
  type MarketplaceSource,
} from "@maia/claude-plugins";
import { errorMessage } from "@maia/kernel";
import { closest } from "@maia/util";
import { cloneRepository } from "./git.ts";
import { t } from "./messages.ts";
import { isInside } from "./plugin-copy.ts";
import type { ClaudeContext, Outcome } from "./context.ts";

/** The known marketplaces, MAIA's first, then those Claude Code added (read, never changed). */
export async function knownMarketplaces(homeDir: string): Promise<KnownMarketplace[]> {
  const [own, claude] = await Promise.all([readKnownMarketplaces(maiaStore(homeDir)), readKnownMarketplaces(claudeStore(homeDir))]);
  return [...own.items, ...claude.items.filter((item) => !own.items.some((mine) => mine.name === item.name))];
}

export async function findMarketplace(name: string, homeDir: string): Promise<KnownMarketplace | undefined> {
  return (await knownMarketplaces(homeDir)).find((known) => known.name === name);
}

/** A known marketplace's catalogue, from its folder (clone, the user's folder, or the copy of a downloaded file). */
export function readKnown(known: KnownMarketplace): Promise<MarketplaceReadResult> {
  return known.source.source === "file" ? readMarketplaceFile(known.source.path, known.installLocation) : readMarketplaceFolder(known.installLocation);
}

/** The git URL of a git or GitHub marketplace source. */
export function cloneUrl(source: Extract<MarketplaceSource, { source: "git" | "github" }>): string {
  return source.source === "github" ? githubUrl(source.repo) : source.url;
}

export interface FetchedMarketplace {
  /** Where its catalogue now is (to be renamed into place once its name is known), and the scratch folder to remove. */
  folder: string;
  scratch?: string;
  read: MarketplaceReadResult;
}

/**
 * Gets a marketplace's catalogue where it can be read: a local folder or file as it is; a git repository cloned
 * (system git) into a scratch folder of MAIA's store; a marketplace.json over HTTP(S) downloaded there.
 */
export async function fetchMarketplace(source: MarketplaceSource, context: ClaudeContext): Promise<FetchedMarketplace | { problem: string }> {
  if (source.source === "directory") {
    const folder = await realpath(source.path).catch(() => undefined);
    if (!folder || !(await stat(folder)).isDirectory()) return { problem: t("noSuchFolder", { path: source.path }) };
    return { folder, read: await readMarketplaceFolder(folder) };
  }
  if (source.source === "file") {
    const file = await realpath(source.path).catch(() => undefined);
    if (!file) return { problem: t("noSuchFile", { path: source.path }) };
    return { folder: marketplaceRootOf(file), read: await readMarketplaceFile(file, marketplaceRootOf(file)) };
  }
  const parent = marketplacesFolder(maiaStore(context.homeDir));
  await mkdir(parent, { recursive: true });
  const scratch = await mkdtemp(path.join(parent, ".tmp-"));
  const folder = path.join(scratch, "marketplace");
  if (source.source === "url") {
    context.progress?.(t("downloading", { url: source.url }));
    const downloaded = await download(source.url);
    if ("problem" in downloaded) {
      await rm(scratch, { recursive: true, force: true });
      return downloaded;
    }
    await mkdir(path.join(folder, ".claude-plugin"), { recursive: true });
    await writeFile(path.join(folder, MARKETPLACE_PATH), downloaded.text);
    return { folder, scratch, read: await readMarketplaceFolder(folder) };
  }
  const url = cloneUrl(source);
  context.progress?.(t("cloning", { url }));
  const cloned = await cloneRepository(url, folder, source.ref ? { ref: source.ref } : {}, context.env);
  if (!cloned.ok) {
    await rm(scratch, { recursive: true, force: true });
    return { problem: cloned.message === "ENOENT" ? t("gitMissing") : t("cloneFailed", { url, git: cloned.message }) };
  }
  return { folder, scratch, read: await readMarketplaceFolder(folder) };
}

/** The folder that holds `.claude-plugin/marketplace.json`, else the file's own folder. */
function marketplaceRootOf(file: string): string {
  const folder = path.dirname(file);
  return path.basename(folder) === ".claude-plugin" ? path.dirname(folder) : folder;
}

const MAX_DOWNLOAD_BYTES = 2_000_000;
const DOWNLOAD_TIMEOUT_MS = 60_000;

async function download(url: string): Promise<{ text: string } | { problem: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS), redirect: "follow" });
    if (!response.ok) return { problem: t("downloadFailed", { url, cause: `HTTP ${response.status}` }) };
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_DOWNLOAD_BYTES) return { problem: t("downloadFailed", { url, cause: t("tooLarge", { limit: MAX_DOWNLOAD_BYTES }) }) };
    return { text: new TextDecoder().decode(bytes) };
  } catch (error) {
    return { problem: t("downloadFailed", { url, cause: errorMessage(error) }) };
  }
}

/**
 * Moves a fetched catalogue to `~/.maia/plugins/marketplaces/<name>/` (a previous copy of that marketplace is
 * replaced); a local folder or file stays where it is. Returns the installLocation to record.
 */
export async function placeMarketplace(fetched: FetchedMarketplace, name: string, context: ClaudeContext): Promise<string> {
  if (fetched.scratch === undefined) return fetched.folder;
  const target = path.join(marketplacesFolder(maiaStore(context.homeDir)), name);
  const old = `${target}.old-${Date.now()}`;
  const replaced = await rename(target, old).then(
    () => true,
    () => false,
  );
  await rename(fetched.folder, target);
  await rm(fetched.scratch, { recursive: true, force: true });
  if (replaced) await rm(old, { recursive: true, force: true });
  return target;
}

/** A marketplace name the user cannot add: Claude Code's pseudo-marketplace of plugins added without one. */
export function reservedName(name: string): boolean {
  return name === INLINE_MARKETPLACE;
}

/** The entry names of a catalogue, for "did you mean" and lists. */
export function unknownPlugin(name: string, marketplace: string, names: readonly string[]): Outcome {
  const guess = closest(name, names);
  return {
    ok: false,
    message: t("noSuchPlugin", { name, marketplace, list: names.join(", ") || t("none"), hint: guess ? t("didYouMean", { guess: `${guess}@${marketplace}` }) : "" }),
  };
}

/** Deletes a marketplace's clone or download, only ever inside MAIA's own marketplaces folder. */
export async function deleteMarketplaceCopy(known: KnownMarketplace, homeDir: string): Promise<void> {
  const parent = marketplacesFolder(maiaStore(homeDir));
  if (isInside(known.installLocation, parent)) await rm(known.installLocation, { recursive: true, force: true });
}
