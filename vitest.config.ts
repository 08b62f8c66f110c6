import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["kernel/src/**/*.test.ts", "util/src/**/*.test.ts", "packages/*/src/**/*.test.ts", "plugins/*/src/**/*.test.ts", "cli/src/**/*.test.ts", "testing/*/src/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    // Generous: on a loaded 2-core machine a real process or terminal can take many seconds; a passing test
    // never waits for these, only a hung one does.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores here, but most end-to-end tests wait on their processes (a start, a turn, an exit): a third worker
    // fills those waits. Measured on cli/src/acp, plugins/hooks and plugins/mcp (41 files): 2 workers 133 s, 3
    // workers 113 s, 4 workers 114 s.
    maxWorkers: 3,
  },
});
