import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cookieName, createToken, hostAllowed, isLoopback, originAllowed, readCookie, tokenMatches } from "./security.ts";

describe("hub security: tokens", () => {
  it("makes a different URL-safe token of at least 128 bits each run", () => {
    const tokens = new Set(Array.from({ length: 50 }, () => createToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    }
  });

  it("accepts only the exact token", () => {
    const token = createToken();
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(undefined, token)).toBe(false);
    expect(tokenMatches("", token)).toBe(false);
    expect(tokenMatches(token.slice(1), token)).toBe(false);
    expect(tokenMatches(`${token}x`, token)).toBe(false);
    fc.assert(fc.property(fc.string(), (candidate) => tokenMatches(candidate, token) === (candidate === token)));
  });
});

describe("hub security: cookies", () => {
  it("names the cookie after the port, so two hubs on one host keep their own", () => {
    expect(cookieName(4000)).not.toBe(cookieName(4001));
  });

  it("reads one cookie among others", () => {
    expect(readCookie("a=1; maia-hub-80=secret; b=2", "maia-hub-80")).toBe("secret");
    expect(readCookie("maia-hub-801=other", "maia-hub-80")).toBeUndefined();
    expect(readCookie(undefined, "x")).toBeUndefined();
  });

  it("never throws on any header and finds a cookie it was given", () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), (noise, value) => {
        readCookie(noise, "maia-hub-1");
        return readCookie(`${noise.replace(/[;=]/g, "")}x=1; maia-hub-1=${value}`, "maia-hub-1") === value;
      }),
    );
  });
});

describe("hub security: Host (DNS rebinding) and Origin", () => {
  it("accepts the loopback names with the right port only", () => {
    for (const host of ["127.0.0.1:5000", "localhost:5000", "[::1]:5000", "LOCALHOST:5000"]) expect(hostAllowed(host, "127.0.0.1", 5000)).toBe(true);
    for (const host of ["127.0.0.1:5001", "evil.example:5000", "localhost", "127.0.0.1", "localhost.evil.example:5000", ""]) {
      expect(hostAllowed(host, "127.0.0.1", 5000)).toBe(false);
    }
    expect(hostAllowed(undefined, "127.0.0.1", 5000)).toBe(false);
  });

  it("accepts the address given with --host, and IP literals only when bound to a wildcard", () => {
    expect(hostAllowed("192.168.1.20:5000", "192.168.1.20", 5000)).toBe(true);
    expect(hostAllowed("192.168.1.21:5000", "192.168.1.20", 5000)).toBe(false);
    expect(hostAllowed("10.0.0.7:5000", "0.0.0.0", 5000)).toBe(true);
    expect(hostAllowed("[fe80::1]:5000", "::", 5000)).toBe(true);
    expect(hostAllowed("rebind.example:5000", "0.0.0.0", 5000)).toBe(false);
  });

  it("accepts no Origin (same-origin GET) or exactly the hub's own", () => {
    expect(originAllowed(undefined, "127.0.0.1:5000")).toBe(true);
    expect(originAllowed("http://127.0.0.1:5000", "127.0.0.1:5000")).toBe(true);
    expect(originAllowed("http://evil.example", "127.0.0.1:5000")).toBe(false);
    expect(originAllowed("http://127.0.0.1:5001", "127.0.0.1:5000")).toBe(false);
    expect(originAllowed("null", "127.0.0.1:5000")).toBe(false);
  });

  it("tells loopback addresses from others", () => {
    expect(["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"].every(isLoopback)).toBe(true);
    expect(["0.0.0.0", "192.168.0.1", "::", "example.com"].some(isLoopback)).toBe(false);
  });
});
