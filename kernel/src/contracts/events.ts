import type { ImageReference } from "./messages.ts";
import type { ToolPreview } from "./tool.ts";

/**
 * What the loop tells front ends (seed § 4.4, as events instead of callbacks): front ends subscribe, they never
 * reach into the loop. Every event a user could notice goes through here, so headless `stream-json`, ACP and
 * the Ink UI show the same things.
 */
export type AgentEvent =
  | { type: "thinking"; active: boolean }
  | { type: "text"; text: string }
  | { type: "text_end" }
  /** `preview`: what an Edit or Write would change, read before it runs (Tool.preview). */
  | {
      type: "tool_call";
      id: string;
      name: string;
      summary: string;
      input: Record<string, unknown>;
      preview?: ToolPreview;
      /** The call runs inside the OS sandbox (true) or outside it (false); absent when the tool does not say (Tool.sandboxed). */
      sandboxed?: boolean;
    }
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
