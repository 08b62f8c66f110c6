// dist/early-paint.cjs without chalk (issue 22): src/interactive/early-kit.ts, which computes the early paint's
// escape codes and banner pictures with chalk, is replaced in that file by its answers for the four colour levels,
// and by chalk's own colour detection (its supports-color, which it keeps in the package). Loading and setting up
// chalk took longer than painting the screen. Used by cli/tsup.config.ts.
import { createRequire } from "node:module";
import path from "node:path";
import type { EsbuildPlugin } from "./esbuild-plugin.ts";
import type { ColorLevel } from "../interactive/banner-art.ts";
import { computeEarlyKit } from "../interactive/early-kit.ts";

const LEVELS: readonly ColorLevel[] = [0, 1, 2, 3];

/** The file chalk detects colours with (chalk/source/vendor/supports-color), from the chalk Ink uses. */
function chalkSupportsColor(): string {
  const fromInk = createRequire(createRequire(import.meta.url).resolve("ink"));
  return path.join(path.dirname(fromInk.resolve("chalk")), "vendor", "supports-color", "index.js");
}

/** early-kit.ts's exports that the early paint uses, as a module of constants. */
export function earlyKitModule(): string {
  const kits = LEVELS.map(computeEarlyKit);
  return [
    `import supportsColor from ${JSON.stringify(chalkSupportsColor())};`,
    `const KITS = ${JSON.stringify(kits)};`,
    // chalk's level for standard output (chalk/source/index.js): its stdout answer's level, 0 without one.
    "export function terminalColorLevel() { return supportsColor.stdout ? supportsColor.stdout.level : 0; }",
    "export function earlyKitAt(level) { return KITS[level]; }",
  ].join("\n");
}

export function earlyKitInlined(): EsbuildPlugin {
  return {
    name: "early-kit-inlined",
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /[\\/]interactive[\\/]early-kit\.ts$/ }, () => ({ contents: earlyKitModule(), loader: "js" }));
    },
  };
}
