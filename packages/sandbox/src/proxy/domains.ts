/**
 * Domain patterns of `sandbox.network.allowedDomains` / `deniedDomains`, as Claude Code writes them: `example.com`
 * (that host only), `*.example.com` (its subdomains, not example.com itself), an optional `:port` that limits
 * the entry to one port, and `*` alone for every host. Hosts are compared lower-case, without a trailing dot.
 */
export interface DomainPattern {
  host: string;
  wildcard: boolean;
  port?: number;
}

export function parseDomainPattern(text: string): DomainPattern | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === "") return undefined;
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(trimmed);
  const hostPart = match?.[1] ?? trimmed;
  const port = match?.[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined;
  if (hostPart === "*") return { host: "", wildcard: true, ...(port !== undefined ? { port } : {}) };
  const wildcard = hostPart.startsWith("*.");
  const host = normaliseHost(wildcard ? hostPart.slice(2) : hostPart);
  if (host === "" || host.includes("*") || /[\s/]/.test(host)) return undefined;
  return { host, wildcard, ...(port !== undefined ? { port } : {}) };
}

export function normaliseHost(host: string): string {
  let out = host.trim().toLowerCase();
  if (out.startsWith("[") && out.endsWith("]")) out = out.slice(1, -1);
  while (out.endsWith(".")) out = out.slice(0, -1);
  return out;
}

export function patternMatches(pattern: DomainPattern, host: string, port: number): boolean {
  if (pattern.port !== undefined && pattern.port !== port) return false;
  const name = normaliseHost(host);
  if (pattern.wildcard) return pattern.host === "" || name.endsWith(`.${pattern.host}`);
  return name === pattern.host;
}

/** Allowed when an allowed pattern matches and no denied one does (a denied domain always wins). */
export function hostAllowed(host: string, port: number, allowed: readonly DomainPattern[], denied: readonly DomainPattern[]): boolean {
  if (denied.some((pattern) => patternMatches(pattern, host, port))) return false;
  return allowed.some((pattern) => patternMatches(pattern, host, port));
}
