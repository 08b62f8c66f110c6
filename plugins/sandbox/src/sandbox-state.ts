import type { ChildProcess } from "node:child_process";
import { createWarnOnce } from "@maia/util";
import type { SandboxSettings } from "@maia/sandbox/settings";
import type { Availability, Sandbox, SandboxBoundary, SandboxSpawnOptions } from "@maia/sandbox";
import { isExcludedCommand } from "./excluded-commands.ts";
import { t } from "./messages.ts";
import { loadSandboxSettings } from "./settings-files.ts";

/** The mechanics (bubblewrap arguments, the proxy, node:http…) load with the first command that needs them. */
const mechanics = () => import("@maia/sandbox");

/** How one Bash call will run. */
export type BashPlan =
  | { kind: "sandboxed" }
  | { kind: "unsandboxed"; why: "disabled" | "excluded" | "requested" | "unavailable" }
  | { kind: "refused"; reason: string };

export interface RefusalRecord {
  at: number;
  command: string;
  why: string;
}

export interface StateView {
  state: "on" | "off" | "unavailable";
  why?: string;
  install?: string;
  platform?: string;
  settings: SandboxSettings;
  files: string[];
  boundary?: SandboxBoundary;
  networkReachable?: boolean;
  refusals: { at: number; host?: string; port?: number; command?: string; why?: string }[];
}

interface Places {
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  warn(message: string): void;
  /** Domains of `WebFetch(domain:…)` allow rules (from the permissions plugin, when it is on). */
  webFetchDomains(): string[];
}

/**
 * One launch folder's sandbox as the plugin keeps it: the settings (read again with each session), the machine's
 * answer (probed once, on first need), and the Sandbox built from both (rebuilt when the boundary changes).
 */
export class SandboxState {
  readonly #places: Places;
  readonly #warnOnce: (message: string) => void;
  #settings: SandboxSettings = {};
  #files: string[] = [];
  #loaded: Promise<void> | undefined;
  #availability: Promise<Availability> | undefined;
  #sandbox: { key: string; sandbox: Sandbox } | undefined;
  readonly #refusals: RefusalRecord[] = [];
  #known: StateView["state"] | undefined;
  readonly #listeners = new Set<(state: StateView["state"]) => void>();

  constructor(places: Places) {
    this.#places = places;
    this.#warnOnce = createWarnOnce(places.warn);
  }

  /** Reads the settings files again (each new session does). */
  async reload(): Promise<void> {
    this.#loaded = (async () => {
      const read = await loadSandboxSettings(this.#places.cwd, this.#places.homeDir);
      this.#settings = read.settings;
      this.#files = read.files;
      for (const warning of read.warnings) this.#warnOnce(warning);
    })();
    await this.#loaded;
  }

  async settings(): Promise<SandboxSettings> {
    this.#loaded ??= this.reload();
    await this.#loaded;
    return this.#settings;
  }

  /** The state once known (probed), for the status line; undefined before. */
  get known(): StateView["state"] | undefined {
    return this.#known;
  }

  onChange(listener: (state: StateView["state"]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async availability(): Promise<Availability> {
    this.#availability ??= mechanics().then(({ probeSandbox }) => probeSandbox(this.#places.env));
    return this.#availability;
  }

  /** on / off / unavailable, with why; probes the machine on first call. */
  async state(): Promise<Pick<StateView, "state" | "why" | "install" | "platform">> {
    const settings = await this.settings();
    let view: Pick<StateView, "state" | "why" | "install" | "platform">;
    if (settings.enabled === false) view = { state: "off" };
    else {
      const availability = await this.availability();
      view = availability.ok ? { state: "on", platform: availability.platform === "linux" ? "bubblewrap" : "Seatbelt" } : { state: "unavailable", why: whyUnavailable(availability), ...(availability.install ? { install: availability.install } : {}) };
    }
    if (view.state !== this.#known) {
      this.#known = view.state;
      for (const listener of this.#listeners) listener(view.state);
    }
    return view;
  }

  /** How a Bash call runs; says once when the sandbox is unavailable. */
  async planBash(input: { command?: unknown; dangerouslyDisableSandbox?: unknown }): Promise<BashPlan> {
    const settings = await this.settings();
    const state = await this.state();
    if (state.state === "off") return { kind: "unsandboxed", why: "disabled" };
    if (state.state === "unavailable") {
      const install = state.install ? t("installHint", { install: state.install }) : "";
      if (settings.failIfUnavailable === true) return { kind: "refused", reason: t("unavailableRefuse", { why: state.why ?? "", install }) };
      this.#warnOnce(t("unavailableWarn", { why: state.why ?? "", install }));
      return { kind: "unsandboxed", why: "unavailable" };
    }
    if (input.dangerouslyDisableSandbox === true) {
      if (settings.allowUnsandboxedCommands === false) return { kind: "refused", reason: t("refusedUnsandboxed") };
      return { kind: "unsandboxed", why: "requested" };
    }
    if (typeof input.command === "string" && isExcludedCommand(input.command, settings.excludedCommands ?? [])) return { kind: "unsandboxed", why: "excluded" };
    return { kind: "sandboxed" };
  }

  /**
   * Whether a Bash call would run sandboxed, from what is already known (for the call's `sandboxed` flag, which
   * front ends show at once): undefined before the machine was probed.
   */
  sandboxedNow(input: { command?: unknown; dangerouslyDisableSandbox?: unknown }): boolean | undefined {
    if (this.#known === undefined) return undefined;
    if (this.#known !== "on" || input.dangerouslyDisableSandbox === true) return false;
    return !(typeof input.command === "string" && isExcludedCommand(input.command, this.#settings.excludedCommands ?? []));
  }

  /** The Sandbox for the current settings (built, or rebuilt when the boundary changed). */
  async sandbox(): Promise<Sandbox> {
    const availability = await this.availability();
    if (!availability.ok) throw new Error(whyUnavailable(availability));
    const { resolveBoundary, Sandbox: SandboxClass } = await mechanics();
    const boundary = resolveBoundary(await this.settings(), { launchFolder: this.#places.cwd, homeDir: this.#places.homeDir, webFetchDomains: this.#places.webFetchDomains() });
    const key = JSON.stringify(boundary);
    if (this.#sandbox?.key !== key) {
      const previous = this.#sandbox?.sandbox;
      const sandbox = new SandboxClass(boundary, availability);
      this.#sandbox = { key, sandbox };
      // The old one's proxy and temp folders go once its commands are done; a running command keeps its own.
      if (previous) setTimeout(() => void previous.close(), 60_000).unref();
      if (boundary.network.allowedDomains.length > 0 && !sandbox.networkEnabled) this.#warnOnce(t("networkNoSocat"));
    }
    return this.#sandbox.sandbox;
  }

  /** The seam: a command line spawned inside the sandbox (see Sandbox.spawn). */
  async spawn(command: string, options: SandboxSpawnOptions): Promise<ChildProcess> {
    return (await this.sandbox()).spawn(command, options);
  }

  /**
   * SIGTERM to what runs a command the seam started (see Sandbox.terminate); without a sandbox built yet (nothing
   * was started through it), to the process group. False when nothing is left to signal.
   */
  terminate(pid: number): boolean {
    const sandbox = this.#sandbox?.sandbox;
    if (sandbox) return sandbox.terminate(pid);
    try {
      process.kill(-pid, "SIGTERM");
      return true;
    } catch {
      return false;
    }
  }

  /** What the model reads after a sandboxed command that the sandbox most likely stopped; recorded for /sandbox. */
  async explain(command: string, output: string, since: number): Promise<string | undefined> {
    const sandbox = await this.sandbox();
    const { explainRefusal } = await mechanics();
    const why = explainRefusal(output, sandbox.boundary, sandbox.refusedSince(since), sandbox.networkEnabled);
    if (why !== undefined) {
      this.#refusals.push({ at: Date.now(), command: command.length > 80 ? `${command.slice(0, 79)}…` : command, why: why.split(". ")[0] ?? why });
      if (this.#refusals.length > 20) this.#refusals.shift();
    }
    return why;
  }

  async view(): Promise<StateView> {
    const state = await this.state();
    const settings = await this.settings();
    const view: StateView = { ...state, settings, files: [...this.#files], refusals: [] };
    if (state.state === "on") {
      const sandbox = await this.sandbox();
      view.boundary = sandbox.boundary;
      view.networkReachable = sandbox.networkEnabled;
      view.refusals = [...sandbox.refusals.map((refusal) => ({ at: refusal.at, host: refusal.host, port: refusal.port })), ...this.#refusals].sort((a, b) => a.at - b.at).slice(-10);
    }
    return view;
  }

  async close(): Promise<void> {
    const current = this.#sandbox?.sandbox;
    this.#sandbox = undefined;
    await current?.close();
  }
}

function whyUnavailable(availability: Extract<Availability, { ok: false }>): string {
  switch (availability.reason) {
    case "missing":
      return t("whyMissing", { what: availability.detail });
    case "userns":
      return t("whyUserns", { detail: availability.detail });
    case "arch":
      return t("whyArch", { detail: availability.detail });
    case "platform":
      return t("whyPlatform", { detail: availability.detail });
  }
}
