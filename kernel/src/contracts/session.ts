import type { AgentEvents } from "./events.ts";
import type { AskDetail, InteractionPort } from "./interaction.ts";
import type { ImageBlock, Message, ToolUseBlock } from "./messages.ts";
import type { LLMProvider, StopReason } from "./provider.ts";
import type { AnyTool } from "./tool.ts";

/**
 * What the front end driving a session can do. Plugins adapt to these, never to a front end's name (the CLI maps
 * its front ends — terminal, headless, ACP, sub-agent child — to them in cli/src/front-ends.ts).
 */
export interface FrontEnd {
  /** Someone follows the session as it goes and can answer questions (MAIA's terminal UI, an editor over ACP). */
  interactive: boolean;
  /** MAIA's own terminal UI: commands that choose from lists, questions asked in its input box. */
  terminal: boolean;
  /** A sub-agent's child process: its calls are part of the parent's turn, and it saves nothing of its own. */
  child: boolean;
}

/** What every session is built from; handed to the `tools`, `systemPrompt` and `sessionStart` hooks. */
export interface SessionSetup {
  /** The launch folder (seed § 5.2). */
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  /** The model spec as configured (`litellm:name` or `name`). */
  model: string;
  frontEnd: FrontEnd;
  /** A compacted summary that replaces MAIA.md as the starting context (seed § 14). */
  startContext?: string;
  /** Set when a front end rebuilds the agent (/clear, /new, /load, /compact, /model): the session it replaces. */
  previous?: AgentSession;
  /**
   * Who rebuilt it, in the words of the command that did (the front end's "clear", "new", "load", "model", the
   * compaction plugin's "compact"); plugins that keep state across a rebuild read it (sessions).
   */
  restartReason?: string;
  /**
   * Set when a front end starts this session to go on with a saved one (`--resume`, `--continue`, ACP
   * `session/load`) rather than rebuilding one it holds: plugins tell a resumed start from a fresh one (the hooks
   * plugin's SessionStart `source`).
   */
  resuming?: boolean;
}

/** A piece of the system prompt; sections are joined in `order`, then in tap order. */
export interface PromptSection {
  id: string;
  order: number;
  text: string;
}

/** Ordering of the usual system prompt sections, so plugins interleave predictably. */
export const PROMPT_ORDER = { IDENTITY: 0, CONTEXT: 100, SKILLS: 200, TOOLS: 300, EXTRA: 400 } as const;

/** One conversation with one model: what the loop reads and writes (seed § 6.1). */
export interface AgentSession {
  readonly id: string;
  readonly setup: SessionSetup;
  readonly cwd: string;
  provider: LLMProvider;
  system: string;
  tools: Map<string, AnyTool>;
  messages: Message[];
  pendingContext: string[];
  startContext?: string;
  readonly events: AgentEvents;
  interaction: InteractionPort;
  /** Iterations per series before the limit question (seed § 6.2, MaxIterations). */
  maxIterations: number;
  /** Conversation-scoped state shared by tools and plugins (files seen by the model, todo list…). */
  readonly state: Map<string, unknown>;
}

export type Decision = "allow" | "ask" | "deny";

export interface Verdict {
  decision: Decision;
  /** The rule that decided, as written (`Bash(npm test *)`), when a rule did. */
  rule?: string;
  /** The file the rule came from, or another origin (`--allow`, a plugin). */
  source?: string;
  /** Why, for the user (an error inside the evaluation, a wrapper not covered…). */
  reason?: string;
  /** On a deny: what the model is told instead of the rules' sentence (a user hook's own explanation). */
  message?: string;
  /** With "ask": what the confirmation can tell and offer (the parts not covered, "always allow"). */
  advice?: Pick<AskDetail, "uncovered" | "always">;
}
