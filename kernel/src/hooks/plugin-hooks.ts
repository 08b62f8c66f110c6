import { monotonicMs } from "@maia/util/clock";
import { ERROR_CODES, MaiaError } from "@maia/util/maia-error";
import type { TapStats } from "./instrumented-hooks.ts";

/** What the helper needs of a tapable hook: taps to register, and an interceptor to wrap them. */
interface TappableHook {
  tap(options: string, fn: never): void;
  intercept(interceptor: { register?: (tap: never) => unknown }): void;
  taps: Array<{ name: string }>;
}

type TapFn<H> = H extends { tap(options: string, fn: infer F): void } ? F : never;
type PromiseFn<H> = H extends { tapPromise(options: string, fn: infer F): void } ? F : never;

/**
 * A plugin-owned hook as everyone but its owner sees it (the kernel's tap-only facade): tap under your own name,
 * never call. Each tap returns the function that removes it, for a front end that follows one session.
 */
export type OwnedHookTaps<H> = { tap(name: string, fn: TapFn<H>): () => void } & ([PromiseFn<H>] extends [never]
  ? unknown
  : { tapPromise(name: string, fn: PromiseFn<H>): () => void });

export interface PluginHookSet<T> {
  /** The hooks themselves: only the owner calls them. */
  readonly hooks: T;
  /** What the owner hands out through its `api`. */
  readonly taps: { readonly [K in keyof T]: OwnedHookTaps<T[K]> };
  /** Calls, time and errors of one tapper's taps, per hook (as `InstrumentedHooks.statsOf`). */
  statsOf(tapper: string): ReadonlyMap<string, TapStats>;
}

export interface PluginHookOptions {
  /** Where a tap that throws is reported; it is skipped and the others still run, as in the kernel's hooks. */
  report(error: MaiaError): void;
}

interface WrappedTap {
  type: string;
  name: string;
  fn: (...args: unknown[]) => unknown;
}

/**
 * Extension points a plugin offers of its own, without growing the kernel's table (webpack's
 * `JavascriptModulesPlugin.getCompilationHooks`): `definePluginHooks("shell", () => ({ ran: new SyncHook(...) }))`
 * at module level, then `.of(context, options)` in `apply`. The hooks are made once per owner — a WeakMap keyed
 * by the plugin's context, so each kernel has its own and they go with it — and every tap is named, timed and
 * contained like a kernel tap: an error is reported as MAIA_PLUGIN_ERROR naming the tapper and `plugin.hook`.
 */
export function definePluginHooks<T extends Record<string, TappableHook>>(plugin: string, create: () => T) {
  const made = new WeakMap<object, PluginHookSet<T>>();
  return {
    of(owner: object, options: PluginHookOptions): PluginHookSet<T> {
      let set = made.get(owner);
      if (!set) made.set(owner, (set = instrument(plugin, create(), options)));
      return set;
    },
  };
}

function instrument<T extends Record<string, TappableHook>>(plugin: string, hooks: T, options: PluginHookOptions): PluginHookSet<T> {
  const stats = new Map<string, Map<string, TapStats>>();
  const statsFor = (tapper: string, hook: string): TapStats => {
    let perHook = stats.get(tapper);
    if (!perHook) stats.set(tapper, (perHook = new Map()));
    let entry = perHook.get(hook);
    if (!entry) perHook.set(hook, (entry = { calls: 0, totalMs: 0, errors: 0 }));
    return entry;
  };
  const removed = new WeakSet<object>();
  const taps: Record<string, object> = {};
  let lastRegistered: object | undefined;
  for (const [hookName, hook] of Object.entries(hooks)) {
    const qualified = `${plugin}.${hookName}`;
    hook.intercept({
      register: ((tap: WrappedTap) => {
        const entry = statsFor(tap.name, hookName);
        const original = tap.fn;
        const failed = (error: unknown): undefined => {
          entry.errors += 1;
          const message = error instanceof Error ? error.message : String(error);
          options.report(new MaiaError(ERROR_CODES.PLUGIN_RUNTIME, `${tap.name} (${qualified}): ${message}`, { plugin: tap.name, hook: qualified, cause: error }));
          // Undefined is neutral for every kind of hook: no bail, the waterfall's value unchanged.
          return undefined;
        };
        const self = tap;
        lastRegistered = tap;
        tap.fn =
          tap.type === "promise"
            ? async (...args: unknown[]) => {
                if (removed.has(self)) return undefined;
                const started = monotonicMs();
                entry.calls += 1;
                try {
                  return await original(...args);
                } catch (error) {
                  return failed(error);
                } finally {
                  entry.totalMs += monotonicMs() - started;
                }
              }
            : (...args: unknown[]) => {
                if (removed.has(self)) return undefined;
                const started = monotonicMs();
                entry.calls += 1;
                try {
                  return original(...args);
                } catch (error) {
                  return failed(error);
                } finally {
                  entry.totalMs += monotonicMs() - started;
                }
              };
        return tap;
      }) as (tap: never) => unknown,
    });
    const asCallable = hook as unknown as Record<string, ((options: string, fn: unknown) => void) | undefined>;
    const facade: Record<string, (name: string, fn: unknown) => () => void> = {};
    for (const method of ["tap", "tapPromise"] as const) {
      const register = asCallable[method];
      if (typeof register !== "function") continue;
      facade[method] = (name, fn) => {
        lastRegistered = undefined;
        register.call(hook, name, fn);
        const tap = lastRegistered;
        return () => {
          // tapable cannot remove a tap: this one becomes a no-op now and leaves the list, which the hook reads
          // again the next time anything taps it.
          if (tap === undefined || removed.has(tap)) return;
          removed.add(tap);
          const index = hook.taps.indexOf(tap as (typeof hook.taps)[number]);
          if (index >= 0) hook.taps.splice(index, 1);
        };
      };
    }
    taps[hookName] = Object.freeze(facade);
  }
  return {
    hooks,
    taps: Object.freeze(taps) as PluginHookSet<T>["taps"],
    statsOf: (tapper) => stats.get(tapper) ?? new Map(),
  };
}
