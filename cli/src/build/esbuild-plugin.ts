import type { Options } from "tsup";

/** An esbuild plugin as tsup takes it (cli/tsup.config.ts and the plugins of this folder). */
export type EsbuildPlugin = NonNullable<Options["esbuildPlugins"]>[number];
