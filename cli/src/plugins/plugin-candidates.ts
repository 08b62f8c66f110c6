import { pathToFileURL } from "node:url";
import type { PluginCandidate } from "@maia/kernel";
import type { PluginSetting } from "../config/config-schema.ts";
import { BUILTIN_PLUGINS } from "./builtin-plugins.ts";
import { importModule } from "./module-importer.ts";
import { isPathSpec, resolveNpmPlugin, resolvePathPlugin } from "./npm-plugin-resolver.ts";

/**
 * What the configuration asks for: every first-party plugin (on unless disabled), then every other key of
 * `plugins` as an npm package or a path (on when listed, unless `enabled: false`).
 */
export function pluginCandidates(
  settings: Record<string, PluginSetting>,
  cwd: string,
  homeDir: string,
  builtins = BUILTIN_PLUGINS,
  options: { subcommands?: boolean } = {},
): PluginCandidate[] {
  const wanted = builtins.filter((builtin) => options.subcommands === true || builtin.subcommandOnly !== true);
  const candidates: PluginCandidate[] = wanted.map((builtin) => ({
    name: builtin.name,
    source: "builtin",
    enabled: settings[builtin.name]?.enabled ?? true,
    options: settings[builtin.name]?.options,
    resolve: async () => `builtin:${builtin.name}`,
    import: () => builtin.load(),
  }));
  const builtinNames = new Set(builtins.map((builtin) => builtin.name));
  for (const [name, setting] of Object.entries(settings)) {
    if (builtinNames.has(name)) continue;
    const pathSpec = isPathSpec(name);
    candidates.push({
      name,
      source: pathSpec ? "path" : "npm",
      enabled: setting.enabled,
      options: setting.options,
      resolve: () => (pathSpec ? resolvePathPlugin(name, cwd) : resolveNpmPlugin(name, cwd, homeDir)),
      import: (location) => importModule(pathToFileURL(location).href),
    });
  }
  return candidates;
}
