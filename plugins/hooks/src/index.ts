import { definePlugin, errorMessage, STAGE, type AgentSession, type DoctorEntry, type DoctorPlace, type ToolUseBlock } from "@maia/kernel";
import { hooksDoctor } from "./doctor-report.ts";
import { contributedSources, createWarnOnce } from "@maia/util";
import { isNeutral, type Effects } from "./effects.ts";
import { fire, type Firing, type SessionFiles } from "./fire.ts";
import { hooksSlashCommand, hooksSubcommand } from "./hooks-command.ts";
import { Interruptible } from "./interruptible.ts";
import { notifyingPort } from "./notify-port.ts";
import { allSources, loadHooks, type LoadedHooks } from "./load-hooks.ts";
import { t } from "./messages.ts";
import type { HookRun } from "./run-hooks.ts";

const PLUGIN_NAME = "hooks";

/** What this plugin uses of the permissions plugin: a hook's allow lifts the default question of one call. */
interface PermissionsLike {
  preApprove(call: ToolUseBlock, source: string): void;
}

/** What this plugin uses of the compaction plugin: its `compacting` hook (before each summary). */
interface CompactionLike {
  hooks?: { compacting: { tapPromise(name: string, fn: (event: { session: AgentSession; trigger: "manual" | "auto" }) => Promise<void>): () => void } };
}

/** What this plugin uses of the sub-agents plugin: its `run` hook (each sub-agent run's start and end). */
interface SubagentsLike {
  hooks?: { run: { tap(name: string, fn: (event: { type: string; run: number; session: AgentSession; agent: string }) => void): () => void } };
}

/** The last run of each command, for `/hooks`. */
export interface LastRun {
  outcome: string;
  durationMs: number;
  at: number;
}

export interface HooksApi {
  /** The hooks as read by the last (re)load: files, trust, commands. */
  loaded(): LoadedHooks;
  lastRuns(): ReadonlyMap<string, LastRun>;
  reload(): Promise<LoadedHooks>;
  /**
   * Stops the running PostToolUse, SessionStart and SessionEnd commands (the terminal's Ctrl+C and Esc); false
   * when none ran.
   */
  interrupt(): boolean;
  /** Notification hooks for a turn that ended while the terminal was not focused (Claude Code's `idle_prompt`). */
  notifyIdle(session: AgentSession): void;
  /** `maia doctor`: each settings file's hooks, whether they run, and what was left out. */
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
}

/**
 * Claude Code's SessionStart sources and SessionEnd reasons, from the restart reason the kernel was given (a
 * string any plugin may send; an unknown one is a resume, ending the previous session for "other").
 */
const SOURCES: Readonly<Record<string, string>> = { clear: "clear", new: "clear", load: "resume", compact: "compact", model: "resume" };
const END_REASONS: Readonly<Record<string, string>> = { clear: "clear", new: "clear" };

/**
 * User hooks in Claude Code's format: the `hooks` of ~/.maia/settings.json, and, once approved by content hash,
 * of the project's .maia/settings.json and .claude/settings.json and of the enabled Claude Code plugins'
 * hooks/hooks.json. Each event runs its matching commands (in
 * parallel, identical ones once) and gives their exit codes and JSON the effects Claude Code documents.
 */
export default definePlugin<Record<string, never>, HooksApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: t("description"),
  async apply(context) {
    const { cwd, homeDir, frontEnd } = context.runtime;
    let loaded: LoadedHooks = { files: [], warnings: [] };
    const warnOnce = createWarnOnce((message) => context.log.warn(message));
    // The hooks files of the Claude Code plugins that are on (the claude-plugins plugin is applied first).
    const sources = () => allSources(cwd, homeDir, contributedSources(context.plugins));
    const reload = async () => {
      loaded = await loadHooks(sources(), homeDir);
      for (const warning of loaded.warnings) warnOnce(warning);
      for (const file of loaded.files) {
        if (!file.trusted && file.commands.length > 0) warnOnce(t("notApproved", { file: file.path, count: file.commands.length }));
      }
      return loaded;
    };
    await reload();

    const lastRuns = new Map<string, LastRun>();
    const firing: Firing = {
      loaded: () => loaded,
      sessions: () => context.plugins.get<SessionFiles>("sessions")?.api,
      onRun(run: HookRun, session: AgentSession | undefined) {
        const { hook, outcome, durationMs } = run;
        lastRuns.set(hook.command, { outcome, durationMs, at: Date.now() });
        context.log.info(t("logRun", { event: hook.event, command: brief(hook.command), outcome, ms: durationMs }));
        session?.events.emit({ type: "hook", event: hook.event, command: hook.command, outcome, durationMs });
      },
    };
    const interruptible = new Interruptible();
    const interrupt = () => {
      const events = interruptible.interrupt();
      if (events.length > 0) context.log.warn(t("interrupted", { events: events.join(", ") }));
      return events.length > 0;
    };
    const warnUser = (session: AgentSession, effects: Effects) => {
      for (const message of effects.warnings) session.events.emit({ type: "warning", message });
    };

    // SessionStart: its stdout joins the context of the first request, as data.
    const endReasons = new WeakMap<AgentSession, string>();
    context.hooks.sessionStart.tapPromise(PLUGIN_NAME, async (session) => {
      await reload();
      const reason = session.setup.restartReason;
      if (session.setup.previous && reason) endReasons.set(session.setup.previous, END_REASONS[reason] ?? "other");
      session.interaction = notifyingPort(
        session.interaction,
        (message) => {
          void fire(firing, "Notification", session, { message, notification_type: "permission_prompt" }, { match: "permission_prompt" }).then(
            (effects) => warnUser(session, effects),
            () => undefined,
          );
        },
        // PermissionRequest (Claude Code): the user's trusted hooks may answer the question MAIA is about to ask.
        async (detail, signal) => {
          const suggestions = (detail.always?.rules ?? []).map((rule) => ({ type: "addRules", rules: [rule], behavior: "allow" }));
          const fields = { tool_name: detail.tool, tool_input: detail.input, permission_suggestions: suggestions };
          const effects = await fire(firing, "PermissionRequest", session, fields, { match: detail.tool, ...(signal ? { signal } : {}) });
          warnUser(session, effects);
          return effects.permission === "deny" ? "no" : effects.permission === "allow" ? "yes" : undefined;
        },
      );
      const source = reason === undefined ? (session.setup.resuming ? "resume" : "startup") : (SOURCES[reason] ?? "resume");
      const effects = await interruptible.run("SessionStart", (signal) => fire(firing, "SessionStart", session, { source }, { match: source, signal }));
      for (const message of effects.warnings) context.log.warn(message);
      session.pendingContext.push(...effects.stdout, ...effects.context);
    });

    context.hooks.sessionEnd.tapPromise(PLUGIN_NAME, async (session) => {
      const reason = endReasons.get(session) ?? "prompt_input_exit";
      const effects = await interruptible.run("SessionEnd", (signal) => fire(firing, "SessionEnd", session, { reason }, { signal }));
      for (const message of effects.warnings) context.log.warn(message);
    });

    // UserPromptSubmit, before every other tap (no `@` read, no compaction for a prompt that will not be sent).
    const blockedTurns = new WeakSet<AgentSession>();
    context.hooks.beforeTurn.tapPromise({ name: PLUGIN_NAME, stage: STAGE.PRE }, async (turn) => {
      if (turn.origin === "hook" || turn.origin === "subagent") return turn;
      const effects = await fire(firing, "UserPromptSubmit", turn.session, { prompt: turn.text }, { signal: turn.signal });
      warnUser(turn.session, effects);
      if (effects.blocks.length > 0 || effects.stop !== undefined) {
        blockedTurns.add(turn.session);
        const reason = [...effects.blocks, effects.stop ?? ""].filter(Boolean).join("\n");
        return { ...turn, blocked: t("promptBlocked", { reason }) };
      }
      turn.session.pendingContext.push(...effects.stdout, ...effects.context);
      return turn;
    });

    // PreToolUse runs once per call, before the permission check: its updatedInput is what the rules then see.
    // Per session: ACP holds several sessions in one kernel, and some providers number their calls (call_0…).
    const pendingBySession = new WeakMap<AgentSession, Map<string, Effects>>();
    const pendingOf = (session: AgentSession) => {
      let pending = pendingBySession.get(session);
      if (!pending) pendingBySession.set(session, (pending = new Map()));
      return pending;
    };
    context.hooks.reviseToolCall.tapPromise(PLUGIN_NAME, async (revision) => {
      const { session, call, input, signal } = revision;
      const preToolUse = pendingOf(session);
      preToolUse.delete(call.id);
      const fields = { tool_name: call.name, tool_input: input, tool_use_id: call.id };
      const effects = await fire(firing, "PreToolUse", session, fields, { match: call.name, ...(signal ? { signal } : {}) });
      if (isNeutral(effects)) return revision;
      warnUser(session, effects);
      preToolUse.set(call.id, effects);
      const refused = effects.blocks.length > 0 || effects.permission === "deny" || effects.stop !== undefined;
      return effects.updatedInput && !refused ? { ...revision, input: effects.updatedInput } : revision;
    });

    context.hooks.checkPermission.tapPromise({ name: PLUGIN_NAME, stage: STAGE.PRE }, async (check) => {
      const preToolUse = pendingOf(check.session);
      const effects = preToolUse.get(check.call.id);
      if (!effects) return check;
      const reasons = [...effects.blocks, ...effects.permissionReasons].filter(Boolean);
      if (effects.stop !== undefined) {
        const reason = effects.stop || reasons.join("\n");
        preToolUse.delete(check.call.id);
        return { ...check, verdict: { decision: "deny", source: PLUGIN_NAME, reason, message: t("toolStopped", { reason }) } };
      }
      if (effects.blocks.length > 0 || effects.permission === "deny") {
        const reason = reasons.join("\n") || "deny";
        preToolUse.delete(check.call.id);
        return { ...check, verdict: { decision: "deny", source: PLUGIN_NAME, reason, message: t("toolBlocked", { reason }) } };
      }
      if (effects.permission === "ask") return { ...check, verdict: { decision: "ask", source: PLUGIN_NAME, reason: reasons.join("\n") || PLUGIN_NAME } };
      if (effects.permission === "allow") {
        // Every hook that runs is trusted (user settings, or a project file the user approved): its allow counts.
        context.plugins.get<PermissionsLike>("permissions")?.api?.preApprove(check.call, PLUGIN_NAME);
      }
      return check;
    });

    // PostToolUse: exit 2's stderr, a block's reason and additionalContext (PreToolUse's too) reach the model with
    // the result; plain stdout is for the log only, as in Claude Code.
    context.hooks.afterToolCall.tapPromise(PLUGIN_NAME, async (event) => {
      const { session, call, output } = event;
      const preToolUse = pendingOf(session);
      const before = preToolUse.get(call.id)?.context ?? [];
      preToolUse.delete(call.id);
      const fields = { tool_name: call.name, tool_input: call.input, tool_response: output, tool_use_id: call.id };
      const effects = await interruptible.run("PostToolUse", (signal) => fire(firing, "PostToolUse", session, fields, { match: call.name, signal }));
      warnUser(session, effects);
      // PostToolUseFailure (Claude Code): a call that failed, after PostToolUse (which MAIA runs for every call).
      const failure = event.isError
        ? await interruptible.run("PostToolUseFailure", (signal) =>
            fire(firing, "PostToolUseFailure", session, { tool_name: call.name, tool_input: call.input, tool_use_id: call.id, error: output }, { match: call.name, signal }),
          )
        : undefined;
      if (failure) warnUser(session, failure);
      const text = [
        ...before,
        ...effects.blocks,
        ...(effects.stop ? [effects.stop] : []),
        ...effects.context,
        ...(failure ? [...failure.blocks, ...failure.context] : []),
      ].join("\n");
      if (text) event.feedback.push(t("postFeedback", { text }));
    });

    // StopFailure (Claude Code): the turn ended on an error (the model server's, a failed request) rather than done.
    context.hooks.afterTurn.tapPromise(PLUGIN_NAME, async (outcome) => {
      if (outcome.status !== "error") return;
      const effects = await fire(firing, "StopFailure", outcome.session, { error: errorMessage(outcome.error) }, {});
      for (const message of effects.warnings) context.log.warn(message);
    });

    // PostCompact (Claude Code): once a conversation has been replaced by its summary.
    // The trigger is the one PreCompact got, from the compaction plugin (a plugin may compact otherwise: manual).
    const triggers = new WeakMap<AgentSession, string>();
    context.hooks.onCompact.tapPromise(PLUGIN_NAME, async (compact) => {
      const trigger = triggers.get(compact.session) ?? "manual";
      const effects = await fire(firing, "PostCompact", compact.session, { trigger, compact_summary: compact.summary }, { match: trigger });
      for (const message of effects.warnings) context.log.warn(message);
      return compact;
    });

    // Stop / SubagentStop: a block keeps the agent going, its reason as the next instruction.
    const stopEvent = frontEnd.child ? "SubagentStop" : "Stop";
    context.hooks.continueTurn.tapPromise(PLUGIN_NAME, async (continuation) => {
      const session = continuation.outcome.session;
      if (blockedTurns.has(session)) {
        blockedTurns.delete(session);
        return undefined;
      }
      const effects = await fire(firing, stopEvent, session, { stop_hook_active: continuation.continuations > 0 }, continuation.signal ? { signal: continuation.signal } : {});
      warnUser(session, effects);
      if (effects.stop !== undefined || effects.blocks.length === 0) return undefined;
      return { prompt: t("stopFeedback", { event: stopEvent, reason: effects.blocks.join("\n") }) };
    });

    // SubagentStart (Claude Code), through the sub-agents plugin's own hook: a run of `&name` or the Agent tool starts.
    context.plugins.get<SubagentsLike>("subagents")?.api?.hooks?.run.tap(PLUGIN_NAME, (run) => {
      if (run.type !== "subagent_start") return;
      void fire(firing, "SubagentStart", run.session, { agent_id: `${run.agent}-${run.run}`, agent_type: run.agent }, { match: run.agent }).then(
        (effects) => warnUser(run.session, effects),
        () => undefined,
      );
    });

    // PreCompact, through the compaction plugin's own hook (the plugin may be disabled).
    const compaction = context.plugins.get<CompactionLike>("compaction")?.api;
    compaction?.hooks?.compacting.tapPromise(PLUGIN_NAME, async ({ session, trigger }) => {
      triggers.set(session, trigger);
      const effects = await fire(firing, "PreCompact", session, { trigger, custom_instructions: "" }, { match: trigger });
      warnUser(session, effects);
    });

    context.subcommands.register(hooksSubcommand(sources));
    context.commands.register(hooksSlashCommand({ loaded: () => loaded, lastRuns: () => lastRuns, reload, homeDir }));
    const notifyIdle = (session: AgentSession) => {
      void fire(firing, "Notification", session, { message: t("idleMessage"), notification_type: "idle_prompt" }, { match: "idle_prompt" }).then(
        (effects) => warnUser(session, effects),
        () => undefined,
      );
    };
    return { loaded: () => loaded, lastRuns: () => lastRuns, reload, interrupt, notifyIdle, doctor: async (place) => hooksDoctor(place, await contributedSources(context.plugins)?.at(place)) };
  },
});

function brief(command: string): string {
  const line = command.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

export type { HookCommand, HookFile, HookOrigin, LoadedHooks } from "./load-hooks.ts";
export { HOOK_EVENTS, type HookEvent } from "./events.ts";
