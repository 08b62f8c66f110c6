import { monotonicMs } from "@maia/util/clock";
import type { InputPrefix, SlashCommand, Subcommand } from "../contracts/commands.ts";
import { ERROR_CODES, MaiaError, errorMessage, type ErrorCode } from "@maia/util/maia-error";
import type { InstrumentedHooks } from "../hooks/instrumented-hooks.ts";
import { describeErrors, validatorFor } from "@maia/util/validation";
import { KERNEL_VERSION, checkPluginModule } from "./check-plugin.ts";
import type { MaiaPlugin, PluginContext, PluginHandle, PluginLogger, RuntimeInfo } from "./define-plugin.ts";
import { orderPlugins } from "./plugin-order.ts";
import { Registry } from "@maia/util/registry";

export type PluginSource = "builtin" | "npm" | "path";
export type PluginStage = "resolve" | "import" | "shape" | "options" | "order" | "apply";

/** A plugin the configuration names, before anything of it is loaded. */
export interface PluginCandidate {
  name: string;
  source: PluginSource;
  enabled: boolean;
  options?: unknown;
  /** Finds the module (a path or URL); throws when it cannot be found. */
  resolve(): Promise<string>;
  /** Imports what `resolve` found. */
  import(location: string): Promise<unknown>;
}

/** The outcome per plugin (`maia plugins list`). */
export interface PluginRecord {
  name: string;
  version?: string;
  source: PluginSource;
  state: "active" | "disabled" | "failed";
  stage?: PluginStage;
  code?: ErrorCode;
  reason?: string;
  description?: string;
  /** The hooks it tapped: the kernel's, and other plugins' own (`plugin.hook`). */
  hooks: string[];
  /** The hooks it declared of its own (`context.hooks.own`), as `plugin.hook`. */
  owns: string[];
  loadMs: number;
  /** What the plugin logged through `context.log` so far (load included). */
  logs: LogCounts;
}

export interface LogCounts {
  info: number;
  warn: number;
}

export interface LoadOptions {
  /** Per-plugin limit for `apply` (avvio's pluginTimeout). */
  applyTimeoutMs?: number;
  /** `--strict-plugins`: the first failure throws instead of being reported. */
  strict?: boolean;
}

interface Loaded {
  candidate: PluginCandidate;
  plugin: MaiaPlugin<unknown, unknown>;
  options: unknown;
  started: number;
  spentMs: number;
}

export { KERNEL_VERSION };
/** Only this first-party plugin may answer "allow" in `checkPermission` (see hooks.ts). */
export const POLICY_PLUGIN = "permissions";

/**
 * Loads plugins stage by stage (resolve → import → shape and kernel range → options → order → apply), each
 * stage producing a result, so that one broken plugin is a record with a reason and never takes MAIA down.
 * `load` never throws unless `strict` is set.
 */
export class PluginHost {
  readonly commands = new Registry<SlashCommand>("command", (command) => command.name);
  readonly prefixes = new Registry<InputPrefix>("input prefix", (prefix) => prefix.prefix);
  readonly subcommands = new Registry<Subcommand>("subcommand", (subcommand) => subcommand.name);
  readonly #records = new Map<string, PluginRecord>();
  readonly #active = new Map<string, MaiaPlugin<unknown, unknown>>();
  readonly #apis = new Map<string, unknown>();
  readonly #logCounts = new Map<string, LogCounts>();
  readonly #hooks: InstrumentedHooks;
  readonly #runtime: RuntimeInfo;
  readonly #log: PluginLogger;

  constructor(hooks: InstrumentedHooks, runtime: RuntimeInfo, log: PluginLogger) {
    this.#hooks = hooks;
    this.#runtime = runtime;
    this.#log = log;
  }

  records(): PluginRecord[] {
    return [...this.#records.values()].map((record) => ({ ...record, logs: { ...this.#countsOf(record.name) } }));
  }

  #countsOf(name: string): LogCounts {
    let counts = this.#logCounts.get(name);
    if (!counts) this.#logCounts.set(name, (counts = { info: 0, warn: 0 }));
    return counts;
  }

  get<Api = unknown>(name: string): PluginHandle<Api> | undefined {
    const plugin = this.#active.get(name);
    if (!plugin) return undefined;
    const api = this.#apis.has(name) ? this.#apis.get(name) : plugin.api;
    return { name: plugin.name, version: plugin.version, api: api as Api | undefined };
  }

  /** The active plugins, in the order they were applied. */
  list(): PluginHandle[] {
    return [...this.#active.keys()].flatMap((name) => {
      const handle = this.get(name);
      return handle ? [handle] : [];
    });
  }

  async load(candidates: readonly PluginCandidate[], options: LoadOptions = {}): Promise<PluginRecord[]> {
    const loaded: Loaded[] = [];
    const seen = new Set<string>();
    for (const candidate of candidates) {
      if (seen.has(candidate.name)) {
        this.#fail(candidate, "resolve", ERROR_CODES.PLUGIN_DUPLICATE, "listed twice", 0, options);
        continue;
      }
      seen.add(candidate.name);
      if (!candidate.enabled) {
        this.#records.set(candidate.name, { name: candidate.name, source: candidate.source, state: "disabled", hooks: [], owns: [], loadMs: 0, logs: { info: 0, warn: 0 } });
        continue;
      }
      const result = await this.#prepare(candidate, options);
      if (result) loaded.push(result);
    }

    const { ordered, failures } = orderPlugins(
      loaded.map(({ plugin }) => ({ name: plugin.name, enforce: plugin.enforce, dependencies: plugin.dependencies ?? [] })),
    );
    const byName = new Map(loaded.map((entry) => [entry.plugin.name, entry]));
    for (const [name, failure] of failures) {
      const entry = byName.get(name);
      if (!entry) continue;
      const code = failure.kind === "cycle" ? ERROR_CODES.PLUGIN_CYCLE : ERROR_CODES.PLUGIN_DEPENDENCY;
      this.#fail(entry.candidate, "order", code, failure.reason, entry.spentMs, options, entry.plugin);
    }
    for (const name of ordered) {
      const entry = byName.get(name);
      if (!entry) continue;
      const missing = (entry.plugin.dependencies ?? []).find((dep) => !this.#active.has(dep));
      if (missing !== undefined) {
        const reason = `depends on "${missing}", which failed`;
        this.#fail(entry.candidate, "order", ERROR_CODES.PLUGIN_DEPENDENCY, reason, entry.spentMs, options, entry.plugin);
        continue;
      }
      await this.#apply(entry, options);
    }
    return this.records();
  }

  async #prepare(candidate: PluginCandidate, options: LoadOptions): Promise<Loaded | undefined> {
    const started = monotonicMs();
    const spent = () => monotonicMs() - started;
    let location: string;
    try {
      location = await candidate.resolve();
    } catch (error) {
      this.#fail(candidate, "resolve", ERROR_CODES.PLUGIN_NOT_FOUND, errorMessage(error), spent(), options);
      return undefined;
    }
    let module: unknown;
    try {
      module = await candidate.import(location);
    } catch (error) {
      this.#fail(candidate, "import", ERROR_CODES.PLUGIN_IMPORT, errorMessage(error), spent(), options);
      return undefined;
    }
    const checked = checkPluginModule(module, candidate.source === "path" ? undefined : candidate.name);
    if (!checked.ok) {
      this.#fail(candidate, "shape", checked.code, checked.reason, spent(), options);
      return undefined;
    }
    const valid = checked.plugin;
    const withOptions = checkOptions(valid, candidate.options);
    if (typeof withOptions === "string") {
      this.#fail(candidate, "options", ERROR_CODES.PLUGIN_OPTIONS, withOptions, spent(), options, valid);
      return undefined;
    }
    return { candidate, plugin: valid, options: withOptions.value, started, spentMs: spent() };
  }

  async #apply(entry: Loaded, options: LoadOptions): Promise<void> {
    const { plugin, candidate } = entry;
    const started = monotonicMs();
    if (plugin.name === POLICY_PLUGIN && candidate.source === "builtin") this.#hooks.grantPolicy(plugin.name);
    const context = this.#contextFor(plugin.name);
    const timeoutMs = options.applyTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    let api: unknown;
    try {
      api = await Promise.race([
        Promise.resolve().then(() => plugin.apply(context, entry.options)),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new MaiaError(ERROR_CODES.PLUGIN_TIMEOUT, `apply did not finish within ${timeoutMs} ms`)),
            timeoutMs,
          );
          timer.unref();
        }),
      ]);
    } catch (error) {
      const code = error instanceof MaiaError ? error.code : ERROR_CODES.PLUGIN_APPLY;
      this.#hooks.disable(plugin.name);
      for (const registry of [this.commands, this.prefixes, this.subcommands]) registry.removeOwner(plugin.name);
      this.#fail(candidate, "apply", code, errorMessage(error), entry.spentMs + monotonicMs() - started, options, plugin);
      return;
    } finally {
      clearTimeout(timer);
    }
    this.#active.set(plugin.name, plugin);
    if (api !== undefined && api !== null) this.#apis.set(plugin.name, api);
    this.#records.set(plugin.name, {
      name: plugin.name,
      version: plugin.version,
      source: candidate.source,
      state: "active",
      description: plugin.description,
      hooks: this.#hooks.hooksOf(plugin.name),
      owns: this.#hooks.ownedBy(plugin.name),
      loadMs: round(entry.spentMs + monotonicMs() - started),
      logs: this.#countsOf(plugin.name),
    });
  }

  #contextFor(name: string): PluginContext {
    const registrar = <T>(registry: Registry<T>) => ({ register: (item: T) => registry.add(item, name) });
    return Object.freeze({
      name,
      hooks: this.#hooks.facadeFor(name),
      commands: registrar(this.commands),
      prefixes: registrar(this.prefixes),
      subcommands: registrar(this.subcommands),
      plugins: { get: <Api>(other: string) => this.get<Api>(other), list: () => this.list() },
      log: attributedLogger(this.#log, name, this.#countsOf(name)),
      runtime: this.#runtime,
      trigger: this.#hooks.triggers,
    });
  }

  #fail(
    candidate: PluginCandidate,
    stage: PluginStage,
    code: ErrorCode,
    reason: string,
    spentMs: number,
    options: LoadOptions,
    plugin?: MaiaPlugin<unknown, unknown>,
  ): void {
    const message = `plugin ${candidate.name} failed at ${stage}: ${reason}`;
    if (options.strict) throw new MaiaError(code, message, { plugin: candidate.name });
    this.#log.warn(message);
    // The first record of a name wins: a duplicate entry must not hide the real plugin's state.
    if (code === ERROR_CODES.PLUGIN_DUPLICATE && this.#records.has(candidate.name)) return;
    this.#records.set(candidate.name, {
      name: candidate.name,
      version: plugin?.version,
      source: candidate.source,
      state: "failed",
      stage,
      code,
      reason,
      description: plugin?.description,
      hooks: [],
      owns: [],
      loadMs: round(spentMs),
      logs: this.#countsOf(candidate.name),
    });
  }
}

/** Validates a copy of the options (defaults applied by ajv); a string is the problem, for the user. */
function checkOptions(plugin: MaiaPlugin<unknown, unknown>, raw: unknown): { value: unknown } | string {
  let value: unknown;
  try {
    value = structuredClone(raw ?? {});
  } catch {
    return "invalid options: they must be plain JSON values";
  }
  if (!plugin.optionsSchema) return { value };
  const validate = validatorFor(plugin.optionsSchema);
  if (validate(value)) return { value };
  return `invalid options: ${describeErrors(validate.errors, plugin.optionsSchema).join("; ")}`;
}

/** A plugin's `context.log`: its lines carry its name (front ends show it) and are counted (`maia plugins list`). */
function attributedLogger(log: PluginLogger, name: string, counts: LogCounts): PluginLogger {
  return {
    info: (message) => {
      counts.info += 1;
      log.info(message, { plugin: name });
    },
    warn: (message) => {
      counts.warn += 1;
      log.warn(message, { plugin: name });
    },
    error: (message) => log.error(`${name}: ${message}`),
    debug: (message) => log.debug(`${name}: ${message}`),
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
