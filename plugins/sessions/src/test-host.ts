import type { AgentSession, CommandOutput, InteractionPort, Kernel, SelectOption, SessionHost } from "@maia/kernel";

/**
 * What a front end does with commands, for tests: a real SessionHost over the kernel (the previous session is
 * ended, a new one built and given what the caller keeps) and an output that records what users would see.
 */
export class TestHost implements SessionHost {
  current: AgentSession;
  readonly #kernel: Kernel;

  constructor(kernel: Kernel, session: AgentSession) {
    this.#kernel = kernel;
    this.current = session;
  }

  /** As the CLI's Conversation does: the new session is built (knowing the one it replaces), then the old one ends. */
  async restart(keep: Parameters<SessionHost["restart"]>[0]): Promise<AgentSession> {
    const previous = this.current;
    const next = await this.#kernel.createSession(
      {
        model: keep.model ?? previous.setup.model,
        ...(keep.startContext === undefined ? {} : { startContext: keep.startContext }),
        previous,
        restartReason: keep.reason,
      },
      { interaction: previous.interaction, events: previous.events },
    );
    if (keep.messages) next.messages = keep.messages;
    if (keep.pendingContext) next.pendingContext = keep.pendingContext;
    await this.#kernel.endSession(previous);
    this.current = next;
    this.#kernel.hooks.contextChanged.call(next, "restored");
    return next;
  }
}

export interface RecordedOutput extends CommandOutput {
  lines: Array<{ level: "info" | "warn" | "error" | "text"; message: string }>;
  all(level: "info" | "warn" | "error" | "text"): string[];
}

export function recordingOutput(): RecordedOutput {
  const lines: RecordedOutput["lines"] = [];
  return {
    lines,
    all: (level) => lines.filter((line) => line.level === level).map((line) => line.message),
    info: (message) => lines.push({ level: "info", message }),
    warn: (message) => lines.push({ level: "warn", message }),
    error: (message) => lines.push({ level: "error", message }),
    text: (message) => lines.push({ level: "text", message }),
  };
}

/** Runs a registered slash command the way a front end does; `choose` answers a list (or cancels). */
export async function runCommand(
  kernel: Kernel,
  host: TestHost,
  name: string,
  args = "",
  choose?: (options: SelectOption<unknown>[]) => unknown,
): Promise<RecordedOutput & { titles: string[]; offered: SelectOption<unknown>[][] }> {
  const command = kernel.plugins.commands.get(name);
  if (!command) throw new Error(`no command /${name}`);
  const output = recordingOutput();
  const titles: string[] = [];
  const offered: SelectOption<unknown>[][] = [];
  const base = host.current.interaction;
  const interaction: InteractionPort = {
    ...base,
    ...(choose
      ? {
          select: async <T>(title: string, options: SelectOption<T>[]) => {
            titles.push(title);
            offered.push(options as SelectOption<unknown>[]);
            return choose(options as SelectOption<unknown>[]) as T | undefined;
          },
        }
      : {}),
  };
  const submit = async (prompt: string) => {
    await kernel.runTurn(host.current, prompt);
  };
  await command.run({ session: host.current, host, args, output, interaction, signal: new AbortController().signal, submit });
  return Object.assign(output, { titles, offered });
}
