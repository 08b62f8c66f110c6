import type { AgentEvent } from "@maia/kernel";

type ToolCallEvent = Extract<AgentEvent, { type: "tool_call" }>;

/**
 * Seed § 6.3, phase 3: the terminal and stream-json show the calls of a batch (run in parallel) each with its
 * result, in call order, once all have ended — while the loop announces them earlier, before their permission
 * checks, for front ends that follow calls live (ACP). This holds a batch's calls until their results.
 */
export class BatchDisplay {
  readonly #held = new Map<string, ToolCallEvent>();

  /** The call to show now; undefined when it is shown with its result. */
  call(event: ToolCallEvent): ToolCallEvent | undefined {
    if (!event.batch) return event;
    this.#held.set(event.id, event);
    return undefined;
  }

  /** The held call to show just before this result, if any. */
  callBefore(result: { id: string }): ToolCallEvent | undefined {
    const held = this.#held.get(result.id);
    this.#held.delete(result.id);
    return held;
  }
}
