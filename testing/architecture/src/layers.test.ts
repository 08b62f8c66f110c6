import { describe, expect, it } from "vitest";
import { workspacePackages } from "./imports.ts";
import { layerViolations } from "./layers.ts";
import { sourceFile, sourceFiles } from "./source-files.ts";

describe("the layers (docs/architecture.md)", () => {
  it("hold: each import goes where its layer may go", () => {
    expect(layerViolations(sourceFiles()), "each line names the file, the import and the rule it breaks").toEqual([]);
  });

  it("are checked on every kind of import, with type-only ones told apart", () => {
    const packages = workspacePackages(sourceFiles());
    const check = (file: string, text: string) => layerViolations([sourceFile(file, text)], packages);
    expect(check("kernel/src/x.ts", 'import { a } from "@maia/plugin-sessions";')).toEqual(["kernel/src/x.ts: @maia/plugin-sessions (the kernel knows only @maia/util)"]);
    expect(check("kernel/src/x.ts", 'import { a } from "@maia/util"; import "tapable";')).toEqual([]);
    expect(check("plugins/sessions/src/x.ts", 'const m = await import("@maia/plugin-mcp");')).toEqual([
      "plugins/sessions/src/x.ts: @maia/plugin-mcp (a plugin takes only the types of another plugin's API (`import type`))",
    ]);
    expect(check("plugins/sessions/src/x.ts", 'import type { McpApi } from "@maia/plugin-mcp"; import { type B } from "@maia/plugin-hooks"; type C = import("@maia/plugin-hub").HubApi;')).toEqual([]);
    expect(check("plugins/sessions/src/x.ts", 'import { runMaia } from "@maia/testing-maia";')).toEqual([
      "plugins/sessions/src/x.ts: @maia/testing-maia (code that ships names a test harness: move this file under a testing/ folder)",
    ]);
    expect(check("plugins/sessions/src/testing/x.ts", 'import { it } from "vitest"; import { runMaia } from "@maia/testing-maia";')).toEqual([]);
    expect(check("plugins/sessions/src/x.ts", 'export { a } from "../../mcp/src/a.ts";')).toEqual(["plugins/sessions/src/x.ts: ../../mcp/src/a.ts (leaves plugins/sessions: import plugins/mcp by its package name)"]);
    expect(check("bench/x.bench.mjs", 'import { a } from "../plugins/mcp/src/a.ts";')).toEqual([
      "bench/x.bench.mjs: ../plugins/mcp/src/a.ts (a bench reaches into another package's sources: import the package by its name)",
    ]);
    expect(check("bench/x.bench.mjs", 'const { a } = require("../node_modules/.pnpm/x/index.js");')).toEqual([
      "bench/x.bench.mjs: ../node_modules/.pnpm/x/index.js (reaches into node_modules: import the package by its name)",
    ]);
  });
});
