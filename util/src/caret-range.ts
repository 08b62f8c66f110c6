import { createRequire } from "node:module";
import type semverModule from "semver";

export type RangeCheck = "ok" | "invalid" | "unsatisfied";

// `^major.minor.patch` with no prerelease, the form every first-party plugin declares; ranges of any other form
// go to semver itself.
const CARET = /^\^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const PLAIN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/**
 * Whether `version` (the kernel's) satisfies a plugin's `kernel` range, as semver's `validRange` and `satisfies`
 * decide. The caret form is answered here: loading semver (its ~50 CommonJS modules and their regular
 * expressions) cost 20–40 ms of every start for ranges that are all `^1.0.0` (issue 22's profile of `maia -p`).
 */
export function kernelRangeProblem(range: string, version: string): RangeCheck {
  const caret = CARET.exec(range);
  const plain = PLAIN.exec(version);
  if (caret && plain) return caretSatisfied(caret.slice(1, 4).map(Number), plain.slice(1, 4).map(Number)) ? "ok" : "unsatisfied";
  const semver = loadSemver();
  if (semver.validRange(range) === null) return "invalid";
  return semver.satisfies(version, range) ? "ok" : "unsatisfied";
}

/** `^a.b.c`: at least a.b.c, below the next version of its first non-zero part (`^0.0.c` allows only 0.0.c). */
function caretSatisfied([a = 0, b = 0, c = 0]: number[], [x = 0, y = 0, z = 0]: number[]): boolean {
  const atLeast = x !== a ? x > a : y !== b ? y > b : z >= c;
  if (!atLeast) return false;
  if (a > 0) return x === a;
  if (b > 0) return x === 0 && y === b;
  return x === 0 && y === 0 && z === c;
}

/**
 * The bundler turns this require into a call of its lazily evaluated copy of semver; vitest provides `require`;
 * plain Node (type stripping: the build scripts) takes createRequire.
 */
function loadSemver(): typeof semverModule {
  return (typeof require === "function" ? require("semver") : createRequire(import.meta.url)("semver")) as typeof semverModule;
}
