/**
 * How the agent asks the person in front of it (seed § 4.4 / § 6.2.4). Each front end implements it: the Ink
 * UI with its input box, ACP with `session/request_permission`, headless mode by refusing.
 */
export type AskAnswer = "yes" | "no" | "stop";

export interface SelectOption<T> {
  label: string;
  value: T;
  hint?: string;
}

export interface InteractionPort {
  /** False when nobody can answer (headless): the runner refuses what would need a confirmation. */
  readonly canAsk: boolean;
  confirm(message: string, signal?: AbortSignal): Promise<boolean>;
  /** Like confirm, with a third answer that stops the turn (seed § 6.2.4). */
  ask?(message: string, signal?: AbortSignal): Promise<AskAnswer>;
  select?<T>(title: string, options: SelectOption<T>[], signal?: AbortSignal): Promise<T | undefined>;
}

/** The port of a front end where nobody can answer. */
export const NO_INTERACTION: InteractionPort = {
  canAsk: false,
  confirm: async () => false,
  ask: async () => "no",
};
