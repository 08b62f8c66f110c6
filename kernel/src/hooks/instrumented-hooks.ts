import { monotonicMs } from "@maia/util/clock";
import type { PermissionCheck } from "../contracts/session.ts";
import { ERROR_CODES, MaiaError } from "@maia/util/maia-error";
import { stricter } from "../permissions/verdict.ts";
import { createHookTable, HOOK_DEADLINES_MS, HOOK_KINDS, STAGE, type HookKind, type HookName, type HookTable } from "./hooks.ts";

/** The tap options a plugin may give: a name, or a name and a stage. */
export type TapOptions = string | { name: string; stage?: number; before?: string };

/** A hook as plugins see it: they may tap, never call (tapable's `withOptions` idea, with the plugin forced). */
export type TapOnlyHook<H> = Pick<H, Extract<keyof H, "tap" | "tapPromise">>;
export type PluginHooks = { readonly [K in HookName]: TapOnlyHook<HookTable[K]> };

export interface TapStats {
  calls: number;
  totalMs: number;
  errors: number;
}

export type PluginErrorReporter = (error: MaiaError) => void;

interface TaggedTap {
  type: "sync" | "async" | "promise";
  fn: Function;
  name: string;
  stage?: number;
  plugin?: string;
}

/**
 * The hook table plus one interceptor per hook (webpack's ProfilingPlugin idea): every tap is tagged with its
 * plugin, timed, and its errors are attributed and contained. Taps of a plugin that failed to load become
 * no-ops, since tapable cannot remove a tap.
 */
export class InstrumentedHooks {
  readonly table: HookTable = createHookTable();
  readonly #stats = new Map<string, Map<HookName, TapStats>>();
  readonly #disabled = new Set<string>();
  readonly #policyPlugins = new Set<string>();
  readonly #report: PluginErrorReporter;
  readonly #deadlines: Record<HookName, number | undefined>;

  /** `deadlines` replaces some of HOOK_DEADLINES_MS (tests use short ones). */
  constructor(report: PluginErrorReporter, deadlines: Partial<Record<HookName, number>> = {}) {
    this.#report = report;
    this.#deadlines = { ...HOOK_DEADLINES_MS, ...deadlines };
    for (const name of Object.keys(this.table) as HookName[]) {
      this.table[name].intercept({
        register: (tap) => this.#wrap(tap as TaggedTap, name, HOOK_KINDS[name]) as typeof tap,
      });
    }
  }

  /** The hooks a plugin receives: each tap it makes carries its name, whatever options it passes. */
  facadeFor(plugin: string): PluginHooks {
    const facade: Record<string, object> = {};
    for (const name of Object.keys(this.table) as HookName[]) {
      const hook = this.table[name] as unknown as Record<string, (options: object, fn: Function) => void>;
      const tagged = (options: TapOptions) => ({
        ...(typeof options === "string" ? { name: options } : options),
        plugin,
      });
      const entry: Record<string, Function> = {
        tap: (options: TapOptions, fn: Function) => hook.tap?.(tagged(options), fn),
      };
      if (typeof hook.tapPromise === "function") {
        entry.tapPromise = (options: TapOptions, fn: Function) => hook.tapPromise?.(tagged(options), fn);
      }
      facade[name] = Object.freeze(entry);
    }
    return Object.freeze(facade) as unknown as PluginHooks;
  }

  /** Lets this plugin's POLICY-stage `checkPermission` taps answer "allow" (the permissions plugin only). */
  grantPolicy(plugin: string): void {
    this.#policyPlugins.add(plugin);
  }

  disable(plugin: string): void {
    this.#disabled.add(plugin);
  }

  /** The hooks a plugin tapped, for `maia plugins list`. */
  hooksOf(plugin: string): HookName[] {
    return [...(this.#stats.get(plugin)?.keys() ?? [])];
  }

  statsOf(plugin: string): ReadonlyMap<HookName, TapStats> {
    return this.#stats.get(plugin) ?? new Map();
  }

  #statsFor(plugin: string, hook: HookName): TapStats {
    let perHook = this.#stats.get(plugin);
    if (!perHook) this.#stats.set(plugin, (perHook = new Map()));
    let stats = perHook.get(hook);
    if (!stats) perHook.set(hook, (stats = { calls: 0, totalMs: 0, errors: 0 }));
    return stats;
  }

  #wrap(tap: TaggedTap, hook: HookName, kind: HookKind): TaggedTap {
    const plugin = tap.plugin ?? tap.name;
    const stats = this.#statsFor(plugin, hook);
    const original = tap.fn;
    const mayAllow = () => this.#policyPlugins.has(plugin) && tap.stage === STAGE.POLICY;
    const skip = (args: unknown[]) => (kind === "waterfall" || kind === "permission" ? args[0] : undefined);
    const onError = (error: unknown, args: unknown[]) => {
      // A configuration error (a broken settings.json) is the user's to fix, not a plugin bug: it reaches
      // the front end with its own message. Never in checkPermission, which fails closed instead.
      if (kind !== "permission" && isConfigurationError(error)) throw error;
      stats.errors += 1;
      this.#report(
        new MaiaError(ERROR_CODES.PLUGIN_RUNTIME, `${plugin} (${hook}): ${describe(error)}`, {
          plugin,
          hook,
          cause: error,
        }),
      );
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

    const deadline = this.#deadlines[hook];
    if (tap.type === "promise") {
      tap.fn = async (...args: unknown[]) => {
        if (this.#disabled.has(plugin)) return skip(args);
        const started = monotonicMs();
        stats.calls += 1;
        try {
          const running = original(...guard(args)) as Promise<unknown>;
          return settle(await (deadline === undefined ? running : withDeadline(running, deadline, plugin, hook)), args);
        } catch (error) {
          return onError(error, args);
        } finally {
          stats.totalMs += monotonicMs() - started;
        }
      };
    } else if (tap.type === "sync") {
      tap.fn = (...args: unknown[]) => {
        if (this.#disabled.has(plugin)) return skip(args);
        const started = monotonicMs();
        stats.calls += 1;
        try {
          return settle(original(...guard(args)), args);
        } catch (error) {
          return onError(error, args);
        } finally {
          stats.totalMs += monotonicMs() - started;
        }
      };
    }
    // Callback-style taps are not offered to plugins (the facade has no tapAsync), so nothing else to wrap.
    return tap;
  }
}

/**
 * The tap's promise, or a rejection naming the plugin and the hook once `ms` have passed. The late promise
 * goes on (nothing can stop it) but its result is ignored, and its rejection is caught so it is not reported
 * as unhandled.
 */
function withDeadline(running: Promise<unknown>, ms: number, plugin: string, hook: HookName): Promise<unknown> {
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
