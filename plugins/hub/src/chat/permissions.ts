import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";
import type { HubEventBus } from "../events.ts";
import type { PermissionOption, PermissionRequest } from "../protocol.ts";
import { ChatError } from "./errors.ts";
import { t } from "./messages.ts";

interface Pending {
  readonly request: PermissionRequest;
  readonly settle: (response: RequestPermissionResponse) => void;
}

const CANCELLED: RequestPermissionResponse = { outcome: { outcome: "cancelled" } };

/**
 * The permission requests waiting for the user, across agents. Each ends exactly once — answered from the
 * page, cancelled by Cancel, withdrawn by the agent (its request's signal), or with the agent's connection —
 * and each end is one `permission:resolved`.
 */
export class PermissionBoard {
  private readonly pending = new Map<string, Pending>();

  private readonly events: HubEventBus;

  constructor(events: HubEventBus) {
    this.events = events;
  }

  /** Emits `permission:requested` and resolves with the answer the agent gets. */
  ask(request: PermissionRequest, signal: AbortSignal): Promise<RequestPermissionResponse> {
    return new Promise((resolve) => {
      const onAbort = () => this.settle(request.id, CANCELLED);
      this.pending.set(request.id, {
        request,
        settle: (response) => {
          signal.removeEventListener("abort", onAbort);
          resolve(response);
        },
      });
      this.events.emit("permission:requested", structuredClone(request));
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** `AnswerPermission(id, optionId)`: only one of the request's own options; returns it. */
  answer(id: string, optionId: string): { request: PermissionRequest; option: PermissionOption } {
    const pending = this.pending.get(id);
    if (!pending) throw new ChatError(t("unknownPermission", { id }), 404);
    const option = pending.request.options.find((candidate) => candidate.optionId === optionId);
    if (!option) throw new ChatError(t("unknownOption", { id, optionId }), 400);
    this.settle(id, { outcome: { outcome: "selected", optionId } });
    return { request: pending.request, option };
  }

  /** Every request of a thread answered `cancelled` (Cancel, its turn ended: the protocol requires an answer to each). */
  cancelThread(thread: string): void {
    for (const [id, pending] of [...this.pending]) if (pending.request.thread === thread) this.settle(id, CANCELLED);
  }

  /** Every request, of every agent, cancelled (another configuration opened, the hub closing). */
  cancelAll(): void {
    for (const id of [...this.pending.keys()]) this.settle(id, CANCELLED);
  }

  /** The requests of one thread of `agent`, oldest first. */
  list(agent: string, thread: string): PermissionRequest[] {
    return [...this.pending.values()]
      .filter((pending) => pending.request.agent === agent && pending.request.thread === thread)
      .map((pending) => structuredClone(pending.request));
  }

  private settle(id: string, response: RequestPermissionResponse): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    pending.settle(response);
    this.events.emit("permission:resolved", { id, agent: pending.request.agent, thread: pending.request.thread });
  }
}
