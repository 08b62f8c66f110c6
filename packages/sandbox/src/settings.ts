import path from "node:path";
import { closest } from "@maia/util/closest";
import { t } from "./messages.ts";

/**
 * The `sandbox` object of settings.json, with Claude Code's keys (its settings reference) so that a Claude Code
 * user's settings work unchanged, plus MAIA's own `allowEnvVars`. Paths are already absolute here: each file's
 * relative paths are resolved against that file's base when it is read (`readSandboxSettings`).
 */
export interface SandboxSettings {
  enabled?: boolean;
  autoAllowBashIfSandboxed?: boolean;
  excludedCommands?: string[];
  allowUnsandboxedCommands?: boolean;
  failIfUnavailable?: boolean;
  /** MAIA: environment variables named like secrets that are passed in all the same. */
  allowEnvVars?: string[];
  network?: {
    allowedDomains?: string[];
    deniedDomains?: string[];
    allowUnixSockets?: string[];
    allowAllUnixSockets?: boolean;
    allowLocalBinding?: boolean;
  };
  filesystem?: {
    allowWrite?: string[];
    denyWrite?: string[];
    denyRead?: string[];
    allowRead?: string[];
  };
}

/** One settings file's `sandbox` value, where it came from, and what relative paths in it are relative to. */
export interface SandboxSettingsSource {
  file: string;
  /** `./x` and `x` are relative to this folder (the launch folder for a project file). */
  base: string;
  value: unknown;
}

const BOOLEAN_KEYS = ["enabled", "autoAllowBashIfSandboxed", "allowUnsandboxedCommands", "failIfUnavailable"] as const;
const LIST_KEYS = ["excludedCommands", "allowEnvVars"] as const;
const NETWORK_BOOLEANS = ["allowAllUnixSockets", "allowLocalBinding"] as const;
const NETWORK_LISTS = ["allowedDomains", "deniedDomains", "allowUnixSockets"] as const;
const PATH_LISTS = ["allowWrite", "denyWrite", "denyRead", "allowRead"] as const;
/** Paths that deny something: a `/x` is read both ways (see `resolveSettingsPath`). */
const DENY_LISTS = new Set<string>(["denyWrite", "denyRead"]);

/** Claude Code keys MAIA reads but does not act on: named in a warning rather than called unknown. */
const UNSUPPORTED = {
  top: ["ignoreViolations", "credentials", "ripgrep", "enableWeakerNetworkIsolation", "enableWeakerNestedSandbox", "bwrapPath", "socatPath", "enabledPlatforms", "allowAppleEvents", "allowNestedUserNamespaces"],
  network: ["allowManagedDomainsOnly", "allowMachLookup", "httpProxyPort", "socksProxyPort", "tlsTerminate", "strictAllowlist"],
  filesystem: ["allowManagedReadPathsOnly", "disabled"],
};

export interface ReadSettings {
  settings: SandboxSettings;
  warnings: string[];
}

/**
 * Reads the `sandbox` values of several files, lowest precedence first, and merges them as Claude Code does:
 * lists add up across files, a true/false value is the one of the file read last that sets it. A value of the
 * wrong type, an unknown key (with "did you mean") and a Claude Code key MAIA does not support are warnings
 * naming the file; the rest of the file applies.
 */
export function readSandboxSettings(sources: readonly SandboxSettingsSource[], homeDir: string, platform: NodeJS.Platform = process.platform): ReadSettings {
  const warnings: string[] = [];
  const merged: SandboxSettings = {};
  for (const source of sources) {
    const read = readOne(source, homeDir, warnings);
    // Seatbelt allows a socket by its path; Linux's seccomp program sees a socket's family, never its path.
    if (platform !== "darwin" && (read?.network?.allowUnixSockets?.length ?? 0) > 0) warnings.push(t("unixSocketsByPath", { file: source.file }));
    if (read) mergeInto(merged, read);
  }
  return { settings: merged, warnings };
}

function readOne(source: SandboxSettingsSource, homeDir: string, warnings: string[]): SandboxSettings | undefined {
  const { file, value } = source;
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    warnings.push(t("notObject", { file }));
    return undefined;
  }
  const out: SandboxSettings = {};
  const known = [...BOOLEAN_KEYS, ...LIST_KEYS, "network", "filesystem"];
  for (const [key, item] of Object.entries(value)) {
    if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
      if (typeof item === "boolean") out[key as (typeof BOOLEAN_KEYS)[number]] = item;
      else warnings.push(t("wrongType", { file, key: `sandbox.${key}`, expected: t("booleanExpected") }));
    } else if ((LIST_KEYS as readonly string[]).includes(key)) {
      const list = stringList(item);
      if (list) out[key as (typeof LIST_KEYS)[number]] = list;
      else warnings.push(t("wrongType", { file, key: `sandbox.${key}`, expected: t("listExpected") }));
    } else if (key === "network") {
      out.network = readNetwork(file, item, warnings);
    } else if (key === "filesystem") {
      out.filesystem = readFilesystem(source, item, homeDir, warnings);
    } else {
      warnings.push(unknown(file, `sandbox.${key}`, key, known, UNSUPPORTED.top));
    }
  }
  return out;
}

function readNetwork(file: string, value: unknown, warnings: string[]): SandboxSettings["network"] {
  if (!isObject(value)) {
    warnings.push(t("wrongType", { file, key: "sandbox.network", expected: "{ … }" }));
    return undefined;
  }
  const out: NonNullable<SandboxSettings["network"]> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = `sandbox.network.${key}`;
    if ((NETWORK_BOOLEANS as readonly string[]).includes(key)) {
      if (typeof item === "boolean") out[key as (typeof NETWORK_BOOLEANS)[number]] = item;
      else warnings.push(t("wrongType", { file, key: name, expected: t("booleanExpected") }));
    } else if ((NETWORK_LISTS as readonly string[]).includes(key)) {
      const list = stringList(item);
      if (!list) warnings.push(t("wrongType", { file, key: name, expected: key === "allowUnixSockets" ? t("listExpected") : t("domainListExpected") }));
      else out[key as (typeof NETWORK_LISTS)[number]] = key === "allowUnixSockets" ? list : list.map((domain) => domain.trim().toLowerCase()).filter((domain) => domain !== "");
    } else {
      warnings.push(unknown(file, name, key, [...NETWORK_BOOLEANS, ...NETWORK_LISTS], UNSUPPORTED.network));
    }
  }
  return out;
}

function readFilesystem(source: SandboxSettingsSource, value: unknown, homeDir: string, warnings: string[]): SandboxSettings["filesystem"] {
  const { file } = source;
  if (!isObject(value)) {
    warnings.push(t("wrongType", { file, key: "sandbox.filesystem", expected: "{ … }" }));
    return undefined;
  }
  const out: NonNullable<SandboxSettings["filesystem"]> = {};
  for (const [key, item] of Object.entries(value)) {
    if ((PATH_LISTS as readonly string[]).includes(key)) {
      const list = stringList(item);
      if (!list) warnings.push(t("wrongType", { file, key: `sandbox.filesystem.${key}`, expected: t("listExpected") }));
      else out[key as (typeof PATH_LISTS)[number]] = list.flatMap((entry) => resolveSettingsPath(entry, source.base, homeDir, DENY_LISTS.has(key)));
    } else {
      warnings.push(unknown(file, `sandbox.filesystem.${key}`, key, PATH_LISTS, UNSUPPORTED.filesystem));
    }
  }
  return out;
}

/**
 * A path of `sandbox.filesystem`, as Claude Code's settings reference reads it: `//x` and `/x` absolute, `~/x`
 * in the home folder, `./x` or `x` relative to the file's base (the project root for a project file). Claude
 * Code once read `/x` as relative to the settings file's folder: in a list that denies something, `/x` denies
 * both places, so that a setting written for either reading is never looser than meant.
 */
export function resolveSettingsPath(entry: string, base: string, homeDir: string, denying: boolean): string[] {
  const text = entry.trim();
  if (text === "") return [];
  if (text.startsWith("//")) return [path.resolve("/", text.slice(2))];
  if (text === "~") return [homeDir];
  if (text.startsWith("~/")) return [path.resolve(homeDir, text.slice(2))];
  if (text.startsWith("/")) {
    const absolute = path.resolve(text);
    const relative = path.resolve(base, text.slice(1));
    return denying && relative !== absolute ? [absolute, relative] : [absolute];
  }
  return [path.resolve(base, text)];
}

function unknown(file: string, name: string, key: string, known: readonly string[], unsupported: readonly string[]): string {
  if (unsupported.includes(key)) return t("unsupportedKey", { file, key: name });
  const guess = closest(key, known);
  return guess ? t("unknownKeyGuess", { file, key: name, guess }) : t("unknownKey", { file, key: name });
}

function mergeInto(target: SandboxSettings, next: SandboxSettings): void {
  for (const key of BOOLEAN_KEYS) if (next[key] !== undefined) target[key] = next[key];
  for (const key of LIST_KEYS) if (next[key]) target[key] = [...(target[key] ?? []), ...(next[key] ?? [])];
  if (next.network) {
    const network = (target.network ??= {});
    for (const key of NETWORK_BOOLEANS) if (next.network[key] !== undefined) network[key] = next.network[key];
    for (const key of NETWORK_LISTS) if (next.network[key]) network[key] = [...(network[key] ?? []), ...(next.network[key] ?? [])];
  }
  if (next.filesystem) {
    const filesystem = (target.filesystem ??= {});
    for (const key of PATH_LISTS) if (next.filesystem[key]) filesystem[key] = [...(filesystem[key] ?? []), ...(next.filesystem[key] ?? [])];
  }
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === "string") ? [...value] : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
