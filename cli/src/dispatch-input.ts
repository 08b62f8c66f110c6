import type { CommandOutput, Conversation, InteractionPort, RunTurnOptions, TurnOutcome } from "@maia/kernel";
import { closest } from "@maia/util/closest";
import { t } from "./messages.ts";

export interface DispatchOptions {
  output: CommandOutput;
  interaction: InteractionPort;
  signal: AbortSignal;
  /** Options for the turns this input starts (onLimit, maxTokens). */
  turn?: Omit<RunTurnOptions, "signal">;
  /** Commands the front end handles itself (/exit, /help…), tried after the plugins' prefixes. */
  builtin?: Map<string, (args: string) => Promise<void>>;
}

export type DispatchResult =
  | { kind: "turn"; outcome: TurnOutcome }
  | { kind: "handled"; outcomes: TurnOutcome[] }
  | { kind: "unknown_command"; name: string; suggestion?: string };

/**
 * One line of user input, as every front end (terminal, `-p`, ACP) dispatches it, in the order of seed § 5.5: input prefixes (`!`, then `§`, `&`… by their order),
 * then `/` commands, then a free prompt (whose `@` references `beforeTurn` resolves).
 */
export async function dispatchInput(conversation: Conversation, input: string, options: DispatchOptions): Promise<DispatchResult> {
  const registry = conversation.kernel.plugins;
  const outcomes: TurnOutcome[] = [];
  const context = (args: string) => ({
    session: conversation.current,
    host: conversation,
    args,
    output: options.output,
    interaction: options.interaction,
    signal: options.signal,
    submit: async (prompt: string, submitOptions: { origin?: string } = {}) => {
      outcomes.push(await conversation.submit(prompt, { ...options.turn, signal: options.signal, origin: submitOptions.origin ?? "command" }));
    },
  });

  const prefixes = registry.prefixes.list().sort((a, b) => a.order - b.order);
  const prefix = prefixes.find((candidate) => input.startsWith(candidate.prefix));
  if (prefix) {
    await prefix.run({ ...context(input.slice(prefix.prefix.length).trim()), input });
    return { kind: "handled", outcomes };
  }

  if (input.startsWith("/")) {
    const [word = ""] = input.slice(1).split(/\s+/);
    const args = input.slice(1 + word.length).trim();
    const builtin = options.builtin?.get(word);
    if (builtin) {
      await builtin(args);
      return { kind: "handled", outcomes };
    }
    const command = registry.commands.get(word);
    if (command) {
      await command.run(context(args));
      return { kind: "handled", outcomes };
    }
    const known = [...(options.builtin?.keys() ?? []), ...registry.commands.list().map((entry) => entry.name)];
    const suggestion = closest(word, known);
    options.output.error(suggestion ? t("unknownCommandSuggest", { name: word, suggestion }) : t("unknownCommand", { name: word }));
    return suggestion ? { kind: "unknown_command", name: word, suggestion } : { kind: "unknown_command", name: word };
  }

  return { kind: "turn", outcome: await conversation.submit(input, { ...options.turn, signal: options.signal }) };
}
