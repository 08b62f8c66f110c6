import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinUrl } from "./url.ts";

describe("joinUrl", () => {
  it.each([
    ["http://h:4000", "/v1/chat/completions", "http://h:4000/v1/chat/completions"],
    ["http://h:4000/", "/v1/chat/completions", "http://h:4000/v1/chat/completions"],
    ["http://h:4000/", "v1/chat/completions", "http://h:4000/v1/chat/completions"],
    ["http://h:4000", "v1/models", "http://h:4000/v1/models"],
    ["http://h:4000//", "//v1/models", "http://h:4000/v1/models"],
    ["https://proxy.example/litellm", "/v1/models", "https://proxy.example/litellm/v1/models"],
    ["http://h:4000/", "", "http://h:4000"],
    ["http://h:4000", "/model/info", "http://h:4000/model/info"],
  ])("joinUrl(%j, %j) = %j", (base, suffix, expected) => {
    expect(joinUrl(base, suffix)).toBe(expected);
  });

  const segment = fc.stringMatching(/^[a-z0-9._~-]{1,8}$/);
  const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));
  const slashes = fc.integer({ min: 0, max: 3 }).map((n) => "/".repeat(n));

  it("puts exactly one slash at the junction, whatever slashes each side carries", () => {
    fc.assert(
      fc.property(path, slashes, slashes, path, (host, trailing, leading, suffix) => {
        const base = `http://${host}`;
        const joined = joinUrl(base + trailing, leading + suffix);
        expect(joined).toBe(`${base}/${suffix}`);
        expect(joined.slice("http://".length)).not.toContain("//");
      }),
    );
  });

  it("keeps both parts' own content and is idempotent on its output's halves", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (base, suffix) => {
        const joined = joinUrl(base, suffix);
        const head = base.replace(/\/+$/, "");
        const tail = suffix.replace(/^\/+/, "");
        expect(joined.startsWith(head)).toBe(true);
        expect(joined.endsWith(tail)).toBe(true);
        if (head !== "" && tail !== "") expect(joined.length).toBe(head.length + 1 + tail.length);
      }),
    );
  });
});
