import type { AgentEvents, AgentSession, Locale, SlashCommand } from "@maia/kernel";
import { formatContextUsage } from "./format-usage.ts";
import { t } from "./messages.ts";

interface ModelUsage {
  input: number;
  output: number;
  requests: number;
}

/**
 * The tokens the provider reported (the `usage` events of each answer), added up per model for one conversation:
 * one front end's event bus, which survives /model, /clear and /load. A model switched to for one request (a
 * custom command's `model`) gets its own row. Sub-agents run in their own processes and are not counted here.
 */
export class ProviderUsage {
  readonly #byBus = new WeakMap<AgentEvents, { current: AgentSession; models: Map<string, ModelUsage> }>();

  /** Called at each session start: its answers are counted under its model from now on. */
  follow(session: AgentSession): void {
    const known = this.#byBus.get(session.events);
    if (known) {
      known.current = session;
      return;
    }
    const entry = { current: session, models: new Map<string, ModelUsage>() };
    this.#byBus.set(session.events, entry);
    session.events.on((event) => {
      if (event.type !== "usage") return;
      const model = entry.current.provider.model;
      const row = entry.models.get(model) ?? { input: 0, output: 0, requests: 0 };
      entry.models.set(model, { input: row.input + event.inputTokens, output: row.output + event.outputTokens, requests: row.requests + 1 });
    });
  }

  of(session: AgentSession): ReadonlyMap<string, ModelUsage> {
    return this.#byBus.get(session.events)?.models ?? new Map();
  }
}

/**
 * `/usage`: the provider's counts per model, beside the local count of the context (seed § 13.1's bar). `context`
 * waits for the tokenizer and the quick sources of the maximum: the user asked, and `maia -p "/usage"` ends as
 * soon as the command has printed, before anything else would have loaded them.
 */
export function usageCommand(
  usage: ProviderUsage,
  locale: Locale,
  context: (session: AgentSession) => Promise<{ tokens?: number; max?: number }>,
): SlashCommand {
  const number = (value: number) => value.toLocaleString(locale === "fr" ? "fr-FR" : "en-US");
  return {
    name: "usage",
    description: t("usageDescription"),
    async run({ session, output }) {
      const rows = [...usage.of(session)].map(([model, row]) =>
        t("usageRow", { model, input: number(row.input), output: number(row.output), requests: row.requests }),
      );
      const now = await context(session);
      const lines = [
        rows.length === 0 ? t("usageNone") : [t("usageTitle"), ...rows].join("\n"),
        now.tokens === undefined ? t("usageContextUnknown") : t("usageContext", { usage: formatContextUsage(now.tokens, now.max) }),
      ];
      output.info(lines.join("\n"));
    },
  };
}
