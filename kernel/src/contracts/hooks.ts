import type { SessionHost } from "./commands.ts";
import type { ImageBlock, Message, ToolUseBlock } from "./messages.ts";
import type { LLMProvider, StopReason } from "./provider.ts";
import type { AgentSession, PromptSection, SessionSetup, Verdict } from "./session.ts";
import type { AnyTool } from "./tool.ts";

/**
 * MAIA's whole extension surface in one file: every hook of the kernel (`HOOK_SPECS`: its kind, how long a tap may
 * take, who may call it, what it is for, what its taps receive and return), then the payloads themselves. The
 * kernel builds everything else from these specs: the tapable hooks (hooks/hook-table.ts), their kinds and
 * deadlines for the interceptor, and the triggers a plugin may call (`context.trigger.<hook>`). Adding a hook is
 * one entry here. Plugins declare hooks of their own with the same specs (`context.hooks.own({...})`).
 *
 * Every hook takes at most two arguments. A tap that throws is reported (MAIA_PLUGIN_ERROR, with its plugin and
 * hook) and skipped: waterfalls pass the value on unchanged, bails go on to the next tap. The exception is
 * `checkPermission`, where an error means "ask".
 */

/**
 * Named stages order taps within a hook (tapable sorts by `stage`, then by registration), as webpack's
 * PROCESS_ASSETS_STAGE_* do. Third-party plugins normally tap at DEFAULT; POLICY belongs to the permissions
 * plugin, the only tap whose `allow` counts (see `checkPermission`).
 */
export const STAGE = { PRE: -100, DEFAULT: 0, POLICY: 100, POST: 200 } as const;

/**
 * How a hook treats its taps' return values, which is also what "skip this tap" means to the interceptor:
 * `waterfall` passes each tap's value to the next (a skipped tap passes it on unchanged); `bail` stops at the
 * first tap that returns something; `series` and `sync` ignore what taps return (`sync` cannot be waited on, so
 * it has no deadline); `permission` is the fail-closed waterfall of `checkPermission`.
 */
export type HookKind = "waterfall" | "bail" | "series" | "sync" | "permission";

/** Who calls a hook: the kernel (or, for a plugin's own hook, its owner) alone, or any plugin through `context.trigger`. */
export type HookCaller = "kernel" | "plugins";

export interface HookSpec<Kind extends HookKind = HookKind, Args extends unknown[] = unknown[], Result = unknown, Caller extends HookCaller = HookCaller> {
  readonly kind: Kind;
  /** The name of each argument (tapable's), at most two. */
  readonly args: readonly string[];
  /**
   * How long one tap may take before it is an error naming its plugin and hook, and is skipped like one that
   * threw (in `checkPermission`: ask). None for sync hooks, which cannot be waited on.
   */
  readonly deadlineMs?: number;
  readonly callers: Caller;
  /** What the hook is for, in one line (`maia plugins list --json`, docs/plugins.md). */
  readonly doc: string;
  /** The payload, for the compiler only: never set. */
  payload?(...args: Args): Result;
}

type Fields<Caller extends HookCaller> = Omit<HookSpec<HookKind, never[], unknown, Caller>, "kind" | "payload">;

/**
 * The spec of one hook, by kind: `hookSpec.series<[AgentSession]>({ args: ["session"], callers: "kernel", … })`.
 * A waterfall's taps return their first argument; a bail's taps return `Result` or nothing.
 */
export const hookSpec = {
  waterfall: <Args extends [unknown, ...unknown[]], Caller extends HookCaller = "kernel">(fields: Fields<Caller>) =>
    ({ kind: "waterfall", ...fields }) as HookSpec<"waterfall", Args, Args[0], Caller>,
  bail: <Args extends unknown[], Result, Caller extends HookCaller = "kernel">(fields: Fields<Caller>) =>
    ({ kind: "bail", ...fields }) as HookSpec<"bail", Args, Result | undefined, Caller>,
  series: <Args extends unknown[], Caller extends HookCaller = "kernel">(fields: Fields<Caller>) =>
    ({ kind: "series", ...fields }) as HookSpec<"series", Args, void, Caller>,
  sync: <Args extends unknown[], Caller extends HookCaller = "kernel">(fields: Omit<Fields<Caller>, "deadlineMs">) =>
    ({ kind: "sync", ...fields }) as HookSpec<"sync", Args, void, Caller>,
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/*
 * The deadlines bound the work itself — no tap asks the user anything (confirmations go through the interaction
 * port after the verdict) — and a tap that never settles must not hang the turn without a name (Rollup reports
 * unfulfilled hook promises the same way). They are generous where a tap may call the model (compaction in
 * `beforeTurn`, `afterTurn`, `recoverTurn`, `onCompact`) or connect to servers (MCP in `sessionStart`, each
 * connection bounded by its own 30 s timeout), and where a user's hook commands run (`reviseToolCall`,
 * `afterToolCall`, `continueTurn`, `beforeTurn`, `sessionStart`: each command has its own timeout, 60 s unless the
 * user set one, up to 10 min).
 */
export const HOOK_SPECS = Object.freeze({
  /**
   * Carries the user's text, its images and the session; taps return the input, possibly with a new text, more
   * `images` (`@shot.png`) or after adding to `session.pendingContext` (a compaction may also replace the
   * session's messages here). A tap may set `blocked` (a user's UserPromptSubmit hook, at STAGE.PRE): the request
   * is then not sent and the reason is shown as a warning.
   */
  beforeTurn: hookSpec.waterfall<[TurnInput]>({
    args: ["turn"],
    deadlineMs: 10 * MINUTE,
    callers: "kernel",
    doc: "Before each request is sent to the model: rewrite its text, add context or images, or block it",
  }),

  /** The first tap that returns a tool wins; nobody answering means "unknown tool" for the model. */
  resolveTool: hookSpec.bail<[ToolLookup], AnyTool>({
    args: ["lookup"],
    deadlineMs: MINUTE,
    callers: "kernel",
    doc: "When the model calls a tool the session does not offer: the first tap that returns a tool binds the call",
  }),

  /**
   * Before the permission check of each call whose input passed the tool's schema (user PreToolUse hooks). Taps
   * return the revision, possibly with a new `input`: it is validated against the schema again (a bad one is the
   * call's result for the model, nothing runs) and it is what `checkPermission` and the tool see.
   */
  reviseToolCall: hookSpec.waterfall<[ToolCallRevision]>({
    args: ["revision"],
    deadlineMs: 10 * MINUTE,
    callers: "kernel",
    doc: "Before the permission check of each valid call: a tap may change the call's input",
  }),

  /**
   * Each tap may set `check.verdict` and returns the check. Verdicts only get stricter along the chain (deny >
   * ask > allow); `allow` is taken only from the permissions plugin at the POLICY stage, so a third-party plugin
   * can tighten, never loosen. A tap that throws turns the verdict into "ask". No verdict at the end means the
   * tool's own default (`auto` runs, `ask` asks). (A waterfall rather than a bail hook: a bail would let an early
   * "ask" hide a later "deny".)
   */
  checkPermission: {
    kind: "permission",
    args: ["check"],
    deadlineMs: 30 * SECOND,
    callers: "kernel",
    doc: "Before every tool call: taps make the verdict stricter (deny > ask > allow); only the policy allows",
  } as HookSpec<"permission", [PermissionCheck], PermissionCheck, "kernel">,

  beforeToolCall: hookSpec.series<[ToolCallEvent]>({
    args: ["event"],
    deadlineMs: 30 * SECOND,
    callers: "kernel",
    doc: "Just before an authorised tool runs (the call, the tool, the session)",
  }),

  /** Text a tap pushes to `event.feedback` (a user's PostToolUse hook) is appended to the result the model reads. */
  afterToolCall: hookSpec.series<[ToolResultEvent]>({
    args: ["event"],
    deadlineMs: 10 * MINUTE,
    callers: "kernel",
    doc: "After a tool ran, with its output: record it, report it, or add feedback for the model",
  }),

  /** Whatever the turn's end: done, limit, stop, abort after the rollback, error. */
  afterTurn: hookSpec.series<[TurnOutcome]>({
    args: ["outcome"],
    deadlineMs: 10 * MINUTE,
    callers: "kernel",
    doc: "After each turn: save the session, compact when the context is too large, recount the context",
  }),

  /**
   * When a request sent through the SessionHost ended in an error (not on Ctrl+C), before `afterTurn`'s outcome
   * reaches the front end. The first tap that answers `{ retry: true }` has the host send the request once more on
   * `host.current` (at most once per request: the retry's own error is final); nobody answering, or a tap that
   * throws, leaves the error as it is. The compaction plugin answers here when the server refused the context as
   * too long (seed § 14.5), so every front end and sub-agent recovers the same way.
   */
  recoverTurn: hookSpec.bail<[TurnRecovery], RecoveryAnswer>({
    args: ["recovery"],
    deadlineMs: 10 * MINUTE,
    callers: "kernel",
    doc: "When a request ended in an error: the first tap that answers { retry: true } has it sent once more",
  }),

  /**
   * When a request sent through the SessionHost ended "done" (user Stop hooks). The first tap that answers
   * `{ prompt }` has the host send that prompt as a follow-up request (origin "hook"), at most MAX_CONTINUATIONS
   * times in a row for one request; nobody answering, or a tap that throws, ends the request.
   */
  continueTurn: hookSpec.bail<[TurnContinuation], ContinuationAnswer>({
    args: ["continuation"],
    deadlineMs: 10 * MINUTE,
    callers: "kernel",
    doc: "When a request ended done: the first tap that answers { prompt } has the agent go on with it",
  }),

  /**
   * Called by the plugin that compacted (`context.trigger.onCompact`). Taps return the event, possibly with `to`
   * filled in: the sessions plugin writes `xxx__n` and names it; UIs show what was summarised.
   */
  onCompact: hookSpec.waterfall<[CompactEvent], "plugins">({
    args: ["event"],
    deadlineMs: 10 * MINUTE,
    callers: "plugins",
    doc: "When a conversation has been replaced by its summary (seed § 14): name the new session, show it",
  }),

  /**
   * Synchronously, each time the conversation changes (request added, model answer, tool results, session start
   * or restore); a plugin that changed the conversation itself calls it (`context.trigger.contextChanged`).
   */
  contextChanged: hookSpec.sync<[AgentSession, ContextChange], "plugins">({
    args: ["session", "change"],
    callers: "plugins",
    doc: "Each time the conversation changes: the context plugin recounts and emits context_usage",
  }),

  tools: hookSpec.waterfall<[AnyTool[], SessionSetup]>({
    args: ["tools", "setup"],
    deadlineMs: MINUTE,
    callers: "kernel",
    doc: "When a session is built: taps return the list of tools offered to the model, with theirs added",
  }),

  /** Called by a plugin that needs the prompt of a new starting context (compaction: `context.trigger.systemPrompt`). */
  systemPrompt: hookSpec.waterfall<[PromptSection[], SessionSetup], "plugins">({
    args: ["sections", "setup"],
    deadlineMs: MINUTE,
    callers: "plugins",
    doc: "When a session is built: taps add the system prompt's sections (identity, MAIA.md, skills…)",
  }),

  resolveProvider: hookSpec.bail<[ProviderRequest], LLMProvider>({
    args: ["request"],
    deadlineMs: MINUTE,
    callers: "kernel",
    doc: "Finds the provider for a model spec: the first tap that returns one wins",
  }),

  sessionStart: hookSpec.series<[AgentSession]>({
    args: ["session"],
    deadlineMs: 10 * MINUTE,
    callers: "kernel",
    doc: "Once a session is built, before its first turn (MCP connects, the tokenizer warms up…)",
  }),

  sessionEnd: hookSpec.series<[AgentSession]>({
    args: ["session"],
    deadlineMs: 10 * MINUTE,
    callers: "kernel",
    doc: "When a session is left (exit, /new, /load, /clear): close connections, save a last time",
  }),
});

export type KernelHookSpecs = typeof HOOK_SPECS;
export type HookName = keyof KernelHookSpecs;

/** The hooks of a set of specs that plugins may call, and how: a waterfall returns its last value, a bail its answer. */
export type TriggersOf<Specs> = {
  readonly [K in keyof Specs as Specs[K] extends HookSpec<HookKind, unknown[], unknown, "plugins"> ? K : never]: Specs[K] extends HookSpec<infer Kind, infer Args, infer Result>
    ? (...args: Args) => Kind extends "sync" ? void : Promise<Result>
    : never;
};

// ——— The payloads ———

/** What `beforeTurn` carries: the user's text and the session; taps may rewrite the text or add context. */
export interface TurnInput {
  session: AgentSession;
  text: string;
  signal: AbortSignal;
  /**
   * Who wrote the text: "user" when the user typed it; anything else is written on the user's behalf and named
   * by whoever sends it ("command" for a command's `submit`, "subagent" for a child's task, "hook" for a follow-up
   * a `continueTurn` tap asked for). `@` references are resolved in the user's own text only.
   */
  origin: string;
  /**
   * Images sent with the text, after it, in the request's user message: those the front end attached (`--image`,
   * the input's chips, ACP image content), to which a tap may add (the `@shot.png` references).
   */
  images: ImageBlock[];
  /**
   * Set by a tap (a user's UserPromptSubmit hook) to keep the request from being sent: nothing is added to the
   * conversation, no model is called, the text is shown to the user as a warning and the turn ends "done".
   */
  blocked?: string;
}

export type TurnStatus = "done" | "max_iterations" | "stopped" | "aborted" | "error";

export interface TurnOutcome {
  session: AgentSession;
  status: TurnStatus;
  /** The provider's stop reason of the last answer (end_turn, tool_use, max_tokens, other). */
  stopReason?: StopReason;
  error?: unknown;
  /**
   * On an error, the conversation as it stood when the error came, before the rollback: the request's own work
   * (tool calls and results), which a recovery may summarise when nothing came before it (a sub-agent's task).
   */
  attempted?: Message[];
}

export interface CompactEvent {
  session: AgentSession;
  summary: string;
  /** The session name before and after, when the sessions plugin names sessions. */
  from?: string;
  to?: string;
  replacedMessages: number;
  replacedTokens?: number;
}

/** What `checkPermission` carries; each tap may set a stricter `verdict` (see hooks.ts). */
export interface PermissionCheck {
  session: AgentSession;
  call: ToolUseBlock;
  tool: AnyTool;
  verdict?: Verdict;
}

export interface ToolCallEvent {
  session: AgentSession;
  call: ToolUseBlock;
  tool: AnyTool;
}

export interface ToolResultEvent extends ToolCallEvent {
  output: string;
  isError: boolean;
  /** The images the tool returned with its text. */
  images?: readonly ImageBlock[];
  /** Taps may push text here (a user's PostToolUse hook): it is appended to the result the model reads. */
  feedback: string[];
}

/**
 * What `reviseToolCall` carries: a call whose input passed the tool's schema, before the permission check.
 * A tap may return it with another `input`, which is validated against the schema again (a bad one becomes the
 * tool result, the call is not run) and is what the permission rules and the tool then see.
 */
export interface ToolCallRevision {
  session: AgentSession;
  call: ToolUseBlock;
  tool: AnyTool;
  input: Record<string, unknown>;
  /** The turn's: Ctrl+C withdraws the revision (a user's hook command is stopped). */
  signal?: AbortSignal;
}

export interface ProviderRequest {
  model: string;
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
}

export interface ToolLookup {
  session: AgentSession;
  name: string;
}

/** Why the conversation's messages changed, for the context count (seed § 13.3's three moments). */
export type ContextChange = "request" | "answer" | "tool_results" | "session_start" | "restored";

/**
 * What `continueTurn` carries: a request sent through the SessionHost ended "done" (the model stopped calling
 * tools). `continuations` counts the follow-ups already sent for this request (0 the first time).
 */
export interface TurnContinuation {
  outcome: TurnOutcome;
  host: SessionHost;
  continuations: number;
  signal?: AbortSignal;
}

/** What a `continueTurn` tap answers to have the agent go on: `prompt` is sent as the next request (origin "hook"). */
export interface ContinuationAnswer {
  prompt: string;
}

/** A request that ended in an error, offered to `recoverTurn` before the front end sees it. */
export interface TurnRecovery {
  /** The failed outcome (status "error"); its session is the host's current one. */
  outcome: TurnOutcome;
  /** The request as the user typed it, which a retry sends again. */
  text: string;
  /** The conversation's host: a recovery that rebuilds the agent (a compaction) restarts it. */
  host: SessionHost;
  signal?: AbortSignal;
}

/**
 * What a `recoverTurn` tap answers to have the request sent once more, on `host.current`; `context` rides on that
 * one request only (a resume instruction) and is taken back out whatever its end.
 */
export interface RecoveryAnswer {
  retry: true;
  context?: string;
}
