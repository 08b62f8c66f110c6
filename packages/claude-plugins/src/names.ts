/**
 * Names as Claude Code writes them: a plugin `name` (plugin.json, a marketplace entry), a marketplace `name`, and
 * the id `name@marketplace` that `enabledPlugins` and `installed_plugins.json` key plugins by. Each name is also
 * one folder of `~/.maia/plugins/cache/<marketplace>/<name>/<version>/`, so the rule keeps it a single, ordinary
 * folder name: letters, digits, `.`, `_` and `-`, starting with a letter or a digit (never `.` or `..`, never a
 * `/`), 64 characters at most.
 */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The marketplace of plugins added from a folder or a git URL, as Claude Code names its `--plugin-dir` plugins. */
export const INLINE_MARKETPLACE = "inline";

export interface PluginId {
  name: string;
  marketplace: string;
}

export function isValidName(name: string): boolean {
  return NAME.test(name);
}

/** `name@marketplace` → its parts; undefined unless there is exactly one `@` between two valid names. */
export function parsePluginId(text: string): PluginId | undefined {
  const parts = text.split("@");
  if (parts.length !== 2) return undefined;
  const [name = "", marketplace = ""] = parts;
  return isValidName(name) && isValidName(marketplace) ? { name, marketplace } : undefined;
}

export function formatPluginId(id: PluginId): string {
  return `${id.name}@${id.marketplace}`;
}

/**
 * The folder a version is kept in: the version as written when it is a safe folder name (`1.2.0`, `2.0.0-beta.1`,
 * `0.1.0+build`), else `unknown`, as Claude Code says for a plugin that gives none.
 */
export function versionFolder(version: string | undefined): string {
  return version !== undefined && /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/.test(version) ? version : "unknown";
}

/**
 * The key of a plugin's MCP server: `plugin_<plugin>_<server>`, so that its tools are named as Claude Code names
 * them (`mcp__plugin_<plugin>_<server>__<tool>`); characters outside [A-Za-z0-9_-] become `_`, runs of `_` one,
 * none at the end (MAIA reads the key back from a tool's name up to the first `__`).
 */
export function pluginServerKey(plugin: string, server: string): string {
  return `plugin_${plugin}_${server}`.replace(/[^A-Za-z0-9_-]/g, "_").replace(/_{2,}/g, "_").replace(/_+$/, "");
}
