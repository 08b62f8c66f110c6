import { errorMessage, type AgentEvents, type AnyTool, type Kernel, type PermissionCheck, type PluginLogger } from "@maia/kernel";
import type { PlanEntry } from "@agentclientprotocol/sdk";
import type { AcpSession } from "./acp-session.ts";

const TAP = "acp";
/** After every plugin's permission tap, so that the verdict seen here is the final one. */
const LAST = 1_000_000;

/**
 * The front end owns its kernels, so it taps their hooks directly (plugins could not: this is not a plugin).
 * The loop announces a batch of tool calls only after it ran (seed § 6.3), and asks through a port that is
 * not told which call the question is about; the permission hook sees each call before it runs and before
 * any question. So: announce the call there, read the diff of Edit / Write there (the tool has not touched
 * the file yet), and remember that the next question is about this call. `beforeToolCall` and
 * `afterToolCall` give the in-progress and final statuses, and TodoWrite's plan.
 */
export function bridgeHooks(kernel: Kernel, sessionOf: (events: AgentEvents) => AcpSession | undefined, log: PluginLogger): void {
  kernel.hooks.checkPermission.tapPromise({ name: TAP, stage: LAST }, async (check: PermissionCheck) => {
    const acp = sessionOf(check.session.events);
    if (!acp) return check;
    try {
      const tracked = acp.toolCalls.announce(check.call, check.tool);
      await tracked.details;
      const decision = check.verdict?.decision ?? (check.tool.permission === "auto" ? "allow" : "ask");
      if (decision === "ask") acp.toolCalls.willAsk(tracked);
    } catch (error) {
      // Never let the display stand in the way of a decision: the verdict passes on unchanged.
      log.debug(`acp: tool call not announced: ${errorMessage(error)}`);
    }
    return check;
  });

  kernel.hooks.beforeToolCall.tap(TAP, (event) => {
    sessionOf(event.session.events)?.toolCalls.running(event.call.id);
  });

  kernel.hooks.afterToolCall.tap(TAP, (event) => {
    const acp = sessionOf(event.session.events);
    if (!acp) return;
    const sandboxed = sandboxedOf(event.tool, event.call.input);
    // A call that left a command running in the background stays in progress until the command ends (issue 39).
    if (!event.isError && event.call.name === "Bash" && acp.followBackground(event.call.id, event.session, event.output, sandboxed)) return;
    acp.toolCalls.finish(event.call.id, event.output, event.isError, { sandboxed, images: event.images });
    if (event.call.name === "TodoWrite" && !event.isError) {
      const todos = acp.peers.todos?.todosOf(event.session.state) ?? todosFromInput(event.call.input);
      const entries: PlanEntry[] = todos.map((todo) => ({
        content: todo.status === "in_progress" && todo.activeForm ? todo.activeForm : todo.content,
        priority: "medium",
        status: todo.status,
      }));
      acp.updates.push({ sessionUpdate: "plan", entries });
    }
  });
}

/** TodoWrite's list as the model sent it, when the builtin tools' API is not there to read the stored one. */
function todosFromInput(input: Record<string, unknown>): Array<{ content: string; status: PlanEntry["status"]; activeForm?: string }> {
  const todos = Array.isArray(input.todos) ? (input.todos as unknown[]) : [];
  return todos.flatMap((item) => {
    const todo = item as { content?: unknown; status?: unknown; activeForm?: unknown };
    if (typeof todo.content !== "string") return [];
    const status = todo.status === "in_progress" || todo.status === "completed" ? todo.status : "pending";
    return [{ content: todo.content, status, ...(typeof todo.activeForm === "string" ? { activeForm: todo.activeForm } : {}) }];
  });
}

/** Whether the call ran in the OS sandbox (Bash, custom tools), known once it ran; undefined when the tool does not say. */
function sandboxedOf(tool: AnyTool, input: Record<string, unknown>): boolean | undefined {
  try {
    return tool.sandboxed?.(input);
  } catch {
    return undefined;
  }
}
