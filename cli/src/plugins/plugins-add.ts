import { execFile } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { checkPluginModule, describeErrors, ERROR_CODES, errorMessage, validatorFor, type MaiaPlugin } from "@maia/kernel";
import { setPluginEnabled, writeFileAtomic } from "../config/write-config.ts";
import { BUILTIN_PLUGINS } from "./builtin-plugins.ts";
import { resolveNpmPlugin } from "./npm-plugin-resolver.ts";
import { t } from "./plugins-add-messages.ts";
import type { ClaudeContext, Outcome } from "./claude/context.ts";

/** What `maia plugins add` was given: a package of the registry (any npm version spec), or a local package. */
export type PluginSpec =
  | { kind: "registry"; name: string; version?: string; npmSpec: string }
  | { kind: "path"; path: string; npmSpec: string }
  | { kind: "invalid" };

/** npm's rule for new package names (validate-npm-package-name), scope included. */
const PACKAGE_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;

/**
 * `NAME`, `NAME@version` (a range, a tag, `file:…`, a git URL: whatever npm accepts after `@`), `@scope/NAME@…`,
 * or a path to a packed `.tgz` or a package folder. Relative paths are the launch folder's. Never throws.
 */
export function parsePluginSpec(spec: string, cwd: string, homeDir: string): PluginSpec {
  const text = spec.trim();
  const absolute = (target: string) => (target.startsWith("~/") ? path.join(homeDir, target.slice(2)) : path.resolve(cwd, target));
  const local = () => {
    const target = absolute(text);
    return { kind: "path", path: target, npmSpec: target } as const;
  };
  if (/^(\.{1,2}([\\/]|$)|[\\/]|~\/)/.test(text) || path.isAbsolute(text)) return local();
  const at = text.indexOf("@", text.startsWith("@") ? 1 : 0);
  const name = at === -1 ? text : text.slice(0, at);
  let version = at === -1 ? undefined : text.slice(at + 1);
  // `hello-1.0.0.tgz` is a file beside the user, as npm reads it, though it looks like a package name.
  if (version === undefined && /\.(tgz|tar\.gz)$/.test(text)) return local();
  if (!PACKAGE_NAME.test(name) || name.length > 214 || version === "" || (version !== undefined && /\s/.test(version))) {
    return { kind: "invalid" };
  }
  // A relative `file:` spec means the launch folder's file, not npm's idea of the current folder.
  if (version?.startsWith("file:") && !path.isAbsolute(version.slice(5))) version = `file:${absolute(version.slice(5))}`;
  return version === undefined ? { kind: "registry", name, npmSpec: name } : { kind: "registry", name, version, npmSpec: `${name}@${version}` };
}

export type InstallContext = ClaudeContext;
export type InstallOutcome = Outcome;

/** Where `maia plugins add` installs: MAIA resolves npm plugins there after the launch folder's node_modules. */
export function pluginsFolder(homeDir: string): string {
  return path.join(homeDir, ".maia", "plugins");
}

function configFile(context: InstallContext): string {
  return path.join(context.project ? context.cwd : context.homeDir, ".maia", "config.json");
}

/** Shortens the home folder to `~` in what the user reads. */
function shown(target: string, homeDir: string): string {
  return target === homeDir || target.startsWith(`${homeDir}${path.sep}`) ? `~${target.slice(homeDir.length)}` : target;
}

/**
 * `maia plugins add SPEC`: npm installs the package into ~/.maia/plugins (explicitly; MAIA never installs while
 * it starts), MAIA imports it and runs the kernel's own checks (a plugin object, named after its package, whose
 * kernel range this MAIA satisfies), then enables it in the config file. A package that fails the checks is
 * uninstalled again, unless it was there before.
 */
export async function addPlugin(spec: string, context: InstallContext): Promise<InstallOutcome> {
  const parsed = parsePluginSpec(spec, context.cwd, context.homeDir);
  if (parsed.kind === "invalid") return { ok: false, message: t("badName", { spec }), usage: true };
  if (parsed.kind === "registry" && BUILTIN_PLUGINS.some((builtin) => builtin.name === parsed.name)) {
    return { ok: false, message: t("builtinName", { name: parsed.name }), usage: true };
  }
  const folder = pluginsFolder(context.homeDir);
  await ensureManifest(folder);
  const before = await dependencies(folder);
  context.progress?.(t("installing", { spec: parsed.kind === "path" ? parsed.path : parsed.npmSpec, folder: shown(folder, context.homeDir) }));

  // --legacy-peer-deps: plugins name @maia/kernel as a peer for its types; MAIA gives them the kernel at run
  // time, and npm must not go looking for it on the registry.
  const install = await npm(["install", "--prefix", folder, "--save", "--no-audit", "--no-fund", "--legacy-peer-deps", "--loglevel=error", parsed.npmSpec], folder, context.env);
  if (install.failedToStart !== undefined) return { ok: false, message: t("npmMissing", { cause: install.failedToStart }) };
  if (install.code !== 0) return { ok: false, message: describeInstallFailure(parsed, install, context.env) };

  const after = await dependencies(folder);
  const name = parsed.kind === "registry" ? parsed.name : installedName(parsed.path, folder, before, after);
  if (name === undefined) return { ok: false, message: t("installedNameUnknown", { spec: parsed.npmSpec, manifest: path.join(folder, "package.json") }) };
  const wasInstalled = Object.hasOwn(before, name);

  const checked = await checkInstalled(name, folder, context.homeDir);
  if (!checked.ok) {
    if (wasInstalled) return { ok: false, message: checked.message };
    await npm(["uninstall", "--prefix", folder, "--no-audit", "--no-fund", "--loglevel=error", name], folder, context.env);
    return { ok: false, message: `${checked.message}\n${t("rolledBack")}` };
  }
  const { plugin } = checked;
  const file = configFile(context);
  try {
    await setPluginEnabled(file, name, true);
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
  const lines = [t("added", { name, version: plugin.version, folder: shown(folder, context.homeDir), file })];
  const missingOptions = plugin.optionsSchema ? optionProblems(plugin.optionsSchema) : [];
  if (missingOptions.length > 0) lines.push(t("needsOptions", { name, problems: missingOptions.join("; "), file }));
  return { ok: true, lines };
}

/**
 * `maia plugins remove NAME`: npm uninstalls it from ~/.maia/plugins and its entry leaves the config file
 * (~/.maia/config.json, or ./.maia/config.json with --project), other keys kept.
 */
export async function removePlugin(spec: string, context: InstallContext): Promise<InstallOutcome> {
  const parsed = parsePluginSpec(spec, context.cwd, context.homeDir);
  if (parsed.kind !== "registry") return { ok: false, message: t("badName", { spec }), usage: true };
  const { name } = parsed;
  if (parsed.version !== undefined) return { ok: false, message: t("removeNoVersion", { name }), usage: true };
  if (BUILTIN_PLUGINS.some((builtin) => builtin.name === name)) return { ok: false, message: t("builtinName", { name }), usage: true };
  const folder = pluginsFolder(context.homeDir);
  const file = configFile(context);
  const installed = Object.hasOwn(await dependencies(folder), name) || (await exists(path.join(folder, "node_modules", name, "package.json")));
  if (installed) {
    const uninstall = await npm(["uninstall", "--prefix", folder, "--no-audit", "--no-fund", "--loglevel=error", name], folder, context.env);
    if (uninstall.failedToStart !== undefined) return { ok: false, message: t("npmMissing", { cause: uninstall.failedToStart }) };
    if (uninstall.code !== 0) return { ok: false, message: t("uninstallFailed", { name, npm: npmErrors(uninstall) }) };
  }
  let listed: boolean;
  try {
    listed = await removeFromConfig(file, name);
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
  if (!installed && !listed) return { ok: false, message: t("notInstalled", { name, folder: shown(folder, context.homeDir), file }) };
  const folderText = shown(folder, context.homeDir);
  const from = installed
    ? `${t("removedFromFolder", { folder: folderText })}${listed ? t("removedFromConfig", { file }) : ""}`
    : t("removedFromConfigOnly", { file, folder: folderText });
  return { ok: true, lines: [t("removed", { name, from })] };
}

interface NpmResult {
  code: number;
  stdout: string;
  stderr: string;
  failedToStart?: string;
}

/** Runs npm without a shell (the spec is one argument, whatever it holds); never rejects. */
function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<NpmResult> {
  return new Promise((resolve) => {
    execFile("npm", args, { cwd, env, maxBuffer: 16 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      const code = (error as { code?: unknown } | null)?.code;
      if (error && typeof code !== "number") {
        resolve({ code: -1, stdout: "", stderr: "", failedToStart: typeof code === "string" ? code : error.message });
        return;
      }
      resolve({ code: typeof code === "number" ? code : 0, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** npm's own error lines, without its prefix and log-file noise: what the user needs to read. */
function npmErrors(result: NpmResult): string {
  const lines = `${result.stderr}\n${result.stdout}`
    .split("\n")
    .filter((line) => /^npm (error|ERR!)/.test(line))
    .map((line) => line.replace(/^npm (error|ERR!)\s?/, "").trimEnd())
    .filter((line) => line !== "" && !/complete log of this run|A complete log/i.test(line) && !/^\s*\/.*\.log$/.test(line));
  const text = (lines.length > 0 ? lines : result.stderr.trim().split("\n")).slice(0, 15).join("\n").trim();
  return text || `exit code ${result.code}`;
}

function describeInstallFailure(spec: Exclude<PluginSpec, { kind: "invalid" }>, result: NpmResult, env: NodeJS.ProcessEnv): string {
  const output = `${result.stderr}\n${result.stdout}`;
  const registry = env.npm_config_registry ?? env.NPM_CONFIG_REGISTRY ?? "https://registry.npmjs.org/";
  const npmText = npmErrors(result);
  if (spec.kind === "registry" && /\bE404\b|404 Not Found/.test(output)) return t("notFound", { spec: spec.name, registry });
  if (spec.kind === "registry" && /\bETARGET\b/.test(output)) return t("noMatchingVersion", { name: spec.name, version: spec.version ?? "", npm: npmText });
  if (/\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET)\b/.test(output)) return t("unreachable", { registry, npm: npmText });
  return t("installFailed", { spec: spec.npmSpec, npm: npmText });
}

/** ~/.maia/plugins/package.json, so that npm installs there and never climbs to a parent package.json. */
async function ensureManifest(folder: string): Promise<void> {
  const manifest = path.join(folder, "package.json");
  if (await exists(manifest)) return;
  const content = { name: "maia-plugins", private: true, description: "Plugins installed by `maia plugins add`", dependencies: {} };
  await writeFileAtomic(manifest, `${JSON.stringify(content, null, 2)}\n`);
}

async function dependencies(folder: string): Promise<Record<string, string>> {
  try {
    const manifest = JSON.parse(await readFile(path.join(folder, "package.json"), "utf8")) as { dependencies?: unknown };
    const deps = manifest.dependencies;
    return typeof deps === "object" && deps !== null && !Array.isArray(deps) ? (deps as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The package a local tarball or folder turned out to be: the dependency npm saved with that `file:` path. */
function installedName(target: string, folder: string, before: Record<string, string>, after: Record<string, string>): string | undefined {
  for (const [name, spec] of Object.entries(after)) {
    if (spec.startsWith("file:") && path.resolve(folder, spec.slice(5)) === target) return name;
  }
  const added = Object.keys(after).filter((name) => !Object.hasOwn(before, name) || before[name] !== after[name]);
  return added.length === 1 ? added[0] : undefined;
}

type Imported = { module: unknown } | { error: string };

async function importPlugin(name: string, folder: string, homeDir: string): Promise<Imported> {
  try {
    // The plugins folder as "launch folder": its node_modules is the first place looked at, so the copy just
    // installed is the one checked, whatever the project has.
    const entry = await resolveNpmPlugin(name, folder, homeDir);
    return { module: await import(pathToFileURL(entry).href) };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}

/** The kernel's checks, as the plugin host runs them when MAIA starts. */
async function checkInstalled(name: string, folder: string, homeDir: string): Promise<{ ok: true; plugin: MaiaPlugin<unknown, unknown> } | { ok: false; message: string }> {
  const imported = await importPlugin(name, folder, homeDir);
  if (!("module" in imported)) return { ok: false, message: t("notImportable", { name, reason: imported.error }) };
  const checked = checkPluginModule(imported.module, name);
  if (checked.ok) return { ok: true, plugin: checked.plugin };
  if (checked.code === ERROR_CODES.PLUGIN_KERNEL_RANGE) return { ok: false, message: t("kernelRange", { name, reason: checked.reason }) };
  return { ok: false, message: t("notAPlugin", { name, reason: checked.reason }) };
}

/** What the plugin's options schema says about having no options: required ones must be configured. */
function optionProblems(schema: Record<string, unknown>): string[] {
  try {
    const validate = validatorFor(schema);
    const options = {};
    return validate(options) ? [] : describeErrors(validate.errors, schema);
  } catch {
    return [];
  }
}

/** Removes `plugins[name]` from a config file, keeping every other key; false when it was not there. */
async function removeFromConfig(file: string, name: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw new Error(t("configBroken", { file, problem: errorMessage(error) }));
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new Error(t("configBroken", { file, problem: errorMessage(error) }));
  }
  if (typeof config !== "object" || config === null || Array.isArray(config)) throw new Error(t("configBroken", { file, problem: t("configNotObject") }));
  const plugins = (config as Record<string, unknown>).plugins;
  if (typeof plugins !== "object" || plugins === null || !Object.hasOwn(plugins, name)) return false;
  delete (plugins as Record<string, unknown>)[name];
  await writeFileAtomic(file, `${JSON.stringify(config, null, 2)}\n`);
  return true;
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined)) !== undefined;
}
