import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandEnv } from "./expand-env.ts";

describe("expandEnv (${VAR} in mcp.json)", () => {
  const env = { TOKEN: "abc", HOST: "example.org", EMPTY: "" };

  it("replaces ${VAR} anywhere in the text", () => {
    expect(expandEnv("https://${HOST}/mcp?t=${TOKEN}", env)).toEqual({ value: "https://example.org/mcp?t=abc", missing: [] });
    expect(expandEnv("Bearer ${TOKEN}", env).value).toBe("Bearer abc");
  });

  it("uses the default of ${VAR:-default} when the variable is unset or empty", () => {
    expect(expandEnv("${PORT:-8080}", env)).toEqual({ value: "8080", missing: [] });
    expect(expandEnv("${EMPTY:-x}", env).value).toBe("x");
    expect(expandEnv("${HOST:-x}", env).value).toBe("example.org");
  });

  it("reports a missing variable once and expands it to nothing", () => {
    expect(expandEnv("${NOPE}-${NOPE}", env)).toEqual({ value: "-", missing: ["NOPE"] });
  });

  it("a variable set to the empty text is not missing", () => {
    expect(expandEnv("a${EMPTY}b", env)).toEqual({ value: "ab", missing: [] });
  });

  it("leaves what is not a reference alone: $VAR, ${}, ${1X}, unclosed", () => {
    for (const text of ["$TOKEN", "${}", "${1X}", "${TOKEN", "$${X", "{TOKEN}"]) expect(expandEnv(text, env).value).toBe(text);
  });

  it("does not expand a value a second time", () => {
    expect(expandEnv("${A}", { A: "${B}", B: "no" }).value).toBe("${B}");
  });

  const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);
  const literal = fc.string().filter((text) => !text.includes("$"));

  it("property: text without `$` is unchanged", () => {
    fc.assert(fc.property(literal, fc.dictionary(name, fc.string()), (text, vars) => expandEnv(text, vars).value === text));
  });

  it("property: literals and references expand to the literals and the values, in order", () => {
    const piece = fc.oneof(literal.map((text) => ({ kind: "text" as const, text })), name.map((text) => ({ kind: "var" as const, text })));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.dictionary(name, fc.string({ minLength: 1 })), (pieces, vars) => {
        const source = pieces.map((p) => (p.kind === "text" ? p.text : `\${${p.text}}`)).join("");
        const expected = pieces.map((p) => (p.kind === "text" ? p.text : (vars[p.text] ?? ""))).join("");
        const result = expandEnv(source, vars);
        const missing = [...new Set(pieces.filter((p) => p.kind === "var" && !(p.text in vars)).map((p) => p.text))];
        return result.value === expected && JSON.stringify(result.missing.sort()) === JSON.stringify(missing.sort());
      }),
    );
  });
});
