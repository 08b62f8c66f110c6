import { describe, expect, it } from "vitest";
import { domainRuleMatches, hostOf } from "./domain-rules.ts";

const allows = (pattern: string, url: string) => {
  const host = hostOf(url);
  return host !== undefined && domainRuleMatches(pattern, host);
};

describe("WebFetch domain rules (seed § 9.3)", () => {
  it("an exact domain does not cover its subdomains", () => {
    expect(allows("domain:example.com", "https://example.com/page")).toBe(true);
    expect(allows("domain:example.com", "https://docs.example.com/")).toBe(false);
    expect(allows("domain:example.com", "https://notexample.com/")).toBe(false);
  });

  it("`*.` covers the subdomains, not the bare domain", () => {
    expect(allows("domain:*.example.com", "https://docs.example.com/")).toBe(true);
    expect(allows("domain:*.example.com", "https://a.b.example.com/")).toBe(true);
    expect(allows("domain:*.example.com", "https://example.com/")).toBe(false);
    expect(allows("domain:*.example.com", "https://evilexample.com/")).toBe(false);
  });

  it("reads the host the way fetch does", () => {
    expect(allows("domain:example.com", "HTTPS://EXAMPLE.COM./x")).toBe(true);
    expect(allows("domain:example.com", "https://example.com:8443/x")).toBe(true);
    expect(allows("domain:example.com", "https://example.com@evil.com/")).toBe(false);
    expect(allows("domain:evil.com", "https://example.com@evil.com/")).toBe(true);
    expect(allows("domain:example.com", "https://evil.com/?example.com")).toBe(false);
    expect(allows("domain:example.com", "https://evil.com#@example.com")).toBe(false);
  });

  it("compares internationalised names in their punycode form", () => {
    expect(allows("domain:bücher.de", "https://bücher.de/")).toBe(true);
    expect(allows("domain:bücher.de", "https://xn--bcher-kva.de/")).toBe(true);
  });

  it("an invalid URL has no host", () => {
    expect(hostOf("not a url")).toBeUndefined();
    expect(hostOf("file:///etc/passwd")).toBeUndefined();
  });
});
