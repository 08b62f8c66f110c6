import type { CommandOutput, Conversation, InteractionPort, Kernel, SelectOption } from "@maia/kernel";

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

/**
 * Runs a registered slash command the way a front end does, on the kernel's host (`Conversation.over` wraps a
 * test's session); `choose` answers a list (or cancels). What users would see is recorded.
 */
export async function runCommand(
  kernel: Kernel,
  host: Conversation,
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
