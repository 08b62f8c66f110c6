/**
 * How the agent asks the person in front of it (seed § 4.4 / § 6.2.4). Each front end implements it: the Ink
 * UI with its input box, ACP with `session/request_permission`, headless mode by refusing. Everything past
 * `confirm` is optional: a caller checks that the method exists and does without it otherwise (a third-party
 * front end written before the method keeps working).
 */
export type AskAnswer = "yes" | "no" | "stop";

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
  /** Like confirm, with a third answer that stops the turn (seed § 6.2.4). */
  ask?(message: string, signal?: AbortSignal): Promise<AskAnswer>;
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
