import {
  AsyncSeriesBailHook,
  AsyncSeriesHook,
  AsyncSeriesWaterfallHook,
  SyncHook,
} from "tapable";
import type { LLMProvider } from "../contracts/provider.ts";
import type { ContinuationAnswer, RecoveryAnswer, TurnContinuation, TurnRecovery } from "../contracts/commands.ts";
import type {
  AgentSession,
  CompactEvent,
  ContextChange,
  PermissionCheck,
  PromptSection,
  ProviderRequest,
  SessionSetup,
  ToolCallEvent,
  ToolCallRevision,
  ToolLookup,
  ToolResultEvent,
  TurnInput,
  TurnOutcome,
} from "../contracts/session.ts";
import type { AnyTool } from "../contracts/tool.ts";

/**
 * Named stages order taps within a hook (tapable sorts by `stage`, then by registration), as webpack's
 * PROCESS_ASSETS_STAGE_* do. Third-party plugins normally tap at DEFAULT; POLICY belongs to the permissions
 * plugin, the only tap whose `allow` counts (see `checkPermission`).
 */
export const STAGE = { PRE: -100, DEFAULT: 0, POLICY: 100, POST: 200 } as const;

/**
 * The whole extension surface of MAIA, in one frozen table. Every hook takes at most two arguments. A tap that
 * throws is reported (MAIA_PLUGIN_ERROR, with its plugin and hook) and skipped: waterfalls pass the value on
 * unchanged, bails go on to the next tap. The exception is `checkPermission`, where an error means "ask".
 */
export function createHookTable() {
  return Object.freeze({
    /**
     * Before each user request is sent to the model. Carries the user's text, its images and the session; taps
     * return the input, possibly with a new text, more `images` (`@shot.png`) or after adding to
     * `session.pendingContext` (a compaction may also replace the session's messages here). A tap may set `blocked` (a user's
     * UserPromptSubmit hook, at STAGE.PRE): the request is then not sent and the reason is shown as a warning.
     */
    beforeTurn: new AsyncSeriesWaterfallHook<[TurnInput]>(["turn"]),

    /**
     * When the model calls a tool that the session's tool map does not hold. The first tap that returns a
     * tool wins; nobody answering means "unknown tool" for the model.
     */
    resolveTool: new AsyncSeriesBailHook<[ToolLookup], AnyTool | undefined>(["lookup"]),

    /**
     * Before the permission check of each call whose input passed the tool's schema (user PreToolUse hooks).
     * Taps return the revision, possibly with a new `input`: it is validated against the schema again (a bad
     * one is the call's result for the model, nothing runs) and it is what `checkPermission` and the tool see.
     */
    reviseToolCall: new AsyncSeriesWaterfallHook<[ToolCallRevision]>(["revision"]),

    /**
     * Before every tool call. Each tap may set `check.verdict` and returns the check. Verdicts only get
     * stricter along the chain (deny > ask > allow); `allow` is taken only from the permissions plugin at the
     * POLICY stage, so a third-party plugin can tighten, never loosen. A tap that throws turns the verdict
     * into "ask". No verdict at the end means the tool's own default (`auto` runs, `ask` asks).
     * (A waterfall rather than a bail hook: a bail would let an early "ask" hide a later "deny".)
     */
    checkPermission: new AsyncSeriesWaterfallHook<[PermissionCheck]>(["check"]),

    /** Just before an authorised tool runs (the call, the tool, the session). Return value ignored. */
    beforeToolCall: new AsyncSeriesHook<[ToolCallEvent]>(["event"]),

    /**
     * After a tool ran, with its output (Read records what the model saw, ACP reports statuses). Text a tap
     * pushes to `event.feedback` (a user's PostToolUse hook) is appended to the result the model reads.
     */
    afterToolCall: new AsyncSeriesHook<[ToolResultEvent]>(["event"]),

    /**
     * After each turn, whatever its end (done, limit, stop, abort after the rollback, error). Taps save the
     * session, compact when the context is too large, recount the context.
     */
    afterTurn: new AsyncSeriesHook<[TurnOutcome]>(["outcome"]),

    /**
     * When a request sent through the SessionHost ended in an error (not on Ctrl+C), before `afterTurn`'s outcome
     * reaches the front end. The first tap that answers `{ retry: true }` has the host send the request once more
     * on `host.current` (at most once per request: the retry's own error is final); nobody answering, or a tap
     * that throws, leaves the error as it is. The compaction plugin answers here when the server refused the
     * context as too long (seed § 14.5), so every front end and sub-agent recovers the same way.
     */
    recoverTurn: new AsyncSeriesBailHook<[TurnRecovery], RecoveryAnswer | undefined>(["recovery"]),

    /**
     * When a request sent through the SessionHost ended "done" (user Stop hooks). The first tap that answers
     * `{ prompt }` has the host send that prompt as a follow-up request (origin "hook"), at most
     * MAX_CONTINUATIONS times in a row for one request; nobody answering, or a tap that throws, ends the request.
     */
    continueTurn: new AsyncSeriesBailHook<[TurnContinuation], ContinuationAnswer | undefined>(["continuation"]),

    /**
     * When a conversation has been replaced by its summary (seed § 14), called by the plugin that compacted
     * (`context.trigger.compacted`). Taps return the event, possibly with `to` filled in: the sessions plugin
     * writes `xxx__n` and names it; UIs show what was summarised.
     */
    onCompact: new AsyncSeriesWaterfallHook<[CompactEvent]>(["event"]),

    /**
     * Synchronously, each time the conversation changes (request added, model answer, tool results, session
     * start or restore): the context plugin recounts and emits `context_usage`.
     */
    contextChanged: new SyncHook<[AgentSession, ContextChange]>(["session", "change"]),

    /** Collects the tools offered to the model when a session is built. Taps return the list with theirs added. */
    tools: new AsyncSeriesWaterfallHook<[AnyTool[], SessionSetup]>(["tools", "setup"]),

    /** Collects the system prompt's sections when a session is built (identity, MAIA.md, skills…). */
    systemPrompt: new AsyncSeriesWaterfallHook<[PromptSection[], SessionSetup]>(["sections", "setup"]),

    /** Finds the provider for a model spec; the first tap that returns one wins. */
    resolveProvider: new AsyncSeriesBailHook<[ProviderRequest], LLMProvider | undefined>(["request"]),

    /** Once a session is built and before its first turn (MCP connects, the tokenizer warms up…). */
    sessionStart: new AsyncSeriesHook<[AgentSession]>(["session"]),

    /** When a session is left: exit, /new, /load, /clear (close MCP connections, last save). */
    sessionEnd: new AsyncSeriesHook<[AgentSession]>(["session"]),
  });
}

export type HookTable = ReturnType<typeof createHookTable>;
export type HookName = keyof HookTable;

/** How a hook treats a tap's return value, which tells the interceptor what "skip this tap" means. */
export type HookKind = "waterfall" | "bail" | "series" | "sync" | "permission";

/** Completeness is checked by the compiler: adding a hook without its kind does not build. */
export const HOOK_KINDS: Record<HookName, HookKind> = {
  beforeTurn: "waterfall",
  resolveTool: "bail",
  checkPermission: "permission",
  reviseToolCall: "waterfall",
  beforeToolCall: "series",
  afterToolCall: "series",
  afterTurn: "series",
  recoverTurn: "bail",
  continueTurn: "bail",
  onCompact: "waterfall",
  contextChanged: "sync",
  tools: "waterfall",
  systemPrompt: "waterfall",
  resolveProvider: "bail",
  sessionStart: "series",
  sessionEnd: "series",
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * How long one tap of each hook may take before it is an error naming its plugin and hook (Rollup reports
 * unfulfilled hook promises the same way): a tap that never settles must not hang the turn without a name.
 * A late tap is then skipped like a throwing one — in `checkPermission` that means ask (refused in headless
 * mode). No tap asks the user anything (confirmations go through the interaction port after the verdict), so
 * these bound the work itself: generous where a tap may call the model (compaction in `beforeTurn`,
 * `afterTurn`, `recoverTurn`, `onCompact`) or connect to servers (MCP in `sessionStart`, each connection bounded by its own
 * 30 s timeout), and where a user's hook commands run (`reviseToolCall`, `afterToolCall`, `continueTurn`,
 * `beforeTurn`, `sessionStart`: each command has its own timeout, 60 s unless the user set one, up to 10 min).
 * Sync hooks cannot be waited on, so they have none.
 */
export const HOOK_DEADLINES_MS: Record<HookName, number | undefined> = {
  beforeTurn: 10 * MINUTE,
  resolveTool: MINUTE,
  reviseToolCall: 10 * MINUTE,
  checkPermission: 30 * SECOND,
  beforeToolCall: 30 * SECOND,
  afterToolCall: 10 * MINUTE,
  afterTurn: 10 * MINUTE,
  recoverTurn: 10 * MINUTE,
  continueTurn: 10 * MINUTE,
  onCompact: 10 * MINUTE,
  contextChanged: undefined,
  tools: MINUTE,
  systemPrompt: MINUTE,
  resolveProvider: MINUTE,
  sessionStart: 10 * MINUTE,
  sessionEnd: 10 * MINUTE,
};
