import { writeFileAtomic } from "@maia/util";
import path from "node:path";
import type { HubEventBus } from "../events.ts";
import type { BrowseResult, ConfigCurrent, ConfigSource, Problem, SaveResult, Validation } from "../protocol.ts";
import { browseFolder } from "./browse.ts";
import { ConfigError } from "./config-error.ts";
import { checkOpenable, DEFAULT_CONFIG_NAME, startFile } from "./config-file.ts";
import { ConfigWatch } from "./config-watch.ts";
import type { MaiaCommand } from "./default-config.ts";
import type { Environment } from "./expand-env.ts";
import { emptyConfig, type HubConfig } from "./hub-config.ts";
import { HUB_SCHEMA } from "./hub-schema.ts";
import { t } from "./messages.ts";
import { readConfigFile } from "./read-config-file.ts";
import { RecentFiles } from "./recent-files.ts";
import { writeSchemaFile } from "./schema-file.ts";
import { validateConfigText, type ValidationContext } from "./validate-config.ts";

export interface ConfigStoreOptions {
  events: HubEventBus;
  /** The user's home folder: `~/.maia/hub.json`, `~/.maia/hub-recent.json`, and `~/` in paths. */
  homeDir: string;
  /** Where `maia hub` was started: agents work there unless they say otherwise; relative paths given to the store are resolved there. */
  launchDir: string;
  /** The hub's environment: `${VAR}` in the file, PATH for commands. */
  env: Environment;
  /** `--config FILE`: that file, which must exist. */
  flagPath?: string;
  /** The default agent's launch, written into a new default file. */
  maiaCommand: MaiaCommand;
  /**
   * Called with the configuration to run with: once when a file is opened (at `ConfigStore.open` and at each `open`:
   * its configuration, or `emptyConfig()` when it is invalid), then at each valid reload. An invalid reload
   * does not call it: the last valid configuration stays in force.
   */
  onConfig: (config: HubConfig) => void;
  /** Notices that are not errors (a broken list of recent files); on standard error by default. */
  onWarning?: (message: string) => void;
  /** The file watch's debounce, in milliseconds (default 100). */
  debounceMs?: number;
}

interface Loaded {
  /** What the file held when last read (its text, or why it could not be read): a reload that sees the same does nothing. */
  seen: string;
  valid: boolean;
  problems: Problem[];
  warnings: Problem[];
}

/**
 * `ConfigService` of seed 001: which configuration file is in use, its text, its validation, its saving, the
 * watch on it, and the list of recent files. Every reload — from `save`, from an editor outside, from `open` —
 * emits `config:changed` exactly once; contents are compared, so the watch's spurious events and the echo of
 * our own saves emit nothing. Operations that touch the file run one at a time, in order.
 */
export class ConfigStore {
  private readonly options: ConfigStoreOptions;
  private readonly recentFiles: RecentFiles;
  private readonly defaultPath: string;
  private readonly warn: (message: string) => void;
  private file: string;
  private source: ConfigSource;
  private created: boolean;
  private loaded: Loaded = { seen: "", valid: false, problems: [], warnings: [] };
  private inForce: HubConfig = emptyConfig();
  private readonly watch: ConfigWatch;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  /**
   * The factory (the instance method `open(path)` is `ConfigService.Open`). Picks the file (config-file.ts:
   * `--config`, else the newest recent file, else `~/.maia/hub.json`, created when missing), loads it, calls
   * `onConfig`, and watches it. Throws a `ConfigError` for a `--config` file that does not exist (the CLI prints
   * it) or a default file that cannot be created.
   */
  static async open(options: ConfigStoreOptions): Promise<ConfigStore> {
    const warn = options.onWarning ?? ((message: string) => process.stderr.write(`${message}\n`));
    const maiaDir = path.join(options.homeDir, ".maia");
    const recentFiles = new RecentFiles(maiaDir, warn);
    const defaultPath = path.join(maiaDir, DEFAULT_CONFIG_NAME);
    const { file, source, created } = await startFile(options, recentFiles, defaultPath);
    // The schema beside the default file, which names it; a --config or recent file is the user's own business.
    if (source === "default") await writeSchemaFile(maiaDir);
    const store = new ConfigStore(options, { recentFiles, defaultPath, warn, file, source, created });
    store.load(true);
    store.watch.follow(file);
    return store;
  }

  private constructor(
    options: ConfigStoreOptions,
    state: {
      recentFiles: RecentFiles;
      defaultPath: string;
      warn: (message: string) => void;
      file: string;
      source: ConfigSource;
      created: boolean;
    },
  ) {
    this.options = options;
    this.recentFiles = state.recentFiles;
    this.defaultPath = state.defaultPath;
    this.warn = state.warn;
    this.file = state.file;
    this.source = state.source;
    this.created = state.created;
    this.watch = new ConfigWatch(
      (watched) =>
        this.serialized(async () => {
          // A reload queued for a file that has since been replaced by `open` is stale.
          if (this.closed || this.file !== watched) return;
          if (this.load(false)) this.emitChanged();
        }),
      options.debounceMs,
    );
  }

  /** `ConfigService.Current()`. Theme, language and channels are those of the configuration in force. */
  current(): ConfigCurrent {
    return {
      path: this.file,
      source: this.source,
      created: this.created,
      valid: this.loaded.valid,
      problems: [...this.loaded.problems],
      warnings: [...this.loaded.warnings],
      theme: this.inForce.theme,
      language: this.inForce.language,
      // Only what the page may see: a channel's token is a secret.
      channels: this.inForce.channels.map(({ name, agent }) => ({ name, agent })),
    };
  }

  /** The configuration in force (the last valid one of the file open, or `emptyConfig()`). */
  config(): HubConfig {
    return this.inForce;
  }

  /** The image file of an agent whose icon is a path (made absolute when loaded), for `/api/icon/<name>`; undefined for an emoji. */
  iconFile(agent: string): string | undefined {
    const icon = this.inForce.agents.find((definition) => definition.name === agent)?.icon;
    return icon && path.isAbsolute(icon) ? icon : undefined;
  }

  /** `ConfigService.Content()`: the file's text as it is on disk now ("" when it cannot be read). */
  content(): string {
    const read = readConfigFile(this.file);
    return read.ok ? read.text : "";
  }

  /** `ConfigService.Validate(text)`, against the file open (its folder, for relative paths). */
  validate(text: string): Validation {
    const { problems, warnings } = validateConfigText(text, this.context());
    return { problems, warnings };
  }

  /** `ConfigService.Save(text)`: written atomically (the file's mode kept) only when valid, then applied at once. */
  save(text: string): Promise<SaveResult> {
    return this.serialized(async () => {
      const validation = validateConfigText(text, this.context());
      if (!validation.config) return { saved: false, problems: validation.problems, warnings: validation.warnings };
      try {
        await writeFileAtomic(this.file, text);
      } catch (error) {
        throw new ConfigError(t("saveFailed", { file: this.file, cause: (error as NodeJS.ErrnoException).code ?? String(error) }));
      }
      // Applied from the text written rather than read back: the watch's echo then finds nothing new.
      this.apply({ seen: seenText(text), valid: true, problems: [], warnings: validation.warnings }, validation.config, false);
      this.emitChanged();
      return { saved: true, problems: [], warnings: validation.warnings };
    });
  }

  /** `ConfigService.Schema()`: a copy, so that no caller can change the schema the hub validates with. */
  schema(): Record<string, unknown> {
    return structuredClone(HUB_SCHEMA) as unknown as Record<string, unknown>;
  }

  /**
   * `ConfigService.Open(path)`: loads and watches another file (relative to the launch folder) and records it
   * in Recent. The hub stops its agents before. A file that does not exist, a folder or an unreadable file
   * is a `ConfigError`, and the file open stays open.
   */
  open(file: string): Promise<ConfigCurrent> {
    return this.serialized(async () => {
      const absolute = this.checkOpenable(file);
      this.watch.stop();
      this.file = absolute;
      this.source = absolute === this.defaultPath ? "default" : "recent";
      this.created = false;
      if (this.source === "default") await writeSchemaFile(path.dirname(this.defaultPath));
      this.load(true);
      this.watch.follow(absolute);
      await this.recentFiles.record(absolute);
      this.emitChanged();
      return this.current();
    });
  }

  /**
   * Throws the `ConfigError` that `open(file)` would, without opening anything: the hub asks before it stops
   * the agents for an `Open`, so a mistyped path costs nothing. Returns the absolute path.
   */
  checkOpenable(file: string): string {
    const absolute = path.resolve(this.options.launchDir, this.expandHome(file));
    checkOpenable(absolute, "openMissing");
    return absolute;
  }

  /** `ConfigService.Recent()`: the files opened from the hub that still exist, newest first (8 at most). */
  recent(): string[] {
    return this.recentFiles.existing();
  }

  /** `ConfigService.Browse(folder)`: "" lists the folder of the file open; `~` is the home folder. */
  browse(folder: string): BrowseResult {
    const start = folder === "" ? path.dirname(this.file) : path.resolve(this.options.launchDir, this.expandHome(folder));
    return browseFolder(start);
  }

  /** Stops watching; pending reloads are dropped. */
  close(): void {
    this.closed = true;
    this.watch.close();
  }

  private context(): ValidationContext {
    return {
      env: this.options.env,
      launchDir: this.options.launchDir,
      configDir: path.dirname(this.file),
      homeDir: this.options.homeDir,
    };
  }

  private expandHome(file: string): string {
    return file === "~" || file.startsWith("~/") ? path.join(this.options.homeDir, file.slice(1)) : file;
  }

  /**
   * Reads the file and applies what it holds. `opening`: a file just opened always counts, and when it is
   * invalid nothing of it can be run (the empty configuration); otherwise an unchanged file is skipped and an
   * invalid one keeps the last valid configuration. Returns whether anything was applied.
   */
  private load(opening: boolean): boolean {
    const read = readConfigFile(this.file);
    const seen = read.ok ? seenText(read.text) : `error:${read.problem}`;
    if (!opening && seen === this.loaded.seen) return false;
    if (!read.ok) {
      const problem: Problem = { line: 1, column: 1, message: read.problem, warning: false };
      this.apply({ seen, valid: false, problems: [problem], warnings: [] }, undefined, opening);
      return true;
    }
    const validation = validateConfigText(read.text, this.context());
    const { problems, warnings, config } = validation;
    this.apply({ seen, valid: config !== undefined, problems, warnings }, config, opening);
    return true;
  }

  private apply(loaded: Loaded, config: HubConfig | undefined, opening: boolean): void {
    this.loaded = loaded;
    const next = config ?? (opening ? emptyConfig() : undefined);
    if (!next) return;
    this.inForce = next;
    try {
      this.options.onConfig(next);
    } catch (error) {
      this.warn(t("onConfigFailed", { cause: error instanceof Error ? error.message : String(error) }));
    }
  }

  private emitChanged(): void {
    this.options.events.emit("config:changed", { path: this.file, valid: this.loaded.valid, problems: [...this.loaded.problems] });
  }

  /** Runs `task` after every operation queued before it; a failure is its caller's and does not stop the queue. */
  private serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

const seenText = (text: string) => `text:${text}`;
