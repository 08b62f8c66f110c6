import { Conversation, errorMessage, type Message, type PluginLogger } from "@maia/kernel";
import type { SubagentsApi } from "@maia/plugin-subagents";
import { boot } from "../boot.ts";
import { attributed } from "../plugin-log.ts";
import { t } from "./messages.ts";
import { ParentChannel, type IpcProcess } from "./parent-channel.ts";

export interface SubagentIO {
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  /** The IPC end (this process, when forked by MAIA). */
  ipc?: IpcProcess;
}

/** How long a sub-agent whose parent went away gets to stop its tools before it exits anyway. */
const LOST_PARENT_GRACE_MS = 2_000;

/**
 * `maia --subagent` (seed § 20.3): the process MAIA forks for one sub-agent. It waits for `start`, boots the same
 * plugins from the same configuration as the parent (front end "subagent": no UI), lets the subagents plugin
 * restrict what they built by the definition, runs the task with the effort's iterations through the kernel's
 * host (so a context the server refuses is compacted and the task sent again, as in the parent), sends `done` with the
 * summary and the conversation, and ends. An `abort` cancels the request and refuses pending questions; losing
 * the channel ends the process. Nothing is written to stdout; problems go to stderr, whose end the parent shows.
 */
export async function runSubagent(io: SubagentIO): Promise<number> {
  const ipc = io.ipc ?? (process as unknown as IpcProcess);
  if (typeof ipc.send !== "function" || ipc.connected !== true) {
    io.stderr.write(`${t("needsParent")}\n`);
    return 2;
  }
  const channel = new ParentChannel(ipc);
  const controller = new AbortController();
  let conversation: Conversation | undefined;
  let snapshot: Message[] | undefined;
  let finished = false;
  channel.onAbort = () => {
    // The loop rolls an interrupted request back: what was done so far is kept here, for the trace.
    if (conversation && !snapshot) snapshot = structuredClone(conversation.current.messages);
    controller.abort();
  };
  channel.onLost = () => {
    controller.abort();
    if (!finished) setTimeout(() => process.exit(1), LOST_PARENT_GRACE_MS);
  };

  const spec = await channel.waitForStart();
  if (!spec) return 1;
  const log: PluginLogger = {
    info: () => undefined,
    debug: () => undefined,
    // The parent shows only the definition's own warnings (seed § 20.3.1); the rest stays in stderr's tail.
    warn: (message, origin) => void io.stderr.write(`WARN ${attributed(message, origin)}\n`),
    error: (message) => void io.stderr.write(`FAIL ${message}\n`),
  };
  let done;
  try {
    // The parent's --allow rules; the definition's allow/ask/deny rules go to the permissions plugin on arm (union).
    const booted = await boot({ frontEnd: "subagent", log, env: io.env, allowRules: spec.allowRules, conversation: true });
    const kernel = booted.kernel;
    const api = kernel.plugins.get<SubagentsApi>("subagents")?.api;
    if (!api) throw new Error(t("pluginMissing"));
    api.child.arm(
      spec,
      (level, message) => void channel.send({ type: "log", level, message }),
      // The parent's MCP tools run on the parent's connections: this process starts no MCP server of its own.
      (name, input, signal) => channel.callMcp(name, input, signal),
    );
    conversation = await Conversation.start({ kernel, model: spec.model, interaction: channel.interaction(spec.canAsk) });
    const outcome = await conversation.submit(spec.task, {
      signal: controller.signal,
      // A Claude Code agent's maxTurns, else its effort's steps.
      maxIterations: spec.agent.maxTurns ?? api.child.maxIterations(spec.agent.effort),
      origin: "subagent",
    });
    if (controller.signal.aborted) done = api.child.done(false, t("interrupted"), snapshot ?? outcome.session.messages);
    else done = await api.child.conclude(outcome.session, outcome, controller.signal);
  } catch (error) {
    const messages = snapshot ?? conversation?.current.messages ?? [];
    done = { type: "done" as const, ok: false, summary: controller.signal.aborted ? t("interrupted") : errorMessage(error), messages, toolCalls: 0 };
  }
  if (conversation) await conversation.close().catch((error: unknown) => log.warn(errorMessage(error)));
  await channel.send(done);
  finished = true;
  channel.close();
  const code = done.ok ? 0 : 1;
  // Whatever a plugin left open (a keep-alive socket, a timer), the sub-agent's work is over.
  setTimeout(() => process.exit(code), 200).unref();
  return code;
}
