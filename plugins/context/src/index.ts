import { definePlugin, precompiled, type AgentSession } from "@maia/kernel";
import type { LiteLLMApi } from "@maia/plugin-litellm";
import { ContextCounter } from "./count-context.ts";
import { formatTokens } from "./format-usage.ts";
import { MaxRegistry, type MaxOutcome } from "./max-registry.ts";
import type { KnownMax } from "./max-context.ts";
import { t } from "./messages.ts";
import { ProviderUsage, usageCommand } from "./provider-usage.ts";
import { loadTokenizerSoon, tokenizerIfReady } from "./tokenizer.ts";
import { OPTIONS_SCHEMA } from "./options-schema.ts";
import { validateOptions } from "./options-validator.generated.ts";

const PLUGIN_NAME = "context";

export interface ContextOptions {
  /**
   * When to ask the model for its context size if neither /model/info nor ContextWindow tells (seed § 13.2):
   * "auto" only in the interactive UI (a headless run would pay a second request each time), "always", "never".
   */
  askModel: "auto" | "always" | "never";
}

/** What the compaction and sessions plugins (and front ends) use, through `plugins.get("context")?.api`. */
export interface ContextApi {
  /** The session's context in tokens (seed § 13.1), or undefined while the tokenizer is loading. */
  count(session: AgentSession): number | undefined;
  /** The same, waiting for the tokenizer; `extraText` (a request about to be sent) is added when given. */
  countNow(session: AgentSession, extraText?: string): Promise<number>;
  /** Tokens of one text (a summary, a request). */
  countText(text: string): Promise<number>;
  /** Tokens of these messages alone (4 each plus their blocks). */
  countMessages(session: AgentSession, messages: AgentSession["messages"]): Promise<number>;
  /** The maximum known now for the session's model, without waiting. */
  knownMax(session: AgentSession): KnownMax | undefined;
  /** The maximum from /model/info or settings (waiting for them), or the model's answer if it already came. */
  maxTokens(session: AgentSession): Promise<number | undefined>;
  /** Recounts and emits `context_usage` (after a plugin replaced the conversation). */
  refresh(session: AgentSession): void;
  /** Abandons a context-size question in flight (Ctrl+C during it). */
  abandonQuestion(): void;
}



/**
 * Context size (seed § 13.1–13.2): counts what is sent to the model with o200k_base, emits `context_usage` each
 * time the conversation changes, and finds the model's maximum (/model/info, ContextWindow, then the question).
 */
export default definePlugin<ContextOptions, ContextApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Counts the context in tokens (o200k_base) and finds the model's maximum context size",
  optionsSchema: precompiled(OPTIONS_SCHEMA, validateOptions),
  apply(context, options) {
    const { frontEnd } = context.runtime;
    const askModel = options.askModel ?? "auto";
    const counters = new WeakMap<AgentSession, ContextCounter>();
    const live = new Set<AgentSession>();
    const waiting = new Set<AgentSession>();
    let tokenizerWarned = false;

    const registry = new MaxRegistry({
      shouldAsk: () => askModel === "always" || (askModel === "auto" && frontEnd.terminal),
      readSetting: async () => {
        const litellm = context.plugins.get<Pick<LiteLLMApi, "settings">>("litellm");
        return (await litellm?.api?.settings())?.settings.ContextWindow;
      },
      onSourceError: (source, error) => context.log.debug(`context: ${source}: ${error instanceof Error ? error.message : String(error)}`),
    });

    const counterFor = (session: AgentSession): ContextCounter | undefined => {
      let counter = counters.get(session);
      const countText = tokenizerIfReady();
      if (!counter && countText) counters.set(session, (counter = new ContextCounter(countText)));
      return counter;
    };
    const count = (session: AgentSession): number | undefined =>
      counterFor(session)?.count({
        system: session.system,
        messages: session.messages,
        tools: [...session.tools.values()].map((tool) => tool.spec),
        pending: session.pendingContext,
      });
    const emitUsage = (session: AgentSession): void => {
      const tokens = count(session);
      if (tokens === undefined) return;
      const max = registry.known(session.provider)?.tokens;
      session.events.emit({ type: "context_usage", tokens, ...(max === undefined ? {} : { max }) });
    };
    const whenTokenizerReady = () =>
      loadTokenizerSoon().catch((error: unknown) => {
        if (!tokenizerWarned) context.log.warn(t("tokenizerFailed", { reason: error instanceof Error ? error.message : String(error) }));
        tokenizerWarned = true;
        throw error;
      });
    const refresh = (session: AgentSession): void => {
      if (tokenizerIfReady()) return emitUsage(session);
      // Headless runs and sub-agents show no context bar: the tokenizer loads there only when a count is needed
      // (automatic compaction), not to emit usage nobody reads.
      if (!session.setup.frontEnd.interactive) return;
      // The first count arrives with the tokenizer; only the latest state of each session is then emitted.
      waiting.add(session);
      void whenTokenizerReady().then(
        () => {
          for (const pending of waiting) emitUsage(pending);
          waiting.clear();
        },
        () => waiting.clear(),
      );
    };
    const report = (outcome: MaxOutcome, session: AgentSession): void => {
      const targets = [...live].filter((other) => other.provider.model === session.provider.model);
      if (targets.length === 0) targets.push(session);
      for (const target of targets) {
        if (outcome.kind === "known") {
          const source = { model_info: t("sourceModelInfo"), settings: t("sourceSettings"), model: t("sourceModel") }[outcome.max.source];
          target.events.emit({ type: "info", message: t("maxAnnounced", { max: formatTokens(outcome.max.tokens), source }) });
          emitUsage(target);
        } else if (outcome.kind === "unknown" && target.setup.frontEnd.interactive) {
          const question = outcome.question;
          if (question?.kind === "unreadable") target.events.emit({ type: "warning", message: t("maxUnreadable", { answer: question.answer }) });
          if (question?.kind === "failed") target.events.emit({ type: "warning", message: t("maxQuestionFailed", { reason: question.reason }) });
          target.events.emit({ type: "warning", message: t("maxUnknown", { model: session.provider.model }) });
        }
      }
    };

    const providerUsage = new ProviderUsage();
    context.commands.register(
      usageCommand(providerUsage, context.runtime.locale, async (session) => {
        // A tokenizer that cannot load was reported once (tokenizerFailed): the count is then left out.
        const tokens = await whenTokenizerReady().then(
          () => count(session),
          () => undefined,
        );
        const max = (await registry.configured(session.provider))?.tokens;
        return { ...(tokens === undefined ? {} : { tokens }), ...(max === undefined ? {} : { max }) };
      }),
    );

    context.hooks.sessionStart.tap(PLUGIN_NAME, (session) => {
      providerUsage.follow(session);
      live.add(session);
      const { outcome, first } = registry.start(session.provider);
      // Announced once per model and per run; a session built later for the same model only recounts.
      if (first) void outcome.then((result) => report(result, session));
    });
    context.hooks.sessionEnd.tap(PLUGIN_NAME, (session) => {
      live.delete(session);
      waiting.delete(session);
      // Nobody left to tell: a question or /model/info request in flight must not keep the process alive.
      if (live.size === 0) registry.abandon();
    });
    context.hooks.contextChanged.tap(PLUGIN_NAME, (session) => refresh(session));

    return {
      count,
      async countNow(session, extraText) {
        await whenTokenizerReady();
        const tokens = count(session) ?? 0;
        const extra = extraText ? (counterFor(session)?.countText(extraText) ?? 0) : 0;
        return tokens + extra;
      },
      async countText(text) {
        return (await whenTokenizerReady())(text);
      },
      async countMessages(session, messages) {
        await whenTokenizerReady();
        return counterFor(session)?.countMessages(messages) ?? 0;
      },
      knownMax: (session) => registry.known(session.provider),
      maxTokens: async (session) => (await registry.configured(session.provider))?.tokens,
      refresh,
      abandonQuestion: () => registry.abandon(),
    };
  },
});

export { countContextTokens, ContextCounter, MESSAGE_OVERHEAD_TOKENS, type ContextInput } from "./count-context.ts";
export { parseTokenCount, MIN_CONTEXT_TOKENS, MAX_CONTEXT_TOKENS } from "./parse-token-count.ts";
export { formatContextUsage, formatTokens } from "./format-usage.ts";
export type { KnownMax, MaxSource } from "./max-context.ts";
export { loadTokenizer, tokenizerIfReady } from "./tokenizer.ts";
export { loadO200kTokenizer, type CountText } from "./tokenizers.ts";
