import type { ToolCallContent } from "@agentclientprotocol/sdk";
import type { ShellEnd } from "@maia/plugin-builtin-tools";
import { OutputCap } from "@maia/util";
import { t } from "./messages.ts";
import type { BackgroundPeer } from "./peers.ts";
import type { TrackedCall } from "./tool-calls.ts";
import { sandboxMeta, SHOWN_OUTPUT_CHARS } from "./tool-calls.ts";
import type { UpdateQueue } from "./update-queue.ts";

/** Output updates of one background call are sent at most this often: a chatty server must not flood the editor. */
const UPDATE_EVERY_MS = 250;

interface Followed {
  tracked: TrackedCall;
  stop(): void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * The tool calls that left a command running in the background (Bash with `run_in_background`, issue 39): they
 * stay `in_progress` after the turn, their output is sent as it comes (the call's content replaced, at most every
 * 250 ms, the middle of a long output cut as Bash's is), and they end `completed` (exit code 0) or `failed` when
 * the command ends. `_meta.maia.background` names the command (`{ id, running }`), so a client can stop it
 * (`_maia/background/kill`).
 */
export class BackgroundCalls {
  readonly #queue: UpdateQueue;
  readonly #followed = new Map<string, Followed>();

  constructor(queue: UpdateQueue) {
    this.#queue = queue;
  }

  /**
   * Follows the command the call `callId` left running, if any: true when it did (the call's final status is then
   * this class's to send).
   */
  follow(tracked: TrackedCall, callId: string, result: string, background: BackgroundPeer, session: { state: Map<string, unknown> }, sandboxed: boolean | undefined): boolean {
    const cap = new OutputCap(SHOWN_OUTPUT_CHARS);
    let shellId = "";
    const followed: Followed = { tracked, stop: () => undefined, timer: undefined };
    const send = (final?: ShellEnd) => {
      followed.timer = undefined;
      const output = cap.result((omitted) => t("outputCut", { count: omitted }));
      const content: ToolCallContent[] = [{ type: "content", content: { type: "text", text: result } }];
      if (output !== "") content.push({ type: "content", content: { type: "text", text: output } });
      const meta = { ...sandboxMeta(sandboxed)._meta?.maia, background: { id: shellId, running: final === undefined } };
      this.#queue.push({
        sessionUpdate: "tool_call_update",
        toolCallId: tracked.acpId,
        status: final === undefined ? "in_progress" : final.kind === "exit" && final.code === 0 ? "completed" : "failed",
        content,
        ...(final === undefined ? {} : { rawOutput: { output, end: final } }),
        _meta: { maia: meta },
      });
    };
    const following = background.follow(session, callId, (event) => {
      if (event.type === "output") {
        cap.push(event.text);
        followed.timer ??= setTimeout(() => send(), UPDATE_EVERY_MS);
        return;
      }
      clearTimeout(followed.timer);
      this.#followed.delete(tracked.acpId);
      followed.stop();
      send(event.end);
    });
    if (!following) return false;
    shellId = following.shell.id;
    cap.push(following.output);
    followed.stop = following.stop;
    if (following.shell.end) {
      // Ended before the call's result was even reported (a command that exits at once).
      following.stop();
      send(following.shell.end);
      return true;
    }
    this.#followed.set(tracked.acpId, followed);
    send();
    return true;
  }

  /** The session closes: nothing more is sent for its calls (their commands are stopped by the session's end). */
  close(): void {
    for (const followed of this.#followed.values()) {
      clearTimeout(followed.timer);
      followed.stop();
    }
    this.#followed.clear();
  }
}
