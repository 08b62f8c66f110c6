import { domainToASCII } from "node:url";
import { wildcardMatches } from "@maia/permission-rules";

/**
 * WebFetch rules (seed § 9.3): `domain:host`, exact or with `*`. The bare domain does not cover its
 * subdomains (`domain:example.com` is not `docs.example.com`; `domain:*.example.com` is, and not the bare
 * domain). The host is read by the WHATWG URL parser, as fetch reads it, so `https://ok.com@evil.com/` is
 * evil.com and `HTTPS://Ok.COM./` is ok.com.
 */
export function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.hostname === "") return undefined;
    return parsed.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return undefined;
  }
}

/** `pattern` is the rule's pattern, `domain:` included. */
export function domainRuleMatches(pattern: string, host: string): boolean {
  const wanted = pattern
    .replace(/^domain:/, "")
    .trim()
    .toLowerCase()
    .replace(/\.$/, "")
    .split(".")
    // Non-ASCII labels are compared in the punycode form the URL parser gives the host (`bücher` → `xn--bcher-kva`).
    .map((label) => (label.includes("*") || /^[\x00-\x7f]*$/.test(label) ? label : domainToASCII(label) || label))
    .join(".");
  return wildcardMatches(wanted, host);
}
