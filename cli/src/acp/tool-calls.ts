import type { AgentEvent, ImageBlock, ToolPreview } from "@maia/kernel";
import type { ToolCallContent, ToolCallLocation, ToolCallStatus, ToolKind } from "@agentclientprotocol/sdk";
import { t } from "./messages.ts";
import type { UpdateQueue } from "./update-queue.ts";

/** A tool output shown in the editor is cut here (the model gets it whole); the same cap as Bash's output. */
export const SHOWN_OUTPUT_CHARS = 30_000;

type ToolCallEvent = Extract<AgentEvent, { type: "tool_call" }>;
type DiffContent = Extract<ToolCallContent, { type: "diff" }>;

/** What the client is shown of a call: on its `tool_call` update and again in a permission request about it. */
export interface ShownCall {
  title: string;
  kind: ToolKind;
  locations: ToolCallLocation[];
  rawInput: Record<string, unknown>;
  /** Edit, Write: the file before and after, from the tool's own preview (read before the call runs). */
  diff?: DiffContent;
}

export interface TrackedCall {
  /** The id the client knows (the model's id, suffixed if a provider reused it). */
  readonly acpId: string;
  readonly name: string;
  readonly shown: ShownCall;
  final: boolean;
}

/**
 * The tool calls of one ACP session, from announcement to result, as the loop reports them: every call is
 * announced (`tool_call` event) before its permission check, then its `tool_status` events follow. Nothing here
 * reads the disk or knows a tool by its name: title, kind, locations and diff are what the tool declared.
 */
export class ToolCalls {
  readonly #queue: UpdateQueue;
  readonly #calls = new Map<string, TrackedCall>();
  readonly #usedIds = new Set<string>();

  constructor(queue: UpdateQueue) {
    this.#queue = queue;
  }

  /** Announces the call (`tool_call`, pending) unless it already was; returns its record. */
  announce(call: ToolCallEvent): TrackedCall {
    const existing = this.#calls.get(call.id);
    if (existing) return existing;
    const diff = call.preview ? diffOf(call.preview) : undefined;
    const tracked: TrackedCall = {
      acpId: this.#uniqueId(call.id),
      name: call.name,
      shown: { title: titleOf(call.name, call.summary), kind: call.kind, locations: call.locations, rawInput: call.input, ...(diff ? { diff } : {}) },
      final: false,
    };
    this.#calls.set(call.id, tracked);
    const { shown } = tracked;
    this.#queue.push({
      sessionUpdate: "tool_call",
      toolCallId: tracked.acpId,
      title: shown.title,
      kind: shown.kind,
      status: "pending",
      locations: shown.locations,
      rawInput: shown.rawInput,
      ...(shown.diff ? { content: [shown.diff] } : {}),
      ...sandboxMeta(call.sandboxed),
    });
    return tracked;
  }

  /** The call announced under this loop id, while it is tracked (a permission question about it). */
  get(id: string): TrackedCall | undefined {
    return this.#calls.get(id);
  }

  /**
   * A new model answer starts: calls that ended are forgotten, so that a provider reusing an id in a later
   * answer (`call_0` each time) gets a new tool call.
   */
  newAnswer(): void {
    for (const [id, tracked] of this.#calls) if (tracked.final) this.#calls.delete(id);
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
    const status: ToolCallStatus = isError ? "failed" : "completed";
    const content: ToolCallContent[] = [];
    if (tracked.shown.diff && !isError) content.push(tracked.shown.diff);
    if (output !== "") content.push({ type: "content", content: { type: "text", text: shown(output) } });
    // The images the tool returned (Read of a screenshot), as ACP image content: a client shows them (the hub's page).
    for (const image of extra.images ?? []) content.push({ type: "content", content: { type: "image", data: image.data, mimeType: image.mediaType } });
    this.#queue.push({ sessionUpdate: "tool_call_update", toolCallId: tracked.acpId, status, content, rawOutput: { output, isError }, ...sandboxMeta(extra.sandboxed) });
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
    return tracked;
  }

  /** At the end of a turn: calls that never reported a result (an interruption) are failed, not left spinning. */
  endTurn(): void {
    for (const tracked of this.#calls.values()) {
      if (tracked.final) continue;
      tracked.final = true;
      this.#queue.push({ sessionUpdate: "tool_call_update", toolCallId: tracked.acpId, status: "failed" });
    }
    this.#calls.clear();
  }

  #uniqueId(id: string): string {
    let candidate = id === "" ? "call" : id;
    for (let n = 2; this.#usedIds.has(candidate); n += 1) candidate = `${id}#${n}`;
    this.#usedIds.add(candidate);
    return candidate;
  }
}

/** "Read src/a.ts": the tool's name and its `describe` summary on one line, the same words the confirmation uses. */
export function titleOf(name: string, summary: string): string {
  const oneLine = summary.replace(/\s*\n\s*/g, " ").trim();
  return oneLine === "" ? name : `${name} ${oneLine}`;
}

/** The tool's preview as ACP diff content: whole texts and an absolute path, as ACP wants them. */
function diffOf(preview: ToolPreview): DiffContent {
  return { type: "diff", path: preview.path, oldText: preview.oldText, newText: preview.newText };
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
