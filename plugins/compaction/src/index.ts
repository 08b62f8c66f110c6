import {
  definePlugin,
  joinPromptSections,
  precompiled,
  hookSpec,
  PROMPT_ORDER,
  STAGE,
  type AgentSession,
  type CommandOutput,
  type OwnedHooks,
  type TurnOutcome,
} from "@maia/kernel";
import type { ContextApi } from "@maia/plugin-context";
import type { SessionsApi } from "@maia/plugin-sessions";
import { compactNow, describeRecord, startContextSection, type CompactionPeers, type CompactOptions, type CompactResult } from "./compact-now.ts";
import { isContextTooLongError } from "./context-errors.ts";
import { t } from "./messages.ts";
import { recoverTooLong } from "./recovery.ts";
import { compactionThreshold } from "./threshold.ts";
import { OPTIONS_SCHEMA } from "./options-schema.ts";
import { validateOptions } from "./options-validator.generated.ts";

const PLUGIN_NAME = "compaction";

/** What `compacting` carries: the session about to be summarised, and whether the user asked (/compact). */
export interface CompactingEvent {
  session: AgentSession;
  trigger: "manual" | "auto";
}

/** The compaction plugin's own hook (`compaction.compacting`), declared through the kernel and instrumented like its hooks. */
const COMPACTION_HOOKS = {
  /** Awaited, result ignored; bounded as `beforeTurn` is, since users' PreCompact commands run there (up to 10 min). */
  compacting: hookSpec.series<[CompactingEvent]>({
    args: ["event"],
    deadlineMs: 10 * 60_000,
    callers: "kernel",
    doc: "Before a conversation that has messages is summarised (users' PreCompact hooks)",
  }),
};

export type CompactionHooks = OwnedHooks<typeof COMPACTION_HOOKS>["taps"];

export interface CompactionOptions {
  /** Automatic compaction before sending and after each turn (seed § 14.3); /compact works either way. */
  auto: boolean;
  /** Lowers the automatic threshold: a fraction of the window (0 < f ≤ 1) or a token count; never above the seed's. */
  threshold?: number;
}

export interface CompactionApi {
  /** /compact's work, for front ends and plugins; with `host` the agent is rebuilt, else the session changes in place. */
  compactNow(session: AgentSession, options?: CompactOptions): Promise<CompactResult>;
  /** The automatic threshold for this session's model, or undefined while its maximum is unknown. */
  threshold(session: AgentSession): Promise<number | undefined>;
  /** `hooks.compacting.tapPromise(name, fn)`: runs before each compaction (returns the function that untaps). */
  hooks: CompactionHooks;
}

/**
 * The parts of the context and sessions plugins' APIs used here (either may be disabled). The types are theirs,
 * imported as types: none of their code comes with them, and a changed API fails to compile here.
 */
type ContextPeer = Pick<ContextApi, "count" | "countNow" | "countText" | "countMessages" | "maxTokens" | "refresh">;
type SessionsPeer = Pick<SessionsApi, "save" | "nameOf" | "fileOf">;

/** Set on a session compacted by `beforeTurn`, so that a failed turn goes back to the compacted state. */
const COMPACTED_BEFORE_TURN = "compaction:compactedBeforeTurn";


/**
 * Compaction (seed § 14): /compact, automatic compaction before sending and after each turn, the emergency path
 * for a context the server refuses, and the summary as the starting context of the next agent.
 */
export default definePlugin<CompactionOptions, CompactionApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Summarises the conversation when it grows too large (/compact, automatic, emergency)",
  optionsSchema: precompiled(OPTIONS_SCHEMA, validateOptions),
  apply(context, options) {
    const auto = options.auto ?? true;
    const contextApi = () => context.plugins.get<ContextPeer>("context")?.api;
    const peers = (): CompactionPeers => {
      const counting = contextApi();
      const sessions = context.plugins.get<SessionsPeer>("sessions")?.api;
      return {
        announce: (event) => context.trigger.onCompact(event),
        systemPrompt: async (setup) => joinPromptSections(await context.trigger.systemPrompt([], setup)),
        ...(counting
          ? {
              countMessages: (session, messages) => counting.countMessages(session, messages),
              countText: (_session, text) => counting.countText(text),
              refresh: (session) => counting.refresh(session),
            }
          : {}),
        ...(sessions
          ? {
              save: (session) => sessions.save(session),
              nameOf: (session) => sessions.nameOf(session),
              fileOf: (session) => sessions.fileOf(session),
            }
          : {}),
      };
    };
    const owned = context.hooks.own(COMPACTION_HOOKS);
    const compact = async (session: AgentSession, compactOptions: CompactOptions = {}, trigger: CompactingEvent["trigger"] = "manual") => {
      if (session.messages.length > 0) await owned.hooks.compacting.promise({ session, trigger });
      return compactNow(session, peers(), compactOptions);
    };

    const thresholdFor = async (session: AgentSession): Promise<number | undefined> => {
      const max = await contextApi()?.maxTokens(session);
      if (max === undefined) return undefined;
      const threshold = compactionThreshold(max, options.threshold);
      return threshold > 0 ? threshold : undefined;
    };

    /**
     * Compacts in place when the context is over the threshold (seed § 14.3); a failure only warns. With
     * `waitForCount: false` (the check after a turn), a tokenizer still loading skips the check rather than keep
     * the turn from ending: the before-send check of the next turn, which waits, does it.
     */
    const autoCompact = async (
      session: AgentSession,
      check: { signal?: AbortSignal; extraText?: string; waitForCount: boolean },
    ): Promise<boolean> => {
      if (!auto || (session.messages.length === 0 && session.pendingContext.length === 0)) return false;
      const counting = contextApi();
      if (!counting) return false;
      if (!check.waitForCount && counting.count(session) === undefined) return false;
      const threshold = await thresholdFor(session);
      if (threshold === undefined) return false;
      const tokens = check.waitForCount ? await counting.countNow(session, check.extraText) : counting.count(session);
      if (tokens === undefined || tokens <= threshold) return false;
      const { signal } = check;
      session.events.emit({ type: "info", message: t("autoStarting", { tokens, threshold }) });
      const result = await compact(session, signal ? { signal } : {}, "auto");
      if (result.status === "failed") session.events.emit({ type: "warning", message: t("autoFailed", { reason: reasonOf(result.error) }) });
      if (result.status !== "compacted") return false;
      announce(result, (message) => session.events.emit({ type: "info", message }), (message) => session.events.emit({ type: "warning", message }));
      return true;
    };

    context.hooks.systemPrompt.tap(PLUGIN_NAME, (sections, setup) =>
      setup.startContext === undefined
        ? sections
        : [...sections, { id: "compaction:start-context", order: PROMPT_ORDER.CONTEXT, text: startContextSection(setup.startContext) }],
    );

    // After the other beforeTurn taps (`@` files joined to the pending context), so that they are part of the summary.
    context.hooks.beforeTurn.tapPromise({ name: PLUGIN_NAME, stage: STAGE.POST }, async (input) => {
      const check = { ...(input.signal ? { signal: input.signal } : {}), extraText: input.text, waitForCount: true };
      if (await autoCompact(input.session, check)) input.session.state.set(COMPACTED_BEFORE_TURN, true);
      return input;
    });

    // Before anyone saves: a turn that fails after a compaction in beforeTurn is rolled back by the loop to its
    // snapshot, which predates the compaction and no longer matches the conversation; its true "before" is the
    // compacted state, empty.
    context.hooks.afterTurn.tapPromise({ name: PLUGIN_NAME, stage: STAGE.PRE }, async (outcome) => {
      const { session } = outcome;
      if (session.state.get(COMPACTED_BEFORE_TURN) !== true) return;
      session.state.delete(COMPACTED_BEFORE_TURN);
      if (outcome.status === "error" || outcome.status === "aborted") {
        session.messages = [];
        session.pendingContext = [];
        contextApi()?.refresh(session);
      }
    });

    // After the session was saved: an interrupted turn is left alone, a refused context is the emergency path's.
    context.hooks.afterTurn.tapPromise({ name: PLUGIN_NAME, stage: STAGE.POST }, async (outcome) => {
      if (outcome.status === "aborted") return;
      if (outcome.status === "error" && isContextTooLongError(outcome.error)) return;
      // Never waits for the tokenizer: the first answer would stay "Working" while it loads.
      await autoCompact(outcome.session, { waitForCount: false });
    });

    // Seed § 14.5 for every front end and sub-agent: the SessionHost offers its failed requests here.
    context.hooks.recoverTurn.tapPromise(PLUGIN_NAME, (recovery) =>
      recoverTooLong(recovery, async (target, compactOptions) => {
        const result = await compact(target, compactOptions, "auto");
        if (result.status === "compacted") {
          const events = result.session.events;
          announce(result, (message) => events.emit({ type: "info", message }), (message) => events.emit({ type: "warning", message }));
        }
        return result;
      }),
    );

    context.commands.register({
      name: "compact",
      description: t("compactDescription"),
      async run({ session, host, output, signal }) {
        const result = await compact(session, { signal, host });
        report(result, output);
      },
    });

    return {
      compactNow: (session, compactOptions) => compact(session, compactOptions),
      threshold: thresholdFor,
      hooks: owned.taps,
    };
  },
});

/** What /compact shows: the summary, the record, the new name (seed § 14.2.5). */
function report(result: CompactResult, output: CommandOutput): void {
  switch (result.status) {
    case "nothing":
      return output.info(t("nothingToCompact"));
    case "aborted":
      return output.warn(t("compactAborted"));
    case "failed":
      return output.error(t("compactFailed", { reason: reasonOf(result.error) }));
    case "compacted":
      output.text(`${t("summaryHeading")}\n\n${result.summary}`);
      announce(result, (message) => output.info(message), (message) => output.warn(message));
  }
}

function announce(result: Extract<CompactResult, { status: "compacted" }>, info: (message: string) => void, warn: (message: string) => void): void {
  if (result.truncated) warn(t("summaryTruncated"));
  info(describeRecord(result.record));
  if (result.record.to !== undefined) info(t("newSessionName", { name: result.record.to }));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { compactNow, describeRecord, startContextSection, type CompactResult, type CompactRecord, type CompactOptions } from "./compact-now.ts";
export { isContextTooLongError } from "./context-errors.ts";
export { shrinkToolResults, EMERGENCY_TOOL_RESULT_CHARS } from "./shrink-tool-results.ts";
export { compactionThreshold, SUMMARY_MAX_TOKENS, SAFETY_MARGIN_TOKENS } from "./threshold.ts";
export { requestCompactSummary, type Summary } from "./request-summary.ts";
export { recoverTooLong } from "./recovery.ts";
