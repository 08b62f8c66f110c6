import { claudeStore, maiaStore, readInstalledPlugins, readKnownMarketplaces, type InstallRecord, type KnownMarketplace } from "./stores.ts";
import { readEnabledPlugins, type EnabledPluginsFile, type EnabledSetting } from "./enabled-plugins.ts";
import { t } from "./messages.ts";
import { INLINE_MARKETPLACE, parsePluginId } from "./names.ts";
import { marketplaceArgument } from "./sources.ts";

export interface InstalledPlugin {
  record: InstallRecord;
  /** The setting that enables or disables it; none: installed but not enabled anywhere (off, as in Claude Code). */
  setting?: EnabledSetting;
  enabled: boolean;
}

export interface InstalledView {
  /** Every installed plugin, MAIA's records first, each id once, sorted by id. */
  plugins: InstalledPlugin[];
  marketplaces: KnownMarketplace[];
  /** The settings files with `enabledPlugins` or `extraKnownMarketplaces`, entry by entry (for `maia doctor`). */
  settings: EnabledPluginsFile[];
  warnings: string[];
}

/**
 * What is installed (MAIA's store, then Claude Code's: the same id in both is MAIA's copy) and whether each is
 * on, by `enabledPlugins`. An id that a settings file turns on but that is installed nowhere is a warning that
 * says how to install it — and, when the project declares its marketplace (`extraKnownMarketplaces`), how to add
 * that. Reads files only: nothing is fetched while MAIA starts.
 */
export async function installedPlugins(cwd: string, homeDir: string): Promise<InstalledView> {
  const warnings: string[] = [];
  const [ownInstalled, claudeInstalled, enabled, ownKnown, claudeKnown] = await Promise.all([
    readInstalledPlugins(maiaStore(homeDir)),
    readInstalledPlugins(claudeStore(homeDir)),
    readEnabledPlugins(cwd, homeDir),
    readKnownMarketplaces(maiaStore(homeDir)),
    readKnownMarketplaces(claudeStore(homeDir)),
  ]);
  warnings.push(...ownInstalled.warnings, ...enabled.warnings, ...ownKnown.warnings);
  const byId = new Map<string, InstallRecord>();
  for (const record of ownInstalled.items) if (!byId.has(record.id)) byId.set(record.id, record);
  // Claude Code may keep several records of one id (one per project it was installed for): this project's first.
  const claudeRecords = [...claudeInstalled.items].sort((a, b) => Number(b.projectPath === cwd) - Number(a.projectPath === cwd));
  for (const record of claudeRecords) if (!byId.has(record.id)) byId.set(record.id, record);

  const marketplaces = [...ownKnown.items];
  for (const known of claudeKnown.items) if (!marketplaces.some((item) => item.name === known.name)) marketplaces.push(known);

  for (const [id, setting] of enabled.plugins) {
    if (!setting.enabled || byId.has(id)) continue;
    const parsed = parsePluginId(id);
    if (!parsed) continue;
    const known = parsed.marketplace === INLINE_MARKETPLACE || marketplaces.some((item) => item.name === parsed.marketplace);
    const declared = enabled.marketplaces.get(parsed.marketplace);
    const hint = known
      ? t("installHint", { id })
      : declared
        ? t("installWithMarketplaceHint", { id, source: marketplaceArgument(declared.source), file: declared.file })
        : t("installUnknownMarketplaceHint", { id, marketplace: parsed.marketplace });
    warnings.push(t("enabledNotInstalled", { id, file: setting.file, hint }));
  }
  const plugins = [...byId.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((record) => {
      const setting = enabled.plugins.get(record.id);
      return { record, ...(setting ? { setting } : {}), enabled: setting?.enabled ?? false };
    });
  return { plugins, marketplaces, settings: enabled.files, warnings };
}
