import type { ToolPreview } from "./tool.ts";

/**
 * How the agent asks the person in front of it (seed § 4.4 / § 6.2.4). Each front end implements it: the Ink
 * UI with its input box, ACP with `session/request_permission`, headless mode by refusing. Everything past
 * `confirm` is optional: a caller checks that the method exists and does without it otherwise (a third-party
 * front end written before the method keeps working).
 */
export type AskAnswer = "yes" | "no" | "stop";

/** Where an "always allow" answer keeps its rules: for the rest of this run, or in the project's settings. */
export type AlwaysScope = "session" | "project";

/**
 * What a tool confirmation is about, for front ends that can show more than the question (all optional: a
 * front end that ignores it still asks the same question). Filled by the tool runner from the tool's
 * `preview` and the permission verdict's `advice`.
 */
export interface AskDetail {
  /** The call asked about: the id of its `tool_call` event, announced before the question. */
  callId: string;
  /** The tool and its input, as it will run. */
  tool: string;
  input: Record<string, unknown>;
  /** Edit / Write: the file before and after. */
  preview?: ToolPreview;
  /** Why this asks: the parts no rule covers (Bash: simple commands, redirection targets, findings). */
  uncovered?: readonly string[];
  /** "Yes, and don't ask again for …": the rules that would be added; absent when none can be named exactly. */
  always?: AlwaysAllow;
}

export interface AlwaysAllow {
  /** The narrowest rules that allow this call next time (`Bash(npm test)`, `Edit(src/a.ts)`). */
  rules: readonly string[];
  /**
   * Keeps the narrowest rules for this call in `list` ("allow" by default; "deny" for ACP's reject_always: the
   * rules that refuse it next time): for the rest of this run, or in the project's settings. Resolves to what to
   * tell the user (the file written, what stays asked). Never throws.
   */
  remember(scope: AlwaysScope, list?: "allow" | "deny"): Promise<{ info: string[]; warnings: string[] }>;
}

export interface SelectOption<T> {
  label: string;
  value: T;
  hint?: string;
}

export interface InputOptions {
  /** The text the answer starts from, editable (e.g. the previous, rejected answer). */
  initial?: string;
  /** Aborting it withdraws the question: the answer is undefined. */
  signal?: AbortSignal;
}

export interface InteractionPort {
  /** False when nobody can answer (headless): the runner refuses what would need a confirmation. */
  readonly canAsk: boolean;
  confirm(message: string, signal?: AbortSignal): Promise<boolean>;
  /**
   * Like confirm, with a third answer that stops the turn (seed § 6.2.4). A tool confirmation passes `detail`
   * (diff, what was not covered, "always allow"); a front end that offers "always" calls `detail.always.remember`
   * and answers "yes".
   */
  ask?(message: string, signal?: AbortSignal, detail?: AskDetail): Promise<AskAnswer>;
  select?<T>(title: string, options: SelectOption<T>[], signal?: AbortSignal): Promise<T | undefined>;
  /**
   * A free-text question (seed § 20.1b: the name of a new agent). Resolves to what the person typed, "" included
   * (an empty answer is the caller's to interpret), or undefined when they declined (Esc, Ctrl+C) or the question
   * was withdrawn. Absent where nobody can type an answer (headless, ACP: the protocol has no such request).
   */
  input?(question: string, options?: InputOptions): Promise<string | undefined>;
}

/** The port of a front end where nobody can answer. */
export const NO_INTERACTION: InteractionPort = {
  canAsk: false,
  confirm: async () => false,
  ask: async () => "no",
};
