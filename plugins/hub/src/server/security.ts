import { randomBytes, timingSafeEqual } from "node:crypto";
import net from "node:net";

/**
 * The guards of a local server that starts processes which edit files (as Jupyter server and VS Code's server
 * do it): a random token per run, a Host allow list against DNS rebinding, an Origin check on every API call.
 * Pure functions, so every refusal is tested on its own and through the server.
 */

/** 256 random bits, URL-safe. */
export function createToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Compares in constant time, so the token cannot be guessed byte by byte from response times. */
export function tokenMatches(candidate: string | undefined, token: string): boolean {
  if (candidate === undefined) return false;
  const given = Buffer.from(candidate);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Cookies are kept per host name, not per port: two hubs on 127.0.0.1 would overwrite each other's cookie
 * under one name, so the port is part of it.
 */
export function cookieName(port: number): string {
  return `maia-hub-${port}`;
}

/** The value of one cookie of a `Cookie` header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  if (bare === "localhost") return true;
  if (net.isIPv4(bare)) return bare.startsWith("127.");
  return bare === "::1";
}

function isWildcard(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return bare === "0.0.0.0" || bare === "::";
}

/** `host:port` as a Host header writes it (IPv6 in brackets). */
export function hostWithPort(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, "");
  return net.isIPv6(bare) ? `[${bare}]:${port}` : `${bare}:${port}`;
}

/**
 * Whether a `Host` header names this hub: `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT` or the address it
 * was bound to. A DNS-rebinding page reaches the hub under its own domain name, which is refused here. Bound to
 * a wildcard address (`--host 0.0.0.0`), any IP literal is accepted too: the machine's addresses are not known
 * in advance, and a rebinding attack needs a name, never an IP literal.
 */
export function hostAllowed(header: string | undefined, boundHost: string, port: number): boolean {
  if (!header) return false;
  const value = header.toLowerCase();
  const allowed = new Set([hostWithPort("127.0.0.1", port), hostWithPort("localhost", port), hostWithPort("::1", port), hostWithPort(boundHost, port)]);
  if (allowed.has(value)) return true;
  if (!isWildcard(boundHost)) return false;
  const match = /^(\[[0-9a-f:.]+\]|[0-9.]+):(\d+)$/.exec(value);
  return match !== null && Number(match[2]) === port && net.isIP(match[1]!.replace(/^\[|\]$/g, "")) !== 0;
}

/** An `Origin` header is the hub's own when it is exactly `http://` + the (already checked) Host. */
export function originAllowed(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  return host !== undefined && origin.toLowerCase() === `http://${host.toLowerCase()}`;
}

/** The page's policy: nothing inline, nothing evaluated, nothing from elsewhere, never framed. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");
