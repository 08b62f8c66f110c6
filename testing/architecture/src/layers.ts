import path from "node:path";
import { importsOf, packageNamed, workspacePackages } from "./imports.ts";
import { isTestFile, packageRootOf, type SourceFile } from "./source-files.ts";

/**
 * What never ships: test files, every file of a `testing/` folder (the harness packages, a package's helpers),
 * the benches, and vitest's own configuration.
 */
export function isTestSupport(file: string): boolean {
  return isTestFile(file) || /(^|\/)(testing|bench)\//.test(file) || /^vitest(\.\w+)?\.config\.ts$/.test(file);
}

function layerOf(root: string): "kernel" | "util" | "package" | "plugin" | "cli" | "testing" | "other" {
  if (root === "kernel" || root === "util" || root === "cli") return root;
  if (root.startsWith("packages/")) return "package";
  if (root.startsWith("plugins/")) return "plugin";
  if (root.startsWith("testing/")) return "testing";
  return "other";
}

/**
 * What breaks the layers (docs/architecture.md), one line per import: the kernel knows only @maia/util; a
 * plugin knows the kernel, util, the shared packages and the types of another plugin's API; a package under
 * packages/ knows the kernel, util and its peers; no code that ships names vitest or a test harness; no relative
 * import leaves its package; a bench goes through packages' names, never into another folder's sources or pnpm's
 * store.
 */
export function layerViolations(files: readonly SourceFile[], packages: ReadonlyMap<string, string> = workspacePackages(files)): string[] {
  const found: string[] = [];
  for (const source of files) {
    const { file, packageRoot } = source;
    const isBench = /(^|\/)bench\//.test(file);
    const support = isTestSupport(file);
    const layer = layerOf(packageRoot);
    for (const { specifier, typeOnly } of importsOf(source)) {
      const say = (why: string) => found.push(`${file}: ${specifier} (${why})`);
      if (specifier.includes("node_modules/")) {
        say("reaches into node_modules: import the package by its name");
        continue;
      }
      if (specifier.startsWith(".")) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        const targetRoot = packageRootOf(target);
        if (isBench && targetRoot !== packageRoot && /(^|\/)src\//.test(target)) say("a bench reaches into another package's sources: import the package by its name");
        else if (!isBench && targetRoot !== packageRoot) say(`leaves ${packageRoot === "." ? "the repository's root" : packageRoot}: import ${targetRoot} by its package name`);
        continue;
      }
      const targetRoot = packageNamed(specifier, packages);
      const targetLayer = targetRoot === undefined ? undefined : layerOf(targetRoot);
      if (!support && (specifier === "vitest" || specifier.startsWith("vitest/") || targetLayer === "testing")) {
        say("code that ships names a test harness: move this file under a testing/ folder");
        continue;
      }
      if (targetRoot === undefined || targetRoot === packageRoot || support && targetLayer === "testing") continue;
      if (layer === "kernel" && targetLayer !== "util") say("the kernel knows only @maia/util");
      else if (layer === "util") say("@maia/util knows no other package of MAIA");
      else if (layer === "package" && targetLayer !== "kernel" && targetLayer !== "util" && targetLayer !== "package") say("a shared package knows only the kernel, util and other shared packages");
      else if (layer === "plugin" && targetLayer === "plugin" && !typeOnly) say("a plugin takes only the types of another plugin's API (`import type`)");
      else if (layer === "plugin" && targetLayer !== "plugin" && targetLayer !== "kernel" && targetLayer !== "util" && targetLayer !== "package") say("a plugin knows only the kernel, util, the shared packages and other plugins' types");
    }
  }
  return found;
}
