import { errorMessage, type Conversation, type TurnOutcome } from "@maia/kernel";
import { dispatchInput } from "../dispatch-input.ts";
import { t as cliT } from "../messages.ts";
import { imageChip } from "../ui/image-chips.ts";
import type { InkUI } from "../ui/ink-ui.ts";
import type { InputResult } from "../ui/ui-store.ts";
import { builtinCommands, builtinMap } from "./builtin-commands.ts";
import { collectAfterTurn } from "./idle-collection.ts";
import { interactiveCompleter } from "./completer.ts";
import type { ExitControl } from "./exit-control.ts";
import { t } from "./messages.ts";
import { peer, type HooksPeer } from "./peers.ts";

export interface LoopOptions {
  conversation: Conversation;
  ui: InkUI;
  exit: ExitControl;
  /** An input already being read (the box is drawn before the agent is ready). */
  firstInput?: Promise<InputResult>;
  /** Commands run before the first input, without being echoed (`--resume` is `/load <name>`). */
  initialCommands?: string[];
}

/** Ctrl+C on a request that was already interrupted but has not ended yet: the user wants out. */
const FORCED_EXIT_CODE = 130;

/**
 * Seed § 5.5: read a line, then `!` (and the other plugin prefixes, in their order), `/` commands, or a free
 * prompt (whose `@` references the file-refs plugin resolves in beforeTurn). Each input runs with its own
 * AbortController: Ctrl+C interrupts it, and a turn interrupted that way is rolled back by the kernel.
 */
export async function conversationLoop(options: LoopOptions): Promise<void> {
  const { conversation, ui, exit } = options;
  let controller = new AbortController();
  const own = builtinCommands({ conversation, ui, exit, signal: () => controller.signal });
  const builtins = builtinMap(own);
  const completer = interactiveCompleter({ conversation, builtins: own, updated: () => ui.store.refreshCompletion() });
  ui.store.setCompleter(completer);
  try {
    await readAndRun(options, builtins, (next) => (controller = next));
  } finally {
    ui.store.setCompleter(undefined);
    completer.close();
  }
}

async function readAndRun(options: LoopOptions, builtins: Map<string, (args: string) => Promise<void>>, setController: (controller: AbortController) => void): Promise<void> {
  const { conversation, ui, exit } = options;
  let pending = options.firstInput;

  const initial = [...(options.initialCommands ?? [])];
  while (!exit.requested) {
    const command = initial.shift();
    const input: InputResult = command !== undefined ? { kind: "line", text: command } : await (pending ?? ui.readInput());
    if (command === undefined) pending = undefined;
    if (exit.requested) break;
    if (input.kind === "exit") {
      exit.request(0);
      break;
    }
    const images = input.images ?? [];
    if (command === undefined) ui.showUser([input.text, ...images.map((image, index) => imageChip(index + 1, image))].filter((line) => line !== "").join("\n"));
    const current = new AbortController();
    setController(current);
    const onExit = () => current.abort();
    exit.signal.addEventListener("abort", onExit, { once: true });
    ui.setInterruptHandler(() => {
      if (current.signal.aborted) exit.request(FORCED_EXIT_CODE);
      else current.abort();
    });
    const onLimit = () => ui.confirm(t("continueQuestion"), current.signal);
    try {
      // A free prompt goes through Conversation.submit, with the compaction plugin's recovery (seed § 14.5).
      const result = await dispatchInput(conversation, input.text, {
        output: ui.output,
        interaction: ui.interaction,
        signal: current.signal,
        turn: images.length > 0 ? { onLimit, images } : { onLimit },
        builtin: builtins,
      });
      if (result.kind === "turn") report(ui, result.outcome);
      if (result.kind === "handled") for (const outcome of result.outcomes) report(ui, outcome);
      if (result.kind === "turn" || (result.kind === "handled" && result.outcomes.length > 0)) turnEnded(conversation, ui);
    } catch (error) {
      if (current.signal.aborted) ui.warn(t("interrupted"));
      else ui.error(cliT("errorPrefix", { message: errorMessage(error) }));
    } finally {
      exit.signal.removeEventListener("abort", onExit);
      ui.setInterruptHandler(undefined);
    }
  }
}

/**
 * The model is done and nothing queued follows: an unfocused terminal rings and gets a title, and the user's
 * Notification hooks are told (Claude Code's "waiting for your input").
 */
function turnEnded(conversation: Conversation, ui: InkUI): void {
  if (ui.store.getSnapshot().queued.length > 0) return;
  collectAfterTurn();
  if (ui.callAttention("done")) peer<HooksPeer>(conversation.kernel, "hooks")?.notifyIdle(conversation.current);
}

/** What the user is told of a turn's end (the kernel already warned of an iteration limit). */
function report(ui: InkUI, outcome: TurnOutcome): void {
  switch (outcome.status) {
    case "stopped":
      return ui.info(t("stopped"));
    case "aborted":
      return ui.warn(t("interrupted"));
    case "error":
      return ui.error(cliT("errorPrefix", { message: errorMessage(outcome.error) }));
    default:
      return;
  }
}
