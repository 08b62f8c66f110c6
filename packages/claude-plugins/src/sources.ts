import path from "node:path";
import { isRecord } from "./json-file.ts";

/**
 * Where a marketplace comes from, as Claude Code records it in `known_marketplaces.json` (and as `source` of
 * `extraKnownMarketplaces` in its settings): a GitHub repository, any git repository, a folder on this machine, a
 * marketplace.json file here, or one served over HTTP.
 */
export type MarketplaceSource =
  | { source: "github"; repo: string; ref?: string }
  | { source: "git"; url: string; ref?: string }
  | { source: "directory"; path: string }
  | { source: "file"; path: string }
  | { source: "url"; url: string };

/**
 * Where a marketplace entry's plugin comes from, normalised: a folder of the marketplace (`"./plugins/x"`), a
 * git repository (Claude Code's `github`, `url` and `git-subdir` sources, `path` being the plugin's folder in it),
 * or a kind MAIA cannot fetch (npm, pip…), kept to say so by name.
 */
export type PluginSource =
  | { kind: "relative"; path: string }
  | { kind: "git"; url: string; ref?: string; sha?: string; path?: string; shown: string }
  | { kind: "unsupported"; source: string };

/** GitHub's `owner/repo`, as Claude Code accepts it. */
const GITHUB_REPO = /^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9_.-]+$/;
/** What git clones: a URL with a scheme git speaks, or scp-like `user@host:path`. */
const GIT_URL = /^(?:(?:https?|ssh|git|file):\/\/\S+|[A-Za-z0-9][A-Za-z0-9._-]*@[A-Za-z0-9][A-Za-z0-9.-]*:\S+)$/;
const REF = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const SHA = /^[0-9a-f]{7,64}$/i;

export function isGithubRepo(text: string): boolean {
  return GITHUB_REPO.test(text) && !text.split("/").some((part) => part === "." || part === "..");
}

/**
 * A git URL: a scheme git speaks, or scp-like `user@host:path` whose host is a domain or whose path ends in `.git`
 * (so that npm's `name@file:…`, `name@github:user/repo`, `name@npm:…` stay npm specs).
 */
export function isGitUrl(text: string): boolean {
  if (!GIT_URL.test(text)) return false;
  const scp = /^[^@/]+@([^:/]+):(.*)$/.exec(text);
  return scp === null || (scp[1] ?? "").includes(".") || /\.git\/?$/.test(scp[2] ?? "");
}

/** The URL git clones for a GitHub repository. */
export function githubUrl(repo: string): string {
  return `https://github.com/${repo.replace(/\.git$/, "")}.git`;
}

/** A ref as given after `#` (branch, tag): no option git would read (`-…`), no blank. */
export function isValidRef(ref: string): boolean {
  return REF.test(ref) && !ref.includes("..") && !ref.endsWith("/") && !ref.endsWith(".lock");
}

export function isValidSha(sha: string): boolean {
  return SHA.test(sha);
}

/**
 * What `maia plugins marketplace add ARG` was given: a folder or a marketplace.json here (relative to the launch
 * folder, `~/` the home), a URL of a marketplace.json, a git URL (`#ref` picks a branch or tag), or GitHub's
 * `owner/repo[#ref]`. Undefined when it is none of these. Never throws.
 */
export function parseMarketplaceArgument(argument: string, cwd: string, homeDir: string): MarketplaceSource | undefined {
  const text = argument.trim();
  if (text === "") return undefined;
  if (/^(?:\.{1,2}(?:[\\/]|$)|~\/|[\\/])/.test(text) || path.isAbsolute(text)) {
    const target = text.startsWith("~/") ? path.join(homeDir, text.slice(2)) : path.resolve(cwd, text);
    return target.toLowerCase().endsWith(".json") ? { source: "file", path: target } : { source: "directory", path: target };
  }
  const hash = text.lastIndexOf("#");
  const base = hash === -1 ? text : text.slice(0, hash);
  const ref = hash === -1 ? undefined : text.slice(hash + 1);
  if (ref !== undefined && !isValidRef(ref)) return undefined;
  if (/^https?:\/\//i.test(base) && /\.json$/i.test(urlPath(base)) && ref === undefined) return { source: "url", url: base };
  if (isGitUrl(base)) return { source: "git", url: base, ...(ref ? { ref } : {}) };
  if (isGithubRepo(base)) return { source: "github", repo: base, ...(ref ? { ref } : {}) };
  return undefined;
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "";
  }
}

/** A marketplace source read back from known_marketplaces.json (MAIA's, or Claude Code's own). */
export function readMarketplaceSource(value: unknown): MarketplaceSource | undefined {
  if (!isRecord(value)) return undefined;
  const text = (key: string) => (typeof value[key] === "string" && value[key] !== "" ? (value[key] as string) : undefined);
  const ref = text("ref");
  switch (value.source) {
    case "github": {
      const repo = text("repo");
      return repo && isGithubRepo(repo) ? { source: "github", repo, ...(ref ? { ref } : {}) } : undefined;
    }
    case "git": {
      const url = text("url");
      return url ? { source: "git", url, ...(ref ? { ref } : {}) } : undefined;
    }
    case "directory":
    case "file": {
      const target = text("path");
      return target && path.isAbsolute(target) ? { source: value.source, path: target } : undefined;
    }
    case "url": {
      const url = text("url");
      return url ? { source: "url", url } : undefined;
    }
    default:
      return undefined;
  }
}

/** How a marketplace source is shown: `owner/repo`, the URL, the path. */
export function describeMarketplaceSource(source: MarketplaceSource): string {
  switch (source.source) {
    case "github":
      return `github:${source.repo}${source.ref ? `#${source.ref}` : ""}`;
    case "git":
      return `${source.url}${source.ref ? `#${source.ref}` : ""}`;
    case "url":
      return source.url;
    case "directory":
    case "file":
      return source.path;
  }
}

/** What to type after `maia plugins marketplace add` to add this marketplace. */
export function marketplaceArgument(source: MarketplaceSource): string {
  const described = describeMarketplaceSource(source);
  return source.source === "github" ? described.slice("github:".length) : described;
}

/**
 * An entry's `source`, as marketplace.json writes it: `"./plugins/x"` (or, with `metadata.pluginRoot`, a bare
 * folder name), `{"source": "github", "repo": "owner/repo", "ref"?, "sha"?}`, `{"source": "url", "url": "…git"}`,
 * `{"source": "git-subdir", "url": "…" | "owner/repo", "path": "plugins/x"}`. Undefined for a malformed one.
 */
export function readPluginSource(value: unknown, pluginRoot: string | undefined): PluginSource | undefined {
  if (typeof value === "string") {
    if (value.startsWith("./") || value === ".") return { kind: "relative", path: value };
    if (pluginRoot !== undefined && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value)) return { kind: "relative", path: `${pluginRoot.replace(/\/+$/, "")}/${value}` };
    return undefined;
  }
  if (!isRecord(value) || typeof value.source !== "string") return undefined;
  const text = (key: string) => (typeof value[key] === "string" && value[key] !== "" ? (value[key] as string) : undefined);
  const ref = text("ref");
  const sha = text("sha");
  if ((ref !== undefined && !isValidRef(ref)) || (sha !== undefined && !isValidSha(sha))) return undefined;
  const pin = { ...(ref ? { ref } : {}), ...(sha ? { sha } : {}) };
  const repository = (url: string | undefined) => (url === undefined ? undefined : isGitUrl(url) ? url : isGithubRepo(url) ? githubUrl(url) : undefined);
  switch (value.source) {
    case "github": {
      const repo = text("repo");
      if (!repo || !isGithubRepo(repo)) return undefined;
      const subfolder = text("path");
      return { kind: "git", url: githubUrl(repo), ...pin, ...(subfolder ? { path: subfolder } : {}), shown: `github:${repo}` };
    }
    case "url":
    case "git": {
      const url = repository(text("url"));
      return url ? { kind: "git", url, ...pin, shown: url } : undefined;
    }
    case "git-subdir": {
      const url = repository(text("url") ?? text("repo"));
      const subfolder = text("path") ?? text("subdir");
      return url && subfolder ? { kind: "git", url, ...pin, path: subfolder, shown: `${url} (${subfolder})` } : undefined;
    }
    default:
      return { kind: "unsupported", source: value.source };
  }
}
