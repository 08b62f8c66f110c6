import { errorMessage, type AskAnswer, type AskDetail, type InteractionPort } from "@maia/kernel";
import {
  methods,
  type AgentContext,
  type PermissionOption,
  type PermissionOptionKind,
  type RequestPermissionResponse,
} from "@agentclientprotocol/sdk";
import { t } from "./messages.ts";
import type { ToolCalls } from "./tool-calls.ts";
import { uncoveredContent } from "./uncovered-content.ts";
import type { UpdateQueue } from "./update-queue.ts";

/** What the port needs of its ACP session; bound once the session has its id. */
export interface PermissionHost {
  readonly sessionId: string;
  readonly client: AgentContext;
  readonly updates: UpdateQueue;
  readonly toolCalls: ToolCalls;
  info(message: string): void;
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
 * `session/request_permission`. For a tool call (`detail.callId`, announced before the question) the client gets
 * the call as it was announced (title, kind, locations, the tool's diff) with, for Bash, the parts no rule covers,
 * and the options: "always" is offered when the permissions plugin can name the call's rules
 * (`detail.always`), and remembers through it — the same rules the terminal's `p` writes to the launch folder's
 * `.maia/settings.json`, allow or deny. A `cancelled` outcome stops the turn (seed § 6.2.4); a turn cancelled
 * while the question is pending stops waiting at once, as if the client had answered `cancelled`.
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
    return this.#request(host, message, signal, detail);
  }

  async confirm(message: string, signal?: AbortSignal): Promise<boolean> {
    const host = this.#host;
    if (!host) return false;
    return (await this.#request(host, message, signal)) === "yes";
  }

  async #request(host: PermissionHost, message: string, signal: AbortSignal | undefined, detail?: AskDetail): Promise<AskAnswer> {
    const call = detail ? host.toolCalls.get(detail.callId) : undefined;
    // The client must have seen the tool call before it is asked about it.
    await host.updates.flush();
    if (signal?.aborted) return "stop";
    const always = call ? detail?.always : undefined;
    const options: PermissionOption[] = [
      { optionId: "allow_once", name: t("allowOnce"), kind: "allow_once" },
      ...(always ? [{ optionId: "allow_always", name: t("allowAlways"), kind: "allow_always" } as const] : []),
      { optionId: "reject_once", name: t("rejectOnce"), kind: "reject_once" },
      ...(always ? [{ optionId: "reject_always", name: t("rejectAlways"), kind: "reject_always" } as const] : []),
    ];
    this.#questions += 1;
    // Why it asks: shown under the call, and as data (`_meta.maia.uncovered`) for clients that lay it out themselves.
    const uncovered = detail?.uncovered;
    const why = uncoveredContent(uncovered);
    const shown = call?.shown;
    const content = [...(shown?.diff ? [shown.diff] : []), ...(why ? [why] : [])];
    const toolCall = call && shown
      ? {
          toolCallId: call.acpId,
          title: shown.title,
          kind: shown.kind,
          status: "pending" as const,
          locations: shown.locations,
          rawInput: shown.rawInput,
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
    if (always && (chosen.kind === "allow_always" || chosen.kind === "reject_always")) {
      // The permissions plugin writes the rules and says what it did; the answer to this question stands either way.
      const told = await always.remember("project", chosen.kind === "allow_always" ? "allow" : "deny");
      for (const line of told.info) host.info(line);
      for (const line of told.warnings) host.warn(line);
    }
    return ANSWERS[chosen.kind];
  }
}
