import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, describe, expect, it } from "vitest";
import type { ColorLevel } from "./banner-art.ts";
import { earlyBoxLines } from "./early-input.ts";
import { bannerText } from "./first-paint.ts";

// The file the entry requires for an interactive start, with the banner's pictures the build styled for each
// colour level (cli/tsup.config.ts).
const BUILT = fileURLToPath(new URL("../../dist/early-paint.cjs", import.meta.url));
// The chalk Ink draws with.
const CHALK = pathToFileURL(createRequire(createRequire(import.meta.url).resolve("ink")).resolve("chalk")).href;

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

describe.runIf(existsSync(BUILT))("the built early paint's colours", () => {
  it("draws the input zone the sources draw, at every colour level and in both languages", () => {
    for (const locale of ["en", "fr"] as const) {
      setActiveLocale(locale);
      for (const level of [0, 1, 2, 3] as const) {
        const script = `process.stdout.write(JSON.stringify(require(${JSON.stringify(BUILT)}).earlyBoxLines(100, "héllo")));`;
        const env = { ...process.env, FORCE_COLOR: String(level), MAIA_LANG: locale };
        const built = JSON.parse(execFileSync(process.execPath, ["-e", script], { env, encoding: "utf8" })) as string[];
        expect(built, `${locale}, level ${level}`).toEqual(earlyBoxLines(100, "héllo", level));
      }
    }
  });

  it("picks the colour level chalk picks (and Ink with it) from the environment, without chalk's styling code", () => {
    const builtLevel = (env: NodeJS.ProcessEnv) =>
      execFileSync(process.execPath, ["-e", `process.stdout.write(String(require(${JSON.stringify(BUILT)}).terminalColorLevel()))`], { env, encoding: "utf8" });
    const chalkLevel = (env: NodeJS.ProcessEnv) =>
      execFileSync(process.execPath, ["--input-type=module", "-e", `import chalk from ${JSON.stringify(CHALK)}; process.stdout.write(String(chalk.level));`], { env, encoding: "utf8" });
    const base = { PATH: process.env.PATH ?? "" };
    const environments: NodeJS.ProcessEnv[] = [
      base,
      { ...base, FORCE_COLOR: "1" },
      { ...base, FORCE_COLOR: "3" },
      { ...base, FORCE_COLOR: "true", TERM: "xterm-256color" },
      { ...base, FORCE_COLOR: "", COLORTERM: "truecolor" },
      { ...base, FORCE_COLOR: "false", COLORTERM: "truecolor" },
      { ...base, FORCE_COLOR: "true", TERM: "dumb" },
    ];
    for (const env of environments) expect(builtLevel(env), JSON.stringify(env)).toBe(chalkLevel(env));
    const code = readFileSync(BUILT, "utf8");
    expect(code).not.toContain("chalkFactory");
    expect(code).not.toContain("assembleStyles");
  });
});
