import { stat } from "node:fs/promises";
import path from "node:path";
import { isRecord, readSettingsLayers, settingsEnv, settingsFiles, unreadClaudeFiles, type SettingsLayer } from "@maia/claude-code";
import { errorMessage, isDoctorReporter, type DoctorEntry, type DoctorPlace, type PluginContext } from "@maia/kernel";
import { isMissing } from "@maia/util";
import { t } from "./messages.ts";

/** One file in the doctor's report: every plugin's entries about it, together. */
export interface DoctorFile {
  path: string;
  /** `maia`, `claude` (Claude Code), or a plugin's own word. */
  format: string;
  /** What kinds of definitions it held (`agents`, `permissions`…), in the order reported. */
  kinds: string[];
  became: Array<{ kind: string; item: string }>;
  ignored: Array<{ kind: string; item: string; reason: string; line?: number }>;
}

export interface DoctorReport {
  cwd: string;
  homeDir: string;
  files: DoctorFile[];
  /** Reporters that failed (a plugin's `doctor` threw), each said. */
  problems: string[];
}

/**
 * Settings keys read by MAIA outside the plugins that report them: the LiteLLM plugin's (it reports nothing: the
 * keys are its whole configuration), `env` (read at start for every front end, reported here), `modelAliases`
 * (sub-agents and commands), `sandbox` (the sandbox plugin, until it reports what it read itself). Any other top-level key no reporter accounts for is named as not read.
 */
const READ_KEYS: Readonly<Record<string, readonly string[]>> = {
  maia: ["$schema", "LiteLLM_URL", "OpenAI_EndPoint", "LiteLLM_Models", "LiteLLM_API_Key", "MaxIterations", "MaxOutputTokens", "ContextWindow", "env", "modelAliases", "sandbox"],
  claude: ["$schema", "env", "sandbox"],
};
/**
 * Claude Code keys people often have, with why MAIA does not read them (`enabledPlugins` and
 * `extraKnownMarketplaces`: when the claude-plugins plugin, which claims them, is off).
 */
const KNOWN_UNREAD = new Set(["model", "enabledPlugins", "extraKnownMarketplaces", "apiKeyHelper", "statusLine", "outputStyle", "includeCoAuthoredBy", "cleanupPeriodDays"]);

/**
 * Asks every active plugin whose API reports to the doctor (`doctor(place)`, @maia/kernel's DoctorReporter) what
 * it found, adds what no plugin reads (settings keys, the `env` block, Claude Code files MAIA leaves unread), and
 * groups it all by file. A plugin that fails is one problem; the others still report.
 */
export async function collectDoctor(plugins: PluginContext["plugins"], place: DoctorPlace, self: string): Promise<DoctorReport> {
  const entries: DoctorEntry[] = [];
  const problems: string[] = [];
  for (const handle of plugins.list()) {
    if (handle.name === self || !isDoctorReporter(handle.api)) continue;
    try {
      entries.push(...(await handle.api.doctor(place)));
    } catch (error) {
      problems.push(t("reporterFailed", { plugin: handle.name, reason: errorMessage(error) }));
    }
  }
  const layers = await readSettingsLayers(settingsFiles(place.cwd, place.homeDir));
  entries.push(...settingsEntries(layers, entries));
  entries.push(...(await unreadEntries(place)));
  return { cwd: place.cwd, homeDir: place.homeDir, files: groupByFile(entries, place), problems };
}

/** For each settings file found: its `env` block, a file that cannot be read, and the keys nobody reads. */
function settingsEntries(layers: readonly SettingsLayer[], reported: readonly DoctorEntry[]): DoctorEntry[] {
  const entries: DoctorEntry[] = [];
  const env = settingsEnv(layers);
  for (const layer of layers) {
    if (!layer.found) continue;
    const entry: DoctorEntry = { path: layer.path, format: layer.format, kind: "settings", became: [], ignored: [] };
    // An entry without anything to say about the file still lists it: the doctor names every file it found.
    if (layer.problem !== undefined) entry.ignored.push({ item: "file", reason: layer.problem });
    const data = layer.data;
    if (isRecord(data) && isRecord(data.env)) {
      const envEntry: DoctorEntry = { path: layer.path, format: layer.format, kind: "env", became: [], ignored: [] };
      for (const name of Object.keys(data.env)) {
        const taken = env.from.find((from) => from.name === name);
        const left = env.ignored.find((item) => item.name === name && item.file === layer.path);
        if (left) envEntry.ignored.push({ item: t("env", { name }), reason: t(`env-${left.reason}`), ...(left.line === undefined ? {} : { line: left.line }) });
        else if (taken?.file === layer.path) envEntry.became.push(t("env", { name }));
      }
      entries.push(envEntry);
    }
    if (isRecord(data)) {
      // The keys read outside any report (LiteLLM's, modelAliases), by name only: never a value (an API key).
      const read = Object.keys(data).filter((key) => (READ_KEYS[layer.format] ?? []).includes(key) && key !== "$schema" && key !== "env");
      if (read.length > 0) entry.became.push(t("keysRead", { keys: read.join(", ") }));
      const claimed = new Set([...(READ_KEYS[layer.format] ?? []), ...reported.filter((other) => other.path === layer.path).flatMap((other) => other.keys ?? [])]);
      for (const key of Object.keys(data)) {
        if (claimed.has(key)) continue;
        const line = layer.positions?.keyLine([key]);
        entry.ignored.push({ item: key, reason: KNOWN_UNREAD.has(key) ? t(`unreadKey-${key}` as "unreadKey-model") : t("unreadKey"), ...(line === undefined ? {} : { line }) });
      }
    }
    entries.push(entry);
  }
  return entries;
}

/** `.maia/config.json` of the project and the user (read by the CLI itself: the model and the plugins). */
function configEntries(place: DoctorPlace): DoctorEntry[] {
  return [path.join(place.homeDir, ".maia", "config.json"), path.join(place.cwd, ".maia", "config.json")]
    .filter((file, index, all) => all.indexOf(file) === index && !isMissing(file))
    .map((file) => ({ path: file, format: "maia", kind: "config", became: [t("configRead")], ignored: [] }));
}

/** Claude Code's files and folders that exist here and that MAIA does not read. */
async function unreadEntries(place: DoctorPlace): Promise<DoctorEntry[]> {
  const entries: DoctorEntry[] = [...configEntries(place)];
  for (const file of unreadClaudeFiles(place.cwd, place.homeDir)) {
    if (isMissing(file.path)) continue;
    if (!(await stat(file.path).catch(() => undefined))) continue;
    entries.push({ path: file.path, format: "claude", kind: "unread", became: [], ignored: [{ item: t("notRead"), reason: t(`unread-${file.reason}`) }] });
  }
  return entries;
}

/** The project's files first, then the home folder's, then the rest; by path within each. */
function groupByFile(entries: readonly DoctorEntry[], place: DoctorPlace): DoctorFile[] {
  const files = new Map<string, DoctorFile>();
  for (const entry of entries) {
    let file = files.get(entry.path);
    if (!file) files.set(entry.path, (file = { path: entry.path, format: entry.format, kinds: [], became: [], ignored: [] }));
    // A file other entries already describe needs no empty "settings" entry besides.
    if (entry.became.length + entry.ignored.length === 0 && file.kinds.length > 0) continue;
    if (!file.kinds.includes(entry.kind)) file.kinds.push(entry.kind);
    for (const item of entry.became) file.became.push({ kind: entry.kind, item });
    for (const item of entry.ignored) file.ignored.push({ kind: entry.kind, ...item });
  }
  const rank = (file: string) => (inside(file, place.cwd) ? 0 : inside(file, place.homeDir) ? 1 : 2);
  return [...files.values()].sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path, "en"));
}

function inside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
