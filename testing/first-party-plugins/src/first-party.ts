import type { MaiaPlugin } from "@maia/kernel";

/**
 * The first-party plugins a plugin's tests may run beside their own, by name. Loaded on demand, so that a test
 * file pays only for the plugins it names (the permissions plugin brings a shell grammar, context a tokenizer).
 */
const LOADERS = {
  "builtin-tools": () => import("@maia/plugin-builtin-tools"),
  context: () => import("@maia/plugin-context"),
  "file-refs": () => import("@maia/plugin-file-refs"),
  litellm: () => import("@maia/plugin-litellm"),
  memory: () => import("@maia/plugin-memory"),
  permissions: () => import("@maia/plugin-permissions"),
  sandbox: () => import("@maia/plugin-sandbox"),
  sessions: () => import("@maia/plugin-sessions"),
  skills: () => import("@maia/plugin-skills"),
} satisfies Record<string, () => Promise<{ default: unknown }>>;

export type FirstPartyName = keyof typeof LOADERS;

/** A real first-party plugin, as `createTestKernel` takes it: `await firstParty("litellm")`. */
export async function firstParty(name: FirstPartyName): Promise<MaiaPlugin<never, unknown>> {
  return (await LOADERS[name]()).default as unknown as MaiaPlugin<never, unknown>;
}
