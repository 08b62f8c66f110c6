import { errorMessage, type AskAnswer, type AskDetail, type InteractionPort } from "@maia/kernel";
import {
  methods,
  type AgentContext,
  type PermissionOption,
  type PermissionOptionKind,
  type RequestPermissionResponse,
} from "@agentclientprotocol/sdk";
import { t } from "./messages.ts";
import type { ToolCalls, TrackedCall } from "./tool-calls.ts";
import { uncoveredContent } from "./uncovered-content.ts";
import type { UpdateQueue } from "./update-queue.ts";

/** What the port needs of its ACP session; bound once the session has its id. */
export interface PermissionHost {
  readonly sessionId: string;
  readonly client: AgentContext;
  readonly updates: UpdateQueue;
  readonly toolCalls: ToolCalls;
  /** Whether "always" answers can become rules (the permissions plugin is on for this folder). */
  canRemember(): boolean;
  /** Writes the narrow rule(s) for the call; reports its own failures to the user, never throws. */
  remember(call: TrackedCall, list: "allow" | "deny"): Promise<void>;
  warn(message: string): void;
}

const ANSWERS: Record<PermissionOptionKind, AskAnswer> = {
  allow_once: "yes",
  allow_always: "yes",
  reject_once: "no",
  reject_always: "no",
};

/**
 * The interaction port of `maia acp` (DESIGN.md: front ends implement it): a confirmation becomes
 * `session/request_permission`. For a tool call the client gets the call itself (title, kind, locations, diff,
 * and for Bash the parts no rule covers, from the permissions plugin's verdict) and four options; "always" writes a narrow rule to the launch folder's settings before answering. A
 * `cancelled` outcome stops the turn (seed § 6.2.4); a turn cancelled while the question is pending stops
 * waiting at once, as if the client had answered `cancelled`.
 */
export class AcpInteraction implements InteractionPort {
  readonly canAsk = true;
  #host: PermissionHost | undefined;
  #questions = 0;

  bind(host: PermissionHost): void {
    this.#host = host;
  }

  async ask(message: string, signal?: AbortSignal, detail?: AskDetail): Promise<AskAnswer> {
    const host = this.#host;
    if (!host) return "no";
    return this.#request(host, message, host.toolCalls.takeAwaitingPermission(), signal, detail?.uncovered);
  }

  async confirm(message: string, signal?: AbortSignal): Promise<boolean> {
    const host = this.#host;
    if (!host) return false;
    return (await this.#request(host, message, undefined, signal)) === "yes";
  }

  async #request(
    host: PermissionHost,
    message: string,
    call: TrackedCall | undefined,
    signal: AbortSignal | undefined,
    uncovered?: readonly string[],
  ): Promise<AskAnswer> {
    const details = call ? await call.details : undefined;
    // The client must have seen the tool call before it is asked about it.
    await host.updates.flush();
    if (signal?.aborted) return "stop";
    const remember = call !== undefined && host.canRemember();
    const options: PermissionOption[] = [
      { optionId: "allow_once", name: t("allowOnce"), kind: "allow_once" },
      ...(remember ? [{ optionId: "allow_always", name: t("allowAlways"), kind: "allow_always" } as const] : []),
      { optionId: "reject_once", name: t("rejectOnce"), kind: "reject_once" },
      ...(remember ? [{ optionId: "reject_always", name: t("rejectAlways"), kind: "reject_always" } as const] : []),
    ];
    this.#questions += 1;
    // Why it asks: shown under the call, and as data (`_meta.maia.uncovered`) for clients that lay it out themselves.
    const why = uncoveredContent(uncovered);
    const content = [...(details?.diff ? [details.diff] : []), ...(why ? [why] : [])];
    const toolCall = details
      ? {
          toolCallId: call?.acpId ?? "",
          title: details.title,
          kind: details.kind,
          status: "pending" as const,
          locations: details.locations,
          rawInput: details.rawInput,
          ...(content.length > 0 ? { content } : {}),
          ...(why && uncovered ? { _meta: { maia: { uncovered: [...uncovered] } } } : {}),
        }
      : { toolCallId: `question-${this.#questions}`, title: message, kind: "other" as const, status: "pending" as const };
    let response: RequestPermissionResponse;
    try {
      response = await host.client.request(
        methods.client.session.requestPermission,
        { sessionId: host.sessionId, toolCall, options },
        signal ? { cancellationSignal: signal, stopWaitingOnCancel: true } : {},
      );
    } catch (error) {
      if (signal?.aborted) return "stop";
      // Fail closed: a client that cannot answer refuses.
      host.warn(errorMessage(error));
      return "no";
    }
    if (response.outcome.outcome === "cancelled") return "stop";
    const { optionId } = response.outcome;
    const chosen = options.find((option) => option.optionId === optionId);
    if (!chosen) return "no";
    if (call && (chosen.kind === "allow_always" || chosen.kind === "reject_always")) {
      await host.remember(call, chosen.kind === "allow_always" ? "allow" : "deny");
    }
    return ANSWERS[chosen.kind];
  }
}
