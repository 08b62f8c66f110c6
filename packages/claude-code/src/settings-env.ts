import { t } from "./messages.ts";
import { isRecord, readSettingsLayers, settingsFiles, where, type SettingsLayer } from "./settings-files.ts";

/**
 * The `env` block of the settings files (Claude Code's key, read from MAIA's files too): variables set for
 * everything MAIA runs (Bash, hooks, custom tools, MCP servers, sub-agents). A file of higher precedence wins for
 * a variable.
 *
 * Claude Code applies a project's `env` as it is. A cloned repository could then make the next harmless-looking
 * `npm test` run its own code (`NODE_OPTIONS=--require ./x.js`, `BASH_ENV`, `LD_PRELOAD`, `PATH=./bin:…`): MAIA
 * takes from a project file only variables that do not change which program runs or what it loads first, and
 * names each one it leaves out. The user's own files (`~/.claude/settings.json`, `~/.maia/settings.json`) are
 * taken whole.
 */
const LOADER_NAMES = new Set([
  "PATH",
  "HOME",
  "SHELL",
  "ENV",
  "BASH_ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "PROMPT_COMMAND",
  "PS4",
  "IFS",
  "CDPATH",
  "EDITOR",
  "VISUAL",
  "PAGER",
  "GIT_PAGER",
  "MANPAGER",
  "LESSOPEN",
  "LESSCLOSE",
  "BROWSER",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "GIT_ASKPASS",
  "NODE_OPTIONS",
  "NODE_PATH",
  "PYTHONPATH",
  "PYTHONHOME",
  "PYTHONSTARTUP",
  "PYTHONUSERBASE",
  "PERL5LIB",
  "PERL5OPT",
  "PERLLIB",
  "RUBYOPT",
  "RUBYLIB",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  "CLASSPATH",
  "RUSTC_WRAPPER",
  "CC",
  "CXX",
  "LITELLM_API_KEY",
]);
const LOADER_PREFIXES = ["LD_", "DYLD_", "GIT_", "NPM_CONFIG_", "npm_config_", "PNPM_", "YARN_", "CARGO_", "GEM_", "BUNDLE_", "PIP_", "MAIA_", "SSH_", "GCONV_"];

/** Whether a project's settings may set this variable (see above). */
export function projectMaySet(name: string): boolean {
  if (LOADER_NAMES.has(name.toUpperCase())) return false;
  return !LOADER_PREFIXES.some((prefix) => name.startsWith(prefix) || name.toUpperCase().startsWith(prefix.toUpperCase()));
}

export interface SettingsEnvEntry {
  name: string;
  file: string;
  line?: number;
}

export interface SettingsEnv {
  /** The variables to set, each from the file of highest precedence that sets it. */
  env: Record<string, string>;
  /** Where each one comes from. */
  from: SettingsEnvEntry[];
  /** Left out: a value that is not text or a number, a name that is not a variable name, a loader variable of a project file. */
  ignored: Array<SettingsEnvEntry & { reason: "notText" | "badName" | "projectLoader" }>;
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function settingsEnv(layers: readonly SettingsLayer[]): SettingsEnv {
  const env: Record<string, string> = {};
  const from = new Map<string, SettingsEnvEntry>();
  const ignored: SettingsEnv["ignored"] = [];
  for (const layer of layers) {
    const block = layer.data?.env;
    if (!isRecord(block)) continue;
    for (const [name, value] of Object.entries(block)) {
      const line = layer.positions?.keyLine(["env", name]);
      const entry: SettingsEnvEntry = { name, file: layer.path, ...(line === undefined ? {} : { line }) };
      if (!VARIABLE_NAME.test(name)) ignored.push({ ...entry, reason: "badName" });
      else if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") ignored.push({ ...entry, reason: "notText" });
      else if (!layer.personal && !projectMaySet(name)) ignored.push({ ...entry, reason: "projectLoader" });
      else {
        env[name] = String(value);
        from.set(name, entry);
      }
    }
  }
  return { env, from: [...from.values()], ignored };
}

/**
 * The environment everything MAIA runs gets: the process's, with the settings' `env` over it, and a sentence per
 * variable left out (file, line, name, why). Read once at start (boot), for every front end.
 */
export async function environmentWithSettings(env: NodeJS.ProcessEnv, cwd: string, homeDir: string): Promise<{ env: NodeJS.ProcessEnv; warnings: string[] }> {
  const read = settingsEnv(await readSettingsLayers(settingsFiles(cwd, homeDir)));
  const warnings = read.ignored.map((entry) => t(`env-${entry.reason}`, { where: where(entry.file, entry.line), name: entry.name }));
  if (Object.keys(read.env).length === 0) return { env, warnings };
  return { env: { ...env, ...read.env }, warnings };
}
