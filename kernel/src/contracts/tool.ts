import type { ImageBlock } from "./messages.ts";
import type { ToolSpec } from "./provider.ts";

/** A tool's own default when no permission rule applies and the permissions plugin is off (seed § 4.3). */
export type ToolPermission = "auto" | "ask";

export interface ToolContext {
  /** The launch folder: base of every relative path. */
  cwd: string;
  /** The active model, read at call time (CurrentModel). */
  model?: string;
  /** The turn's signal: a tool stops promptly when it aborts. */
  signal?: AbortSignal;
  /** Environment for child processes. */
  env?: NodeJS.ProcessEnv;
  /** Per-conversation state that tools share (files seen, todo list…); emptied when the conversation is. */
  state: Map<string, unknown>;
  /** Shows a warning to the user (never to the model). */
  warn(message: string): void;
  /**
   * The id of the call being run (the model's tool_use id), set by the tool runner: a tool that leaves something
   * running after it returns (Bash in the background) names it by its call, so front ends can follow it.
   */
  callId?: string;
}

/**
 * What a call would change, worked out before it runs (Edit, Write): the front ends show it as a diff in the
 * confirmation, ACP clients get it as a `diff` content, `stream-json` as a `preview` field of the tool call.
 */
export interface ToolPreview {
  /** The file the call writes, absolute. */
  path: string;
  /** Its text now; null when the call creates it. */
  oldText: string | null;
  /** Its text once the call has run. */
  newText: string;
  /** The first line the change touches (1-based), when the tool knows it (Edit): front ends open the file there. */
  line?: number;
}

/**
 * What a call does, for front ends to show it (an icon, a grouping): ACP's tool kinds, which `maia acp` sends
 * as they are. A tool that declares none is "other".
 */
export type ToolKind = "read" | "edit" | "delete" | "move" | "search" | "execute" | "think" | "fetch" | "other";

/** A file or folder a call reads or changes (absolute), with the line it starts at when known. */
export interface ToolLocation {
  path: string;
  line?: number;
}

/** One task of the plan a tool keeps (TodoWrite's list): ACP clients show it as the session's plan. */
export interface PlanItem {
  content: string;
  status: "pending" | "in_progress" | "completed";
  /** The same task in the progressive form shown while it runs ("Running the tests"). */
  activeForm?: string;
}

/**
 * What `execute` may return: plain text, or text flagged as an error result, with the images the tool returns
 * beside it (a provider whose model takes no images sends their stand-ins instead).
 */
export type ToolOutput = string | { content: string; isError: boolean; images?: ImageBlock[] };

export interface Tool<Input extends Record<string, unknown> = Record<string, unknown>> {
  spec: ToolSpec;
  permission: ToolPermission;
  /**
   * Rewrites what the model sent before it is validated against `spec.inputSchema` (aliases, a string array
   * joined…). Must not throw; returns the input unchanged when there is nothing to fix.
   */
  normalizeInput?(input: Record<string, unknown>): Record<string, unknown>;
  /** A short summary for the UI and the confirmation question. */
  describe?(input: Input): string;
  /** What the call does, for front ends (ACP's kinds); "other" when absent. */
  kind?: ToolKind;
  /**
   * The files or folders the call touches, absolute (`~` and relative paths resolved as the tool resolves them),
   * for front ends to follow ("open the file"). Works on the input alone, never on the disk; must not throw.
   */
  locations?(input: Input, context: { cwd: string; homeDir: string }): ToolLocation[];
  /**
   * The narrowest permission rule that would allow this call (`WebFetch(domain:example.com)`,
   * `Bash(npm test)`), for the message that tells a headless user how to allow it. Default: the tool's name
   * with its main text value.
   */
  ruleHint?(input: Input): string;
  /**
   * What the call would change, read from the disk as it is now (the runner calls it before asking and before
   * running). Undefined when it cannot be known (a missing file for Edit, a replacement that does not apply: the
   * tool will say why when it runs). Must not write anything; a preview that throws is ignored.
   */
  preview?(input: Input, context: { cwd: string }): Promise<ToolPreview | undefined>;
  /**
   * Whether this call will run inside an OS sandbox (Bash under the sandbox plugin): front ends show it on the
   * call (the status line, ACP's and stream-json's `sandboxed`). Undefined when not known. Must not throw.
   */
  sandboxed?(input: Input): boolean | undefined;
  /**
   * The plan this tool keeps for the conversation (TodoWrite), read after each call that succeeded: the loop emits
   * it as a `plan` event, which `maia acp` sends as ACP's plan. Must not throw.
   */
  plan?(context: { state: Map<string, unknown> }): readonly PlanItem[];
  /** Calls with the same key run one after the other, in call order (seed § 6.3). */
  lockKey?(input: Input, context: { cwd: string }): string | undefined;
  execute(input: Input, context: ToolContext): Promise<ToolOutput>;
}

/** A tool of any input type, as stored in registries. */
// biome-ignore lint: the variance of Input makes `Tool<any>` the honest element type of a heterogeneous list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any>;
