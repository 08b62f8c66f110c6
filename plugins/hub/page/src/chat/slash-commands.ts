import type { AgentCommand } from "../../../src/protocol.ts";

/**
 * The command name being typed: the text starts with "/" and has no space or line break yet (after that the
 * user is typing the command's input). Undefined when no command is being typed.
 */
export function typedCommand(text: string): string | undefined {
  const match = /^\/(\S*)$/.exec(text);
  return match ? (match[1] ?? "") : undefined;
}

/** The commands whose name starts with what was typed, then those that merely contain it. */
export function matchCommands(commands: AgentCommand[], typed: string): AgentCommand[] {
  const query = typed.toLowerCase();
  const names = commands.map((command) => ({ command, name: command.name.replace(/^\//, "").toLowerCase() }));
  return [
    ...names.filter(({ name }) => name.startsWith(query)),
    ...names.filter(({ name }) => !name.startsWith(query) && name.includes(query)),
  ].map(({ command }) => command);
}

/** The text once a command is chosen: its name and a space, ready for its input. */
export function completeCommand(command: AgentCommand): string {
  return `/${command.name.replace(/^\//, "")} `;
}
