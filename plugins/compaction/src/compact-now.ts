import { isAbortError, type AgentSession, type CompactEvent, type SessionHost, type SessionSetup } from "@maia/kernel";
import type { ContextApi } from "@maia/plugin-context";
import type { SessionsApi } from "@maia/plugin-sessions";
import { t } from "./messages.ts";
import { requestCompactSummary } from "./request-summary.ts";

/** What compaction needs from the context and sessions plugins; each may be absent (disabled). */
export interface CompactionPeers {
  countMessages?: ContextApi["countMessages"];
  countText?(session: AgentSession, text: string): Promise<number>;
  refresh?: ContextApi["refresh"];
  save?: SessionsApi["save"];
  nameOf?: SessionsApi["nameOf"];
  fileOf?: SessionsApi["fileOf"];
  /** Announces the compaction (`onCompact`); the sessions plugin's tap writes `xxx__n` and returns its name as `to`. */
  announce?(event: CompactEvent): Promise<CompactEvent>;
  /** The system prompt the plugins give for a setup: the in-place path rebuilds it around the summary. */
  systemPrompt?(setup: SessionSetup): Promise<string>;
}

export interface CompactRecord {
  replacedMessages: number;
  replacedTokens?: number;
  summaryTokens?: number;
  /** The session's name before, and the file that still holds the whole conversation. */
  from?: string;
  fromFile?: string;
  /** The name the session goes by now (`xxx__n`). */
  to?: string;
}

export type CompactResult =
  | { status: "nothing" }
  | { status: "compacted"; session: AgentSession; summary: string; truncated: boolean; record: CompactRecord }
  | { status: "aborted" }
  | { status: "failed"; error: unknown };

export interface CompactOptions {
  emergency?: boolean;
  signal?: AbortSignal;
  /** When a front end is there, the agent is rebuilt through it (seed § 14.2.4); else the session changes in place. */
  host?: SessionHost;
}

/** The system prompt's section for a starting context (what the systemPrompt tap adds for a new agent). */
export function startContextSection(summary: string): string {
  return `${t("startContextHeading")}\n\n${summary}`;
}

/**
 * `compactNow` (seed § 14.2): save the session as it is, ask for the summary, then replace the conversation by it
 * — through the host, which builds a new agent whose system prompt carries the summary instead of MAIA.md, or, with
 * no host (automatic and emergency paths, headless), in place: messages and pending context emptied, the summary
 * set as starting context and the system prompt rebuilt by the plugins for it (so it too has the summary instead
 * of MAIA.md). Then the session is written as `xxx__n`. On error or
 * abort before the replacement, the conversation is unchanged. Never throws.
 */
export async function compactNow(session: AgentSession, peers: CompactionPeers, options: CompactOptions = {}): Promise<CompactResult> {
  if (session.messages.length === 0 && session.pendingContext.length === 0) return { status: "nothing" };
  let summary;
  let record: CompactRecord;
  try {
    await peers.save?.(session);
    record = {
      replacedMessages: session.messages.length,
      ...(peers.countMessages ? { replacedTokens: await peers.countMessages(session, session.messages) } : {}),
      ...(peers.nameOf ? { from: peers.nameOf(session) } : {}),
    };
    const fromFile = peers.fileOf?.(session);
    if (fromFile !== undefined) record.fromFile = fromFile;
    summary = await requestCompactSummary(session, {
      ...(options.emergency ? { emergency: true } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) return { status: "aborted" };
    return { status: "failed", error };
  }

  let target = session;
  if (options.host) {
    try {
      target = await options.host.restart({ startContext: summary.text, reason: "compact" });
    } catch (error) {
      return { status: "failed", error };
    }
  } else {
    await replaceInPlace(session, summary.text, peers.systemPrompt);
  }
  if (peers.countText) record.summaryTokens = await peers.countText(target, summary.text);
  if (peers.announce) {
    try {
      const announced = await peers.announce({
        session: target,
        summary: summary.text,
        replacedMessages: record.replacedMessages,
        ...(record.replacedTokens === undefined ? {} : { replacedTokens: record.replacedTokens }),
        ...(record.from === undefined ? {} : { from: record.from }),
      });
      if (announced.to !== undefined) record.to = announced.to;
    } catch (error) {
      target.events.emit({ type: "warning", message: error instanceof Error ? error.message : String(error) });
    }
  }
  peers.refresh?.(target);
  return { status: "compacted", session: target, summary: summary.text, truncated: summary.truncated, record };
}

/**
 * Without a host, the session object the front end holds must change itself. Its system prompt is rebuilt by the
 * plugins as a new agent's would be for this starting context (memory then gives the summary instead of
 * MAIA.md); should that fail, the old prompt is kept with its summary section replaced.
 */
async function replaceInPlace(session: AgentSession, summary: string, systemPrompt: CompactionPeers["systemPrompt"]): Promise<void> {
  let rebuilt: string | undefined;
  try {
    rebuilt = await systemPrompt?.({ ...session.setup, startContext: summary });
  } catch {
    rebuilt = undefined;
  }
  if (rebuilt !== undefined) {
    session.system = rebuilt;
  } else {
    const previous = session.startContext === undefined ? undefined : startContextSection(session.startContext);
    const base = previous !== undefined && session.system.includes(previous) ? session.system.replace(previous, "").trim() : session.system;
    session.system = [base, startContextSection(summary)].filter((part) => part !== "").join("\n\n");
  }
  session.messages = [];
  session.pendingContext = [];
  session.startContext = summary;
}

/** The line that tells what a compaction replaced and where the whole conversation still is. */
export function describeRecord(record: CompactRecord): string {
  const params = {
    messages: record.replacedMessages,
    tokens: record.replacedTokens ?? "?",
    summaryTokens: record.summaryTokens ?? "?",
  };
  return record.fromFile !== undefined ? t("recordWithFile", { ...params, file: record.fromFile }) : t("recordWithoutFile", params);
}
