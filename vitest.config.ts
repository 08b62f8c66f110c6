import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["kernel/src/**/*.test.ts", "util/src/**/*.test.ts", "packages/permission-rules/src/**/*.test.ts", "packages/subagent-protocol/src/**/*.test.ts", "plugins/*/src/**/*.test.ts", "cli/src/**/*.test.ts", "testing/*/src/**/*.test.ts", "examples/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores here: end-to-end tests start real processes; too many workers only make them wait.
    maxWorkers: 2,
  },
});
