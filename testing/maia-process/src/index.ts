export * from "./run-maia.ts";
export * from "./process-helpers.ts";
export * from "./per-test.ts";
export * from "./kill-at-random.ts";
export * from "./page-server.ts";
export * from "./bundle-child.ts";
export * from "./builtin-plugin.ts";
