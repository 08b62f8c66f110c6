import { closest } from "@maia/util";
import { t } from "../messages.ts";
import { isPathSpec, npmPluginInstalled } from "./npm-plugin-resolver.ts";

export interface PluginKey {
  name: string;
  enabled: boolean;
  /** The config file that names it. */
  file: string;
}

/**
 * The `plugins` keys that name nothing: neither a first-party plugin nor an installed package. A disabled one is
 * never resolved, so without this `"sesions": false` is silent and the user believes sessions are off. An enabled
 * one already fails at the loader's resolve stage ("not installed"); it is named here too only when it looks like
 * a typo of a first-party name, the case where "install it" would be the wrong advice. Nothing is ever installed.
 */
export async function unknownPluginKeyWarnings(
  keys: readonly PluginKey[],
  builtinNames: readonly string[],
  cwd: string,
  homeDir: string,
): Promise<string[]> {
  const warnings: string[] = [];
  for (const { name, enabled, file } of keys) {
    if (builtinNames.includes(name) || isPathSpec(name)) continue;
    const suggestion = closest(name, builtinNames);
    if (enabled && suggestion === undefined) continue;
    if (await npmPluginInstalled(name, cwd, homeDir)) continue;
    warnings.push(
      suggestion === undefined ? t("pluginKeyUnknown", { file, key: name }) : t("pluginKeyUnknownDidYouMean", { file, key: name, suggestion }),
    );
  }
  return warnings;
}
