// The suite's last test (scripts/test.sh runs it after every other, with vitest.final.config.ts): every lazily
// loaded part of the shipped bundle (dist/lazy-modules.json, written by the build) was loaded by at least one
// process that an end-to-end test started (each notes what it loads in MAIA_TRACE_LOADS). A part that only the
// TypeScript sources exercise is untested: WebFetch's HTML converter failed in `maia -p` for that reason (issue 34).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LAZY_MODULES_FILE, type LazyKind, type LazyModules } from "./lazy-modules.ts";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const TRACE = process.env.MAIA_TRACE_LOADS;

/** The files of dist/ that the traced processes loaded, relative to it. */
function loadedFiles(trace: string): Set<string> {
  const loaded = new Set<string>();
  for (const name of readdirSync(trace)) {
    for (const line of readFileSync(path.join(trace, name), "utf8").split("\n")) {
      const relative = path.relative(DIST, line);
      if (line !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)) loaded.add(relative.split(path.sep).join("/"));
    }
  }
  return loaded;
}

describe("lazily loaded parts of the bundle", () => {
  it("were each loaded by some end-to-end test", () => {
    expect(TRACE, "MAIA_TRACE_LOADS names the folder the suite's processes noted their loads in (scripts/test.sh sets it)").toBeTruthy();
    const trace = TRACE as string;
    expect(existsSync(path.join(DIST, LAZY_MODULES_FILE)), `${LAZY_MODULES_FILE} is written by pnpm build`).toBe(true);
    const { files } = JSON.parse(readFileSync(path.join(DIST, LAZY_MODULES_FILE), "utf8")) as LazyModules;
    const loaded = loadedFiles(trace);
    const unloaded = (Object.entries(files) as Array<[LazyKind, string[]]>).flatMap(([kind, list]) =>
      list.filter((file) => !loaded.has(file)).map((file) => `${file} (${kind})`),
    );
    expect(unloaded, "shipped but loaded by no end-to-end test: add a test that goes through it in the bundle, or stop shipping it").toEqual([]);
  });
});
