import path from "node:path";
import { describeErrors } from "@maia/kernel";
import { at, isRecord, readJsonFile } from "./json-file.ts";
import { t } from "./messages.ts";
import { isValidName } from "./names.ts";
import { MARKETPLACE_ENTRY_SCHEMA, MARKETPLACE_SCHEMA } from "./schemas.ts";
import { validateMarketplace, validateMarketplaceEntry } from "./schemas-validator.generated.ts";
import { readPluginSource, type PluginSource } from "./sources.ts";

export const MARKETPLACE_PATH = path.join(".claude-plugin", "marketplace.json");

/** The component members an entry may declare for its plugin (Claude Code's `strict: false`, or supplements). */
export const ENTRY_COMPONENT_KEYS = ["commands", "agents", "skills", "hooks", "mcpServers"] as const;

export interface MarketplaceEntry {
  name: string;
  /** Undefined when the entry cannot be installed: `problem` says why. */
  source?: PluginSource;
  problem?: string;
  version?: string;
  description?: string;
  /** What the entry itself declares of commands, agents, skills, hooks, mcpServers (its plugin gets them too). */
  components: Record<string, unknown>;
  line?: number;
}

export interface MarketplaceRead {
  name: string;
  file: string;
  /** The folder that holds `.claude-plugin/`: relative sources start there. */
  root: string;
  description?: string;
  entries: MarketplaceEntry[];
  /** An entry that cannot be used is listed all the same, with its problem; these are the file's other remarks. */
  warnings: string[];
}

export type MarketplaceReadResult = { ok: true; marketplace: MarketplaceRead } | { ok: false; problem: string };

/** The marketplace of a folder: `<folder>/.claude-plugin/marketplace.json`. */
export function readMarketplaceFolder(folder: string): Promise<MarketplaceReadResult> {
  return readMarketplaceFile(path.join(folder, MARKETPLACE_PATH), folder);
}

/**
 * Reads a marketplace.json: its `name` (a valid name: it is the `@marketplace` of every id) and its entries, each
 * checked alone so that a bad one is named and the others stay installable, as Claude Code does.
 */
export async function readMarketplaceFile(file: string, root: string): Promise<MarketplaceReadResult> {
  const read = await readJsonFile(file);
  if (read.kind === "missing") return { ok: false, problem: t("noMarketplace", { file }) };
  if (read.kind === "broken") return { ok: false, problem: read.message };
  const value = read.value;
  if (!validateMarketplace(value)) {
    const error = validateMarketplace.errors?.[0];
    const keys = (error?.instancePath ?? "").split("/").filter(Boolean);
    const problem = describeErrors(validateMarketplace.errors, MARKETPLACE_SCHEMA)[0] ?? "invalid";
    return { ok: false, problem: t("badMarketplace", { where: at(file, read.line(keys)), problem }) };
  }
  const data = value as { name: string; description?: string; metadata?: { pluginRoot?: string; description?: string }; plugins: unknown[] };
  if (!isValidName(data.name)) return { ok: false, problem: t("badMarketplaceName", { where: at(file, read.line(["name"])), name: data.name }) };
  const warnings: string[] = [];
  const pluginRoot = data.metadata?.pluginRoot;
  const entries: MarketplaceEntry[] = [];
  const seen = new Set<string>();
  data.plugins.forEach((item, index) => {
    const line = read.line(["plugins", index]);
    const where = at(file, line);
    const shownName = isRecord(item) && typeof item.name === "string" ? item.name : `#${index + 1}`;
    if (!validateMarketplaceEntry(item)) {
      const problem = describeErrors(validateMarketplaceEntry.errors, MARKETPLACE_ENTRY_SCHEMA)[0] ?? "invalid";
      const name = shownName;
      warnings.push(t("badEntry", { where, name, problem }));
      return;
    }
    const entry = item as Record<string, unknown> & { name: string; source: unknown };
    if (!isValidName(entry.name)) {
      warnings.push(t("badEntry", { where, name: entry.name, problem: t("nameRule") }));
      return;
    }
    if (seen.has(entry.name)) {
      warnings.push(t("duplicateEntry", { where, name: entry.name }));
      return;
    }
    seen.add(entry.name);
    const source = readPluginSource(entry.source, pluginRoot);
    const components = Object.fromEntries(ENTRY_COMPONENT_KEYS.filter((key) => key in entry).map((key) => [key, entry[key]]));
    entries.push({
      name: entry.name,
      ...(source === undefined ? { problem: t("badSource", { where: at(file, read.line(["plugins", index, "source"])) }) } : { source }),
      ...(typeof entry.version === "string" ? { version: entry.version } : {}),
      ...(typeof entry.description === "string" ? { description: entry.description } : {}),
      components,
      ...(line === undefined ? {} : { line }),
    });
  });
  const description = data.description ?? data.metadata?.description;
  return { ok: true, marketplace: { name: data.name, file, root, ...(description ? { description } : {}), entries, warnings } };
}
