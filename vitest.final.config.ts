import { defineConfig } from "vitest/config";

// The checks that run after the whole suite (scripts/test.sh): they read what the suite's processes left behind.
export default defineConfig({
  test: {
    include: ["cli/src/build/*.final.ts"],
  },
});
