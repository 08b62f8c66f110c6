import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, describe, expect, it } from "vitest";
import type { ColorLevel } from "./banner-art.ts";
import { bannerText } from "./first-paint.ts";

// The file the entry requires for an interactive start, with the banner's pictures the build styled for each
// colour level (cli/tsup.config.ts).
const BUILT = fileURLToPath(new URL("../../dist/early-paint.cjs", import.meta.url));

/** The banner the built file writes in a terminal of this colour level and language. */
function builtBanner(level: ColorLevel, locale: "en" | "fr", cwd: string, columns: number): string | undefined {
  const script = `const text = require(${JSON.stringify(BUILT)}).bannerText(${JSON.stringify(cwd)}, ${columns}); process.stdout.write(JSON.stringify(text ?? null));`;
  const env = { ...process.env, FORCE_COLOR: String(level), MAIA_LANG: locale };
  const out = JSON.parse(execFileSync(process.execPath, ["-e", script], { env, encoding: "utf8" })) as string | null;
  return out ?? undefined;
}

afterEach(() => setActiveLocale(undefined));

describe.runIf(existsSync(BUILT))("the banner of the built early paint", () => {
  it("is, at every colour level and in both languages, the banner the sources draw", () => {
    const cwd = "/home/user/project";
    for (const locale of ["en", "fr"] as const) {
      setActiveLocale(locale);
      for (const level of [0, 1, 2, 3] as const) {
        for (const columns of [40, 100]) {
          expect(builtBanner(level, locale, cwd, columns), `${locale}, level ${level}, ${columns} columns`).toBe(bannerText(cwd, columns, level));
        }
      }
    }
  });

  it("writes true colours only where the terminal has them, and no colour where it has none", () => {
    const trueColour = /\u001b\[38;2;/;
    expect(builtBanner(3, "en", "/p", 100)).toMatch(trueColour);
    expect(builtBanner(2, "en", "/p", 100)).not.toMatch(trueColour);
    expect(builtBanner(0, "en", "/p", 100)).not.toMatch(/\u001b\[/);
    expect(builtBanner(0, "en", "/p", 100)).toContain("▀");
  });
});
