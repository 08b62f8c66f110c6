import os from "node:os";
import { environmentWithSettings } from "@maia/claude-code";
import { Kernel, activeLocale, type PluginLogger, type PluginRecord } from "@maia/kernel";
import { loadConfig, type LoadedConfig } from "./config/load-config.ts";
import { FRONT_ENDS, type FrontEndName } from "./front-ends.ts";
import { resolveLaunchFolder } from "./launch-folder.ts";
import { BUILTIN_PLUGINS } from "./plugins/builtin-plugins.ts";
import { pluginCandidates } from "./plugins/plugin-candidates.ts";
import { unknownPluginKeyWarnings } from "./plugins/unknown-plugin-keys.ts";

export interface Booted {
  kernel: Kernel;
  config: LoadedConfig;
  records: PluginRecord[];
  cwd: string;
  homeDir: string;
}

export interface BootOptions {
  frontEnd: FrontEndName;
  log: PluginLogger;
  env?: NodeJS.ProcessEnv;
  strictPlugins?: boolean;
  /** `--allow` rules of this run, read by the permissions plugin. */
  allowRules?: string[];
  /** Also the plugins that only add subcommands (`maia hub`): for `maia <subcommand>` and `maia plugins`. */
  subcommands?: boolean;
  /** Only these first-party plugins (`maia permissions check`: the plugin whose subcommand runs, nothing else). */
  only?: readonly string[];
  /** A conversation follows the boot (every front end; not the subcommands): RuntimeInfo.conversation. */
  conversation?: boolean;
}

/** Everything every front end does first: launch folder, configuration, kernel, plugins. */
export async function boot(options: BootOptions): Promise<Booted> {
  const processEnv = options.env ?? process.env;
  const cwd = resolveLaunchFolder(processEnv);
  const homeDir = processEnv.HOME?.trim() || os.homedir();
  // The settings' `env` (Claude Code's key): for everything MAIA runs, in every front end.
  const withSettings = await environmentWithSettings(processEnv, cwd, homeDir);
  for (const warning of withSettings.warnings) options.log.warn(warning);
  const env = withSettings.env;
  const config = await loadConfig(cwd, homeDir);
  for (const warning of config.warnings) options.log.warn(warning);
  const keys = Object.entries(config.plugins).map(([name, setting]) => ({ name, enabled: setting.enabled, file: config.pluginFiles[name] ?? name }));
  const builtinNames = BUILTIN_PLUGINS.map((builtin) => builtin.name);
  for (const warning of await unknownPluginKeyWarnings(keys, builtinNames, cwd, homeDir)) options.log.warn(warning);
  const kernel = new Kernel({
    runtime: { cwd, homeDir, env, frontEnd: FRONT_ENDS[options.frontEnd], locale: activeLocale(), allowRules: options.allowRules ?? [], conversation: options.conversation ?? false },
    log: options.log,
  });
  const { only } = options;
  const builtins = only === undefined ? BUILTIN_PLUGINS : BUILTIN_PLUGINS.filter((builtin) => only.includes(builtin.name));
  const settings = only === undefined ? config.plugins : pick(config.plugins, only);
  const records = await kernel.loadPlugins(pluginCandidates(settings, cwd, homeDir, builtins, { subcommands: options.subcommands ?? false }), {
    strict: options.strictPlugins ?? false,
  });
  return { kernel, config, records, cwd, homeDir };
}

function pick<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key] as T]));
}
