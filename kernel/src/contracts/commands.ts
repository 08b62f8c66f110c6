import type { InteractionPort } from "./interaction.ts";
import type { AgentSession } from "./session.ts";

/** How a command or prefix writes to whatever front end runs it. */
export interface CommandOutput {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Markdown shown as the agent's text would be. */
  text(markdown: string): void;
}

/** What a front end lets commands do to the conversation it holds. */
export interface SessionHost {
  readonly current: AgentSession;
  /**
   * Builds a fresh session (system prompt, tools, permissions reloaded from disk) and makes it current;
   * `keep` carries over what the caller wants kept (messages for /model, a summary for /compact…).
   */
  restart(keep: Partial<Pick<AgentSession, "messages" | "pendingContext" | "startContext">> & {
    model?: string;
    /** Becomes the new session's `setup.restartReason`. */
    reason: string;
  }): Promise<AgentSession>;
}

export interface CommandContext {
  session: AgentSession;
  host: SessionHost;
  /** The text after the command name, trimmed. */
  args: string;
  output: CommandOutput;
  interaction: InteractionPort;
  signal: AbortSignal;
  /**
   * Sends a request to the model as if the user had typed it (after `@` references and the rest of
   * `beforeTurn`): `§skill` sends the skill's prompt this way.
   */
  submit(prompt: string, options?: { origin?: string }): Promise<void>;
}

/** A slash command (`/compact`); any front end that reads user input offers it. */
export interface SlashCommand {
  name: string;
  /** One line for /help. */
  description: string;
  /** e.g. "<name>" for /rename. */
  usage?: string;
  run(context: CommandContext): Promise<void>;
}

/** An input prefix (`!`, `@`, `§`, `&`): handles a whole input line that starts with `prefix`. */
export interface InputPrefix {
  prefix: string;
  description: string;
  /** Handled before slash commands (seed § 5.5 order: `!`, `§`, then `/`); lower runs first. */
  order: number;
  run(context: CommandContext & { input: string }): Promise<void>;
}

/** A `maia <name>` subcommand a plugin adds (`maia permissions check`, `maia hub`). */
export interface Subcommand {
  name: string;
  description: string;
  /** Runs with the remaining argv; returns the process exit code. */
  run(argv: string[], io: SubcommandIO): Promise<number>;
}

export interface SubcommandIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream;
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
}
