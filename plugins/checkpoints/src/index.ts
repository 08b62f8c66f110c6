import { definePlugin, STAGE, type AgentSession } from "@maia/kernel";
import type { SessionsApi } from "@maia/plugin-sessions";
import { CheckpointStore } from "./checkpoint-store.ts";
import { rewindCommand, undoCommand } from "./commands.ts";
import { t } from "./messages.ts";
import { pruneDaily } from "./prune-daily.ts";
import { checkpointsSubcommand, type SavedConversations } from "./subcommand.ts";
import { TurnTracker } from "./turn-tracker.ts";

const PLUGIN_NAME = "checkpoints";

type SessionsPeer = Pick<SessionsApi, "nameOf" | "save" | "list" | "openForResume" | "rewriteMessages">;

/**
 * Checkpoints: a snapshot of the launch folder before the first call of a turn that may change files (Bash,
 * Write, Edit, custom and MCP tools, sub-agents), in a git repository of MAIA's own, so that /undo and /rewind
 * take back whatever changed the files, and the conversation with them.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Undo what a turn did to the files and the conversation (/undo, /rewind, maia checkpoints)",
  dependencies: ["sessions"],
  apply(context) {
    const { cwd, homeDir, env, frontEnd } = context.runtime;
    let opened: Promise<CheckpointStore> | undefined;
    const store = () => (opened ??= CheckpointStore.open({ homeDir, cwd, env }));
    const sessions = () => context.plugins.get<SessionsPeer>("sessions")?.api;
    const nameOf = (session: AgentSession) => sessions()?.nameOf(session) ?? session.id;
    const said = new Set<string>();
    const tracker = new TurnTracker({
      store,
      nameOf,
      warnOnce: (kind, detail) => {
        if (said.has(kind)) return;
        said.add(kind);
        context.log.warn(kind === "noGit" ? t("noGit") : kind === "snapshotSlow" ? t("snapshotSlow") : t("snapshotFailed", { reason: detail ?? "" }));
      },
    });
    let recording: Promise<unknown> = Promise.resolve();

    // A sub-agent's calls are part of its parent's turn, whose snapshot was taken before the Agent call.
    if (!frontEnd.child) {
      // After every other tap (a compaction at STAGE.POST may have replaced the messages): where the turn begins.
      context.hooks.beforeTurn.tapPromise({ name: PLUGIN_NAME, stage: STAGE.POST + 1 }, async (input) => {
        tracker.begin(input.session, input.text);
        return input;
      });
      context.hooks.beforeToolCall.tapPromise(PLUGIN_NAME, (event) => tracker.beforeCall(event));
      // Last, after a user's PostToolUse hook (which may reformat what the call wrote): starts the snapshot after
      // in the background, while the model answers; the end of the turn awaits it.
      context.hooks.afterToolCall.tapPromise({ name: PLUGIN_NAME, stage: STAGE.POST + 1 }, async (event) => tracker.afterCall(event));
      context.hooks.afterTurn.tapPromise(PLUGIN_NAME, async (outcome) => {
        const ending = tracker.end(outcome).catch((error: unknown) => {
          context.log.warn(t("recordFailed", { reason: error instanceof Error ? error.message : String(error) }));
        });
        recording = ending;
        await ending;
      });
    }
    if (frontEnd.terminal) {
      const deps = {
        store,
        nameOf,
        settled: () => recording.then(() => undefined),
        conversationChanged: async (session: AgentSession) => {
          context.trigger.contextChanged(session, "restored");
          await sessions()?.save(session);
        },
      };
      context.commands.register(undoCommand(deps));
      context.commands.register(rewindCommand(deps));
    }
    if (frontEnd.interactive) {
      context.hooks.sessionStart.tap(PLUGIN_NAME, () => pruneDaily(store, (reason) => context.log.debug(reason)));
    }
    const saved = (): SavedConversations | undefined => {
      const api = sessions();
      if (!api) return undefined;
      return {
        names: async () => (await api.list()).sessions.map((entry) => entry.name),
        messagesOf: async (name) => (await api.openForResume(name)).messages,
        rewriteMessages: (name, messages) => api.rewriteMessages(name, messages),
      };
    };
    context.subcommands.register(checkpointsSubcommand(saved));
  },
});
