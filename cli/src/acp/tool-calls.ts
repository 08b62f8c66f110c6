import type { AnyTool, ImageBlock } from "@maia/kernel";
import type { ToolCallContent, ToolCallStatus } from "@agentclientprotocol/sdk";
import { t } from "./messages.ts";
import { detailsWithDiff, type ToolDetails } from "./tool-details.ts";
import type { UpdateQueue } from "./update-queue.ts";

/** A tool output shown in the editor is cut here (the model gets it whole); the same cap as Bash's output. */
export const SHOWN_OUTPUT_CHARS = 30_000;

export interface TrackedCall {
  /** The id the client knows (the model's id, suffixed if a provider reused it). */
  readonly acpId: string;
  readonly name: string;
  readonly tool: AnyTool | undefined;
  /** Title, kind, locations, input and diff; computed once, before the tool runs. */
  readonly details: Promise<ToolDetails>;
  final: boolean;
}

export interface CallSeen {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/**
 * The tool calls of one ACP session, from announcement to result. The loop announces a lone call before its
 * permission check but a batch only after it ran (seed § 6.3), while the permission hook sees every call
 * before it runs: whichever comes first announces it, and the diff of Edit and Write is read then, from the
 * file as it is before the tool touches it.
 */
export class ToolCalls {
  readonly #queue: UpdateQueue;
  readonly #places: { cwd: string; homeDir: string };
  readonly #calls = new Map<string, TrackedCall>();
  readonly #usedIds = new Set<string>();
  #awaitingPermission: TrackedCall | undefined;

  constructor(queue: UpdateQueue, places: { cwd: string; homeDir: string }) {
    this.#queue = queue;
    this.#places = places;
  }

  /** Announces the call (`tool_call`, pending) unless it already was; returns its record. */
  announce(call: CallSeen & { sandboxed?: boolean }, tool: AnyTool | undefined): TrackedCall {
    const existing = this.#calls.get(call.id);
    if (existing) return existing;
    const tracked: TrackedCall = {
      acpId: this.#uniqueId(call.id),
      name: call.name,
      tool,
      details: detailsWithDiff(call.name, tool, call.input, this.#places),
      final: false,
    };
    this.#calls.set(call.id, tracked);
    this.#queue.push(async () => {
      const details = await tracked.details;
      return {
        sessionUpdate: "tool_call",
        toolCallId: tracked.acpId,
        title: details.title,
        kind: details.kind,
        status: "pending",
        locations: details.locations,
        rawInput: details.rawInput,
        ...(details.diff ? { content: [details.diff] } : {}),
        ...sandboxMeta(call.sandboxed ?? tool?.sandboxed?.(call.input)),
      };
    });
    return tracked;
  }

  /**
   * A new model answer starts: calls that ended are forgotten, so that a provider reusing an id in a later
   * answer (`call_0` each time) gets a new tool call, while a batch announced again after it ran (seed § 6.3,
   * phase 3) is recognised.
   */
  newAnswer(): void {
    for (const [id, tracked] of this.#calls) if (tracked.final) this.#calls.delete(id);
  }

  /** The permission hook found this call will be asked about: the next question is about it. */
  willAsk(tracked: TrackedCall): void {
    this.#awaitingPermission = tracked;
  }

  takeAwaitingPermission(): TrackedCall | undefined {
    const tracked = this.#awaitingPermission;
    this.#awaitingPermission = undefined;
    return tracked;
  }

  running(id: string): void {
    const tracked = this.#calls.get(id);
    if (!tracked || tracked.final) return;
    this.#queue.push({ sessionUpdate: "tool_call_update", toolCallId: tracked.acpId, status: "in_progress" });
  }

  /** The call ended (ran, was refused, or could not run): its status and what it returned. */
  finish(id: string, output: string, isError: boolean, extra: { sandboxed?: boolean | undefined; images?: readonly ImageBlock[] | undefined } = {}): TrackedCall | undefined {
    const tracked = this.#calls.get(id);
    if (!tracked || tracked.final) return undefined;
    tracked.final = true;
    if (this.#awaitingPermission === tracked) this.#awaitingPermission = undefined;
    const status: ToolCallStatus = isError ? "failed" : "completed";
    this.#queue.push(async () => {
      const details = await tracked.details;
      const content: ToolCallContent[] = [];
      if (details.diff && !isError) content.push(details.diff);
      if (output !== "") content.push({ type: "content", content: { type: "text", text: shown(output) } });
      // The images the tool returned (Read of a screenshot), as ACP image content: a client shows them (the hub's page).
      for (const image of extra.images ?? []) content.push({ type: "content", content: { type: "image", data: image.data, mimeType: image.mediaType } });
      return { sessionUpdate: "tool_call_update", toolCallId: tracked.acpId, status, content, rawOutput: { output, isError }, ...sandboxMeta(extra.sandboxed) };
    });
    return tracked;
  }

  /**
   * The call ran and left a command running in the background: its statuses are no longer this class's to send
   * (see BackgroundCalls). Returns its record, or undefined when it already had its final status.
   */
  handOver(id: string): TrackedCall | undefined {
    const tracked = this.#calls.get(id);
    if (!tracked || tracked.final) return undefined;
    tracked.final = true;
    if (this.#awaitingPermission === tracked) this.#awaitingPermission = undefined;
    return tracked;
  }

  /** At the end of a turn: calls that never reported a result (an interruption) are failed, not left spinning. */
  endTurn(): void {
    for (const tracked of this.#calls.values()) {
      if (tracked.final) continue;
      tracked.final = true;
      this.#queue.push({ sessionUpdate: "tool_call_update", toolCallId: tracked.acpId, status: "failed" });
    }
    this.#awaitingPermission = undefined;
    this.#calls.clear();
  }

  #uniqueId(id: string): string {
    let candidate = id === "" ? "call" : id;
    for (let n = 2; this.#usedIds.has(candidate); n += 1) candidate = `${id}#${n}`;
    this.#usedIds.add(candidate);
    return candidate;
  }
}

function shown(output: string): string {
  if (output.length <= SHOWN_OUTPUT_CHARS) return output;
  return `${output.slice(0, SHOWN_OUTPUT_CHARS)}${t("outputTruncated", { count: output.length - SHOWN_OUTPUT_CHARS })}`;
}

/**
 * MAIA's extension on a tool call (ACP's `_meta`): `maia.sandboxed` says whether a Bash call runs inside the OS
 * sandbox. On the announce when already known, and always on the final update.
 */
export function sandboxMeta(sandboxed: boolean | undefined): { _meta?: { maia: { sandboxed: boolean } } } {
  return sandboxed === undefined ? {} : { _meta: { maia: { sandboxed } } };
}
