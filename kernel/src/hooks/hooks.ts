import { AsyncSeriesBailHook, AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook } from "tapable";
import { HOOK_SPECS, type HookSpec, type KernelHookSpecs } from "../contracts/hooks.ts";

/** The tapable hook a spec stands for. */
export type TapableOf<S> =
  S extends HookSpec<infer Kind, infer Args, infer Result>
    ? Kind extends "waterfall" | "permission"
      ? AsyncSeriesWaterfallHook<Args>
      : Kind extends "bail"
        ? AsyncSeriesBailHook<Args, Result>
        : Kind extends "series"
          ? AsyncSeriesHook<Args>
          : SyncHook<Args>
    : never;

export type HooksOf<Specs> = { readonly [K in keyof Specs]: TapableOf<Specs[K]> };

/** The kernel's hooks, one tapable hook per entry of HOOK_SPECS (contracts/hooks.ts). */
export type HookTable = HooksOf<KernelHookSpecs>;

/** A frozen table of tapable hooks made from specs: the kernel's, or those a plugin owns. */
export function createHooks<Specs extends Record<string, HookSpec>>(specs: Specs): HooksOf<Specs> {
  const hooks = Object.entries(specs).map(([name, spec]) => {
    // tapable types the names as a tuple of the arguments' length; the specs' payloads keep them in step.
    const args = [...spec.args] as never;
    if (spec.kind === "bail") return [name, new AsyncSeriesBailHook(args)];
    if (spec.kind === "series") return [name, new AsyncSeriesHook(args)];
    return [name, spec.kind === "sync" ? new SyncHook(args) : new AsyncSeriesWaterfallHook(args)];
  });
  return Object.freeze(Object.fromEntries(hooks)) as HooksOf<Specs>;
}

export function createHookTable(): HookTable {
  return createHooks(HOOK_SPECS);
}
