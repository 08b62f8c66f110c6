import type { InputPrefix, SlashCommand, Subcommand } from "../contracts/commands.ts";
import type { JsonSchema } from "../contracts/provider.ts";
import type { FrontEnd } from "../contracts/session.ts";
import type { Locale } from "@maia/util/i18n";
import type { PluginHooks, PluginTriggers } from "../hooks/instrumented-hooks.ts";

/** Which plugin logged a line: the host passes it with what a plugin's `context.log` says, for front ends to show. */
export interface LogOrigin {
  plugin: string;
}

export interface PluginLogger {
  info(message: string, origin?: LogOrigin): void;
  warn(message: string, origin?: LogOrigin): void;
  error(message: string): void;
  debug(message: string): void;
}

/** Facts about the process a plugin runs in. */
export interface RuntimeInfo {
  /** The launch folder (seed § 5.2). */
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  frontEnd: FrontEnd;
  locale: Locale;
  kernelVersion: string;
  /** Allow rules given on the command line for this run (`--allow 'Bash(npm test)'`). */
  allowRules: readonly string[];
  /**
   * A conversation starts once the plugins are applied (`maia`, `-p`, ACP, a sub-agent), as opposed to a
   * subcommand (`maia plugins`, `maia checkpoints`…): a plugin may start the network work the first request will
   * need while the others load (LiteLLM's `/model/info`). Absent: no conversation.
   */
  conversation?: boolean;
}

export interface Registrar<T> {
  register(item: T): void;
}

/** What a plugin other than this one exposes through its `api`. */
export interface PluginHandle<Api = unknown> {
  name: string;
  version: string;
  api: Api | undefined;
}

/** Everything `apply` receives. First-party plugins get exactly this, nothing more. */
export interface PluginContext {
  readonly name: string;
  readonly hooks: PluginHooks;
  readonly commands: Registrar<SlashCommand>;
  readonly prefixes: Registrar<InputPrefix>;
  readonly subcommands: Registrar<Subcommand>;
  readonly plugins: {
    get<Api = unknown>(name: string): PluginHandle<Api> | undefined;
    /** The active plugins, in the order they were applied (the doctor asks each API that reports). */
    list(): PluginHandle[];
  };
  readonly log: PluginLogger;
  readonly runtime: RuntimeInfo;
  /**
   * The hooks a plugin may call as well as tap (`callers: "plugins"` in HOOK_SPECS): the plugin that replaced a
   * conversation by its summary announces it (`onCompact`) and asks the sections of the new starting context's
   * prompt (`systemPrompt`); one that changed the conversation asks for a recount (`contextChanged`).
   */
  readonly trigger: PluginTriggers;
}

export interface MaiaPlugin<Options = Record<string, unknown>, Api = unknown> {
  /** Unique; a third-party plugin uses its npm package name. */
  name: string;
  version: string;
  /** Semver range of the kernel this plugin works with, e.g. "^1.0.0". */
  kernel: string;
  description?: string;
  /** Applied after these; a missing or cyclic dependency makes this plugin fail, named. */
  dependencies?: string[];
  /** Tier around the first-party plugins (Vite's `enforce`). */
  enforce?: "pre" | "post";
  /** JSON Schema of the options; checked with ajv, defaults applied, before `apply`. */
  optionsSchema?: JsonSchema;
  /**
   * Taps hooks and registers commands. May return this instance's API (state tied to this kernel, such as
   * settings read from this launch folder); it then replaces the static `api` below.
   */
  apply(context: PluginContext, options: Options): void | Api | Promise<void | Api>;
  /** What other plugins may call through `context.plugins.get(name)?.api`. */
  api?: Api;
}

/** Identity at run time; gives plugin authors type checking and completion. */
export function definePlugin<Options = Record<string, unknown>, Api = unknown>(
  plugin: MaiaPlugin<Options, Api>,
): MaiaPlugin<Options, Api> {
  return plugin;
}
