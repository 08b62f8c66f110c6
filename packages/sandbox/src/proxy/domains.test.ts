import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostAllowed, parseDomainPattern } from "./domains.ts";

const patterns = (...texts: string[]) => texts.flatMap((text) => parseDomainPattern(text) ?? []);

describe("domain patterns of allowedDomains / deniedDomains", () => {
  it("matches a host exactly, subdomains with *., one port with :port, and a denied domain wins", () => {
    const allowed = patterns("github.com", "*.npmjs.org", "localhost:8080");
    expect(hostAllowed("GitHub.com.", 443, allowed, [])).toBe(true);
    expect(hostAllowed("api.github.com", 443, allowed, [])).toBe(false);
    expect(hostAllowed("registry.npmjs.org", 443, allowed, [])).toBe(true);
    expect(hostAllowed("npmjs.org", 443, allowed, [])).toBe(false);
    expect(hostAllowed("evilnpmjs.org", 443, allowed, [])).toBe(false);
    expect(hostAllowed("localhost", 8080, allowed, [])).toBe(true);
    expect(hostAllowed("localhost", 8081, allowed, [])).toBe(false);
    expect(hostAllowed("registry.npmjs.org", 443, allowed, patterns("registry.npmjs.org"))).toBe(false);
    expect(hostAllowed("anything.example", 1, patterns("*"), [])).toBe(true);
  });

  it("refuses patterns that are not domains", () => {
    for (const text of ["", "  ", "a*b.com", "*.", "x.com:0", "x.com:70000", "a b.com", "http://x.com"]) expect(parseDomainPattern(text)).toBeUndefined();
  });

  it("never allows a host that no allowed pattern names (property)", () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.array(label, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 65535 }), (allowedLabels, hostLabels, port) => {
        const allowedHost = allowedLabels.join(".");
        const host = hostLabels.join(".");
        const allowed = hostAllowed(host, port, patterns(allowedHost, `*.${allowedHost}`), []);
        expect(allowed).toBe(host === allowedHost || host.endsWith(`.${allowedHost}`));
      }),
    );
  });
});

describe("addresses the proxy never reaches through a name", () => {
  it("are this machine's loopback, link-local and unspecified ones", async () => {
    const { isLocalAddress } = await import("./domain-proxy.ts");
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1", "169.254.169.254", "fe80::1", "0.0.0.0", "::"]) expect(isLocalAddress(address)).toBe(true);
    for (const address of ["93.184.216.34", "10.0.0.1", "2606:4700::1111"]) expect(isLocalAddress(address)).toBe(false);
  });
});
