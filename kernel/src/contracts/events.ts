import type { ImageBlock, ImageReference } from "./messages.ts";
import type { PlanItem, ToolKind, ToolLocation, ToolPreview } from "./tool.ts";

/** Where a call stands after its announce: running, or ended (ran, refused, or could not run). */
export type ToolStatus = "in_progress" | "completed" | "failed";

/**
 * What the loop tells front ends (seed § 4.4, as events instead of callbacks): front ends subscribe, they never
 * reach into the loop. Every event a user could notice goes through here, so headless `stream-json`, ACP and
 * the Ink UI show the same things.
 */
export type AgentEvent =
  | { type: "thinking"; active: boolean }
  | { type: "text"; text: string }
  | { type: "text_end" }
  /**
   * A call is known: emitted once for every call, before its permission check (so before any question about it),
   * with what front ends show — `summary` (Tool.describe), `kind` and `locations` (Tool.kind, Tool.locations),
   * `preview` (what an Edit or Write would change, read before it runs: Tool.preview). `batch`: the call is one
   * of several run in parallel (seed § 6.3), which the terminal and stream-json show with its result, in call
   * order, once all have ended.
   */
  | {
      type: "tool_call";
      id: string;
      name: string;
      summary: string;
      input: Record<string, unknown>;
      kind: ToolKind;
      locations: ToolLocation[];
      preview?: ToolPreview;
      /** The call runs inside the OS sandbox (true) or outside it (false); absent when the tool does not say (Tool.sandboxed). */
      sandboxed?: boolean;
      batch?: true;
    }
  /**
   * Where an announced call stands, as it happens: `in_progress` when it starts running, then `completed` or
   * `failed` with its output (a refusal, an unknown tool and a stop are `failed` too). `images`: those the tool
   * returned, with their bytes, for front ends that show them (an editor over ACP).
   */
  | {
      type: "tool_status";
      id: string;
      name: string;
      status: ToolStatus;
      output?: string;
      sandboxed?: boolean;
      images?: readonly ImageBlock[];
    }
  /** A tool that keeps a plan (Tool.plan: TodoWrite) changed it: the whole plan, after the call's `tool_status`. */
  | { type: "plan"; entries: readonly PlanItem[] }
  /** `images`: those the tool returned, by reference (their bytes are in the conversation only). */
  | { type: "tool_result"; id: string; name: string; output: string; isError: boolean; sandboxed?: boolean; images?: ImageReference[] }
  /** The images sent with the request (attached by the front end or by `@` references), by reference. */
  | { type: "request_images"; images: ImageReference[] }
  /**
   * A call that needed a confirmation, refused because nobody can answer (headless): why it asked (the parts
   * no rule covers, from the permission verdict's advice) and the narrowest rules that would allow it.
   */
  | { type: "permission"; id: string; name: string; outcome: "refused"; uncovered?: readonly string[]; rules?: readonly string[] }
  | { type: "context_usage"; tokens: number; max?: number }
  | { type: "tools_running"; running: { names: string[]; done: number } | null }
  | { type: "usage"; inputTokens: number; outputTokens: number }
  /** A user hook command ran (the hooks plugin): its event, command, how it ended (`exited with code 0`…), time. */
  | { type: "hook"; event: string; command: string; outcome: string; durationMs: number }
  | { type: "info"; message: string }
  | { type: "warning"; message: string };

export type AgentEventListener = (event: AgentEvent) => void;

/** A tiny synchronous event bus; a listener that throws is isolated from the others and from the loop. */
export class AgentEvents {
  readonly #listeners = new Set<AgentEventListener>();

  on(listener: AgentEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: AgentEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A broken front end must not stop the agent; it will notice its own failure.
      }
    }
  }
}
