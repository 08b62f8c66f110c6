import { ERROR_CODES, MaiaError } from "@maia/util/maia-error";
import { HOOK_SPECS, STAGE, type HookKind, type HookName, type HookSpec, type KernelHookSpecs, type PermissionCheck, type TriggersOf } from "../contracts/hooks.ts";
import { stricter } from "../permissions/verdict.ts";
import { createHooks, createHookTable, type HookTable, type HooksOf, type TapableOf } from "./hooks.ts";

/** The tap options a plugin may give: a name, or a name and a stage. */
export type TapOptions = string | { name: string; stage?: number; before?: string };

/** A hook as plugins see it: they may tap, never call (tapable's `withOptions` idea, with the plugin forced). */
export type TapOnlyHook<H> = Pick<H, Extract<keyof H, "tap" | "tapPromise">>;

type TapFn<H> = H extends { tap(options: string, fn: infer F): void } ? F : never;
type PromiseFn<H> = H extends { tapPromise(options: string, fn: infer F): void } ? F : never;

/**
 * A plugin-owned hook as everyone but its owner sees it: tap under your own name, never call. Each tap returns the
 * function that removes it, for a front end that follows one session.
 */
export type OwnedHookTaps<H> = { tap(name: TapOptions, fn: TapFn<H>): () => void } & ([PromiseFn<H>] extends [never]
  ? unknown
  : { tapPromise(name: TapOptions, fn: PromiseFn<H>): () => void });

/** The specs a plugin may declare hooks of its own with (`permission` is `checkPermission`'s alone). */
export type OwnedHookSpecs = Record<string, HookSpec<Exclude<HookKind, "permission">>>;

export interface OwnedHooks<Specs extends OwnedHookSpecs> {
  /** The hooks themselves: only the owner calls them. */
  readonly hooks: HooksOf<Specs>;
  /** What the owner hands out through its `api`. */
  readonly taps: { readonly [K in keyof Specs]: OwnedHookTaps<TapableOf<Specs[K]>> };
}

export type PluginHooks = { readonly [K in HookName]: TapOnlyHook<HookTable[K]> } & {
  /**
   * Declares hooks of this plugin's own, from specs (`hookSpec.series<[Event]>({…})`), once per `apply`: they are
   * named `<plugin>.<name>`, and instrumented and listed (`maia plugins list`) as the kernel's are.
   */
  own<Specs extends OwnedHookSpecs>(specs: Specs): OwnedHooks<Specs>;
};

/** The hooks plugins may call as well as tap (`callers: "plugins"` in HOOK_SPECS): `context.trigger.<hook>(…)`. */
export type PluginTriggers = TriggersOf<KernelHookSpecs>;

export type PluginErrorReporter = (error: MaiaError) => void;

interface TaggedTap {
  type: "sync" | "async" | "promise";
  fn: Function;
  name: string;
  stage?: number;
  plugin?: string;
}

interface Hook {
  intercept(interceptor: { register: (tap: never) => unknown }): void;
  taps: object[];
}

/**
 * The kernel's hook table, and the hooks plugins own, with one interceptor per hook (webpack's ProfilingPlugin
 * idea): every tap is tagged with its plugin, bounded by its hook's deadline, and its errors are attributed and
 * contained. Taps of a plugin that failed to load become no-ops, since tapable cannot remove a tap.
 */
export class InstrumentedHooks {
  readonly table: HookTable = createHookTable();
  readonly triggers: PluginTriggers;
  readonly #tapped = new Map<string, Set<string>>();
  readonly #owned = new Map<string, string[]>();
  readonly #disabled = new Set<string>();
  readonly #removed = new WeakSet<object>();
  readonly #policyPlugins = new Set<string>();
  readonly #report: PluginErrorReporter;
  readonly #deadlines: Readonly<Record<string, number>>;
  #lastWrapped: object | undefined;

  /** `deadlines` replaces the specs' deadlines of some hooks (tests use short ones), by name (`plugin.hook` if owned). */
  constructor(report: PluginErrorReporter, deadlines: Readonly<Record<string, number>> = {}) {
    this.#report = report;
    this.#deadlines = deadlines;
    this.#intercept(this.table, HOOK_SPECS, "");
    const triggers = Object.entries(HOOK_SPECS).flatMap(([name, spec]) => {
      if (spec.callers !== "plugins") return [];
      const hook = this.table[name as HookName] as unknown as { call(...args: unknown[]): unknown; promise(...args: unknown[]): unknown };
      return [[name, spec.kind === "sync" ? (...args: unknown[]) => hook.call(...args) : (...args: unknown[]) => hook.promise(...args)]];
    });
    this.triggers = Object.freeze(Object.fromEntries(triggers)) as PluginTriggers;
  }

  /** The hooks a plugin receives: each tap it makes carries its name, whatever options it passes. */
  facadeFor(plugin: string): PluginHooks {
    const facade: Record<string, object> = {};
    for (const name of Object.keys(HOOK_SPECS) as HookName[]) {
      const hook = this.table[name] as unknown as Record<string, (options: object, fn: Function) => void>;
      const tagged = (options: TapOptions) => ({ ...(typeof options === "string" ? { name: options } : options), plugin });
      const entry: Record<string, Function> = { tap: (options: TapOptions, fn: Function) => hook.tap?.(tagged(options), fn) };
      if (typeof hook.tapPromise === "function") entry.tapPromise = (options: TapOptions, fn: Function) => hook.tapPromise?.(tagged(options), fn);
      facade[name] = Object.freeze(entry);
    }
    facade.own = (specs: OwnedHookSpecs) => this.own(plugin, specs);
    return Object.freeze(facade) as unknown as PluginHooks;
  }

  /** Makes a plugin's own hooks (`<plugin>.<name>`), instrumented as the kernel's. */
  own<Specs extends OwnedHookSpecs>(plugin: string, specs: Specs): OwnedHooks<Specs> {
    if (this.#owned.has(plugin)) throw new MaiaError(ERROR_CODES.DUPLICATE_REGISTRATION, `${plugin} declared its own hooks twice`, { plugin });
    const hooks = createHooks(specs);
    this.#intercept(hooks as unknown as Record<string, Hook>, specs, `${plugin}.`);
    this.#owned.set(plugin, Object.keys(specs).map((name) => `${plugin}.${name}`));
    const taps = Object.entries(hooks as unknown as Record<string, Hook>).map(([name, hook]) => [name, this.#removable(hook)]);
    return { hooks, taps: Object.freeze(Object.fromEntries(taps)) as OwnedHooks<Specs>["taps"] };
  }

  /** Lets this plugin's POLICY-stage `checkPermission` taps answer "allow" (the permissions plugin only). */
  grantPolicy(plugin: string): void {
    this.#policyPlugins.add(plugin);
  }

  disable(plugin: string): void {
    this.#disabled.add(plugin);
  }

  /** The hooks a plugin tapped (a plugin's own hook as `plugin.hook`), for `maia plugins list`. */
  hooksOf(plugin: string): string[] {
    return [...(this.#tapped.get(plugin) ?? [])];
  }

  /** The hooks a plugin declared of its own, for `maia plugins list`. */
  ownedBy(plugin: string): string[] {
    return [...(this.#owned.get(plugin) ?? [])];
  }

  #intercept(hooks: Readonly<Record<string, unknown>>, specs: Readonly<Record<string, HookSpec>>, prefix: string): void {
    for (const [name, spec] of Object.entries(specs)) {
      const label = prefix + name;
      const deadline = this.#deadlines[label] ?? spec.deadlineMs;
      (hooks[name] as Hook).intercept({ register: ((tap: TaggedTap) => this.#wrap(tap, label, spec.kind, deadline)) as (tap: never) => unknown });
    }
  }

  /** A tap-only view of an owned hook whose taps can be removed (a no-op at once, out of the list for the next call). */
  #removable(hook: Hook): object {
    const methods = hook as unknown as Record<string, ((options: object, fn: unknown) => void) | undefined>;
    const facade: Record<string, (options: TapOptions, fn: unknown) => () => void> = {};
    for (const method of ["tap", "tapPromise"] as const) {
      const register = methods[method];
      if (typeof register !== "function") continue;
      facade[method] = (options, fn) => {
        this.#lastWrapped = undefined;
        register.call(hook, typeof options === "string" ? { name: options } : options, fn);
        const tap = this.#lastWrapped;
        return () => {
          if (tap === undefined || this.#removed.has(tap)) return;
          this.#removed.add(tap);
          const index = hook.taps.indexOf(tap);
          if (index >= 0) hook.taps.splice(index, 1);
        };
      };
    }
    return Object.freeze(facade);
  }

  #wrap(tap: TaggedTap, hook: string, kind: HookKind, deadline: number | undefined): TaggedTap {
    const plugin = tap.plugin ?? tap.name;
    let tapped = this.#tapped.get(plugin);
    if (!tapped) this.#tapped.set(plugin, (tapped = new Set()));
    tapped.add(hook);
    this.#lastWrapped = tap;
    const original = tap.fn;
    const mayAllow = () => this.#policyPlugins.has(plugin) && tap.stage === STAGE.POLICY;
    const skip = (args: unknown[]) => (kind === "waterfall" || kind === "permission" ? args[0] : undefined);
    const skipped = () => this.#disabled.has(plugin) || this.#removed.has(tap);
    const onError = (error: unknown, args: unknown[]) => {
      // A configuration error (a broken settings.json) is the user's to fix, not a plugin bug: it reaches
      // the front end with its own message. Never in checkPermission, which fails closed instead.
      if (kind !== "permission" && isConfigurationError(error)) throw error;
      this.#report(new MaiaError(ERROR_CODES.PLUGIN_RUNTIME, `${plugin} (${hook}): ${describe(error)}`, { plugin, hook, cause: error }));
      if (kind !== "permission") return skip(args);
      const check = args[0] as PermissionCheck;
      return {
        ...check,
        verdict: stricter(check.verdict, { decision: "ask", reason: `${plugin}: ${describe(error)}`, source: plugin }),
      };
    };
    // A permission tap sees a frozen copy, so it can only answer through its return value (never by mutating).
    const guard = (args: unknown[]) =>
      kind === "permission" ? [Object.freeze({ ...(args[0] as PermissionCheck) }), ...args.slice(1)] : args;
    const settle = (result: unknown, args: unknown[]) =>
      kind === "permission" ? mergeVerdict(args[0] as PermissionCheck, result, mayAllow()) : result;

    if (tap.type === "promise") {
      tap.fn = async (...args: unknown[]) => {
        if (skipped()) return skip(args);
        try {
          const running = original(...guard(args)) as Promise<unknown>;
          return settle(await (deadline === undefined ? running : withDeadline(running, deadline, plugin, hook)), args);
        } catch (error) {
          return onError(error, args);
        }
      };
    } else if (tap.type === "sync") {
      tap.fn = (...args: unknown[]) => {
        if (skipped()) return skip(args);
        try {
          return settle(original(...guard(args)), args);
        } catch (error) {
          return onError(error, args);
        }
      };
    }
    // Callback-style taps are not offered to plugins (the facades have no tapAsync), so nothing else to wrap.
    return tap;
  }
}

/**
 * The tap's promise, or a rejection naming the plugin and the hook once `ms` have passed. The late promise
 * goes on (nothing can stop it) but its result is ignored, and its rejection is caught so it is not reported
 * as unhandled.
 */
function withDeadline(running: Promise<unknown>, ms: number, plugin: string, hook: string): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new MaiaError(ERROR_CODES.HOOK_TIMEOUT, `did not settle within ${formatDeadline(ms)}`, { plugin, hook }));
    }, ms);
  });
  running.catch(() => undefined);
  return Promise.race([running, late]).finally(() => clearTimeout(timer));
}

function formatDeadline(ms: number): string {
  return ms >= 60_000 ? `${ms / 60_000} min` : ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

/** A permission tap's answer folded into the chain: only ever stricter, `allow` only from the policy tap. */
function mergeVerdict(before: PermissionCheck, result: unknown, mayAllow: boolean): PermissionCheck {
  const proposed = (result as PermissionCheck | undefined)?.verdict;
  if (!proposed || proposed === before.verdict) return before;
  if (proposed.decision === "allow" && !mayAllow) return before;
  if (proposed.decision === "allow") return { ...before, verdict: before.verdict ?? proposed };
  return { ...before, verdict: stricter(before.verdict, proposed) };
}

function isConfigurationError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return code === ERROR_CODES.SETTINGS || code === ERROR_CODES.CONFIG;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
