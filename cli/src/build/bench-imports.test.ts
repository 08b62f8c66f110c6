// `pnpm bench` is not run by CI (its figures need a quiet machine), so a source file renamed under a benchmark
// would go unnoticed until someone measures: this checks that every relative import of every benchmark resolves.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const benchFolders = [path.join(root, "bench"), ...readdirSync(path.join(root, "plugins")).map((name) => path.join(root, "plugins", name, "bench"))];
const benchFiles = benchFolders
  .filter((folder) => existsSync(folder))
  .flatMap((folder) => readdirSync(folder).filter((name) => name.endsWith(".mjs")).map((name) => path.join(folder, name)));
// Static `import … from "./x"` and dynamic `import("../x")` with a literal relative specifier.
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

describe("benchmarks", () => {
  it("exist", () => {
    expect(benchFiles.some((file) => file.endsWith("headless.bench.mjs"))).toBe(true);
  });

  it.each(benchFiles.map((file) => [path.relative(root, file), file]))("%s imports only files that exist", (_name, file) => {
    const source = readFileSync(file, "utf8");
    const missing = [...source.matchAll(RELATIVE_IMPORT)]
      .map((match) => match[1] ?? "")
      .filter((specifier) => !existsSync(path.resolve(path.dirname(file), specifier)));
    expect(missing).toEqual([]);
  });
});
