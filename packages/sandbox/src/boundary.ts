import path from "node:path";
import type { SandboxSettings } from "./settings.ts";

/**
 * What a sandboxed command may touch, resolved from the settings for one launch folder. Every path is absolute
 * (not yet resolved through symbolic links: the platform layer does that when it builds the sandbox, from the
 * disk as it is then).
 */
export interface SandboxBoundary {
  launchFolder: string;
  homeDir: string;
  /** Where writes are allowed: the launch folder, then `filesystem.allowWrite`. */
  writable: string[];
  /** Inside those, what stays read-only: MAIA's and Claude Code's settings, git's hooks and config, `denyWrite`. */
  readOnly: string[];
  /** What cannot be read at all: the default secrets and `filesystem.denyRead`, less `filesystem.allowRead`. */
  denyRead: string[];
  network: {
    /** Domains reachable through the proxy (`example.com`, `*.example.com`); none: no network at all. */
    allowedDomains: string[];
    deniedDomains: string[];
    allowLocalBinding: boolean;
    allowAllUnixSockets: boolean;
    /** Socket paths a command may connect to (macOS only: see settings.ts). */
    allowUnixSockets: string[];
  };
  /** Variables named like secrets that are passed in all the same (`allowEnvVars`). */
  allowEnvVars: string[];
}

/**
 * Secrets no sandboxed command reads, relative to the home folder: credentials of the usual tools, and MAIA's
 * and Claude Code's own (MAIA's API key lives in ~/.maia/settings.json, its OAuth tokens in ~/.maia/mcp-auth).
 */
export const SECRET_PATHS = [
  ".ssh",
  ".gnupg",
  ".aws",
  ".azure",
  ".config/gcloud",
  ".kube",
  ".docker/config.json",
  ".netrc",
  ".npmrc",
  ".pypirc",
  ".git-credentials",
  ".maia/settings.json",
  ".maia/mcp-auth",
  ".claude/.credentials.json",
] as const;

/**
 * Inside the launch folder, what a command must not rewrite: with it, a command could lift its own limits the
 * next turn (settings, permission rules, hooks) or run code outside the sandbox (git hooks, git's config).
 */
export const PROTECTED_NAMES = [".git/hooks", ".git/config", ".maia", ".claude", ".mcp.json"] as const;

export interface BoundaryPlaces {
  launchFolder: string;
  homeDir: string;
  /** Domains that `WebFetch(domain:…)` allow rules name (Claude Code adds them to the allowed domains). */
  webFetchDomains?: readonly string[];
}

export function resolveBoundary(settings: SandboxSettings, places: BoundaryPlaces): SandboxBoundary {
  const launchFolder = path.resolve(places.launchFolder);
  const homeDir = path.resolve(places.homeDir);
  const filesystem = settings.filesystem ?? {};
  const network = settings.network ?? {};
  const allowRead = filesystem.allowRead ?? [];
  const secrets = [...SECRET_PATHS.map((name) => path.join(homeDir, name)), ...(filesystem.denyRead ?? [])];
  // allowRead gives back what it names, and what is inside it; a secret that merely contains it stays denied.
  const denyRead = unique(secrets).filter((secret) => !allowRead.some((allowed) => isInside(secret, allowed)));
  const domains = [...(network.allowedDomains ?? []), ...(places.webFetchDomains ?? [])].map((domain) => domain.toLowerCase());
  return {
    launchFolder,
    homeDir,
    writable: unique([launchFolder, ...(filesystem.allowWrite ?? [])]),
    readOnly: unique([...PROTECTED_NAMES.map((name) => path.join(launchFolder, name)), ...(filesystem.denyWrite ?? [])]),
    denyRead,
    network: {
      allowedDomains: unique(domains),
      deniedDomains: unique(network.deniedDomains ?? []),
      allowLocalBinding: network.allowLocalBinding === true,
      allowAllUnixSockets: network.allowAllUnixSockets === true,
      allowUnixSockets: unique((network.allowUnixSockets ?? []).filter((socket) => path.isAbsolute(socket))),
    },
    allowEnvVars: unique(settings.allowEnvVars ?? []),
  };
}

/** `child` is `parent` or below it. */
export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

const SECRET_NAME = /(_API_KEY|_TOKEN|_SECRET)$|^LITELLM_/i;

/** Is this environment variable named like a secret (`*_API_KEY`, `*_TOKEN`, `*_SECRET`, `LITELLM_*`)? */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** The environment a sandboxed command gets: the variables named like secrets are left out, unless listed. */
export function sandboxEnv(env: NodeJS.ProcessEnv, allow: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (isSecretName(name) && !allow.includes(name)) continue;
    out[name] = value;
  }
  return out;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
