/**
 * The first-party plugins, in the order they are applied when nothing else decides. Each is imported only
 * when enabled (a disabled plugin is neither imported nor validated), and each import is its own chunk of
 * the bundle, so start-up pays only for what is on.
 */
export const BUILTIN_PLUGINS: ReadonlyArray<{ name: string; load: () => Promise<unknown> }> = [
  { name: "litellm", load: () => import("@maia/plugin-litellm") },
  { name: "context", load: () => import("@maia/plugin-context") },
  { name: "sessions", load: () => import("@maia/plugin-sessions") },
  { name: "compaction", load: () => import("@maia/plugin-compaction") },
];
