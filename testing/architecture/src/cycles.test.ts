import { describe, expect, it } from "vitest";
import { importCycles } from "./cycles.ts";
import { sourceFile, sourceFiles } from "./source-files.ts";

/** The folders where no file may import, even through others, a file that imports it back. */
const WITHOUT_CYCLES = ["plugins/hub/src", "plugins/hub/page/src"];

describe("import cycles", () => {
  it.each(WITHOUT_CYCLES)("none inside %s", (folder) => {
    expect(importCycles(sourceFiles(), folder), "each line is a way round a cycle: cut one of its imports").toEqual([]);
  });

  it("are found through type-only imports and index files, and named by one way round", () => {
    const files = [
      sourceFile("p/src/chat/a.ts", 'import { b } from "./b.ts";'),
      sourceFile("p/src/chat/b.ts", 'import type { C } from "./c";'),
      sourceFile("p/src/chat/c.ts", 'import { a } from "./index.ts"; import { d } from "../d.ts";'),
      sourceFile("p/src/chat/index.ts", 'export { a } from "./a.ts";'),
      sourceFile("p/src/d.ts", 'import { x } from "node:path";'),
      sourceFile("p/src/e.test.ts", 'import { e } from "./e.test.ts";'),
    ];
    expect(importCycles(files, "p/src")).toEqual(["p/src/chat/a.ts → p/src/chat/b.ts → p/src/chat/c.ts → p/src/chat/index.ts → p/src/chat/a.ts"]);
    expect(importCycles(files.slice(1), "p/src")).toEqual([]);
  });
});
