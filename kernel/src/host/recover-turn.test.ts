import { describe, expect, it } from "vitest";
import type { ChatRequest, LLMProvider, StreamEvent } from "../contracts/provider.ts";
import { ProviderError } from "../contracts/provider.ts";
import { NO_INTERACTION } from "../contracts/interaction.ts";
import { definePlugin, type MaiaPlugin } from "../plugins/define-plugin.ts";
import type { RecoveryAnswer, TurnRecovery } from "../contracts/commands.ts";
import { createTestKernel } from "../testing/test-kernel.ts";
import { Conversation } from "./conversation.ts";

type Step = { text: string } | { fail: string };

/** A provider in memory that answers each request with the next step: a text, or an error thrown mid-request. */
function scriptedProvider(steps: Step[], requests: ChatRequest[]): MaiaPlugin<never, unknown> {
  const provider: LLMProvider = {
    id: "scripted",
    model: "scripted-model",
    capabilities: { tools: true },
    async *chat(request): AsyncIterable<StreamEvent> {
      requests.push(structuredClone(request));
      const step = steps.shift() ?? { fail: "no step left" };
      if ("fail" in step) throw new ProviderError(step.fail, "http");
      yield { type: "text_delta", text: step.text };
      yield { type: "done", stopReason: "end_turn" };
    },
  };
  return definePlugin({
    name: "scripted-provider",
    version: "1.0.0",
    kernel: "^1.0.0",
    apply(context) {
      context.hooks.resolveProvider.tap("scripted-provider", () => provider);
    },
  }) as MaiaPlugin<never, unknown>;
}

function recoverer(name: string, answer: (recovery: TurnRecovery) => RecoveryAnswer | undefined, seen: TurnRecovery[]): MaiaPlugin<never, unknown> {
  return definePlugin({
    name,
    version: "1.0.0",
    kernel: "^1.0.0",
    apply(context) {
      context.hooks.recoverTurn.tapPromise(name, async (recovery) => {
        seen.push(recovery);
        return answer(recovery);
      });
    },
  }) as MaiaPlugin<never, unknown>;
}

const lastUserText = (request: ChatRequest | undefined) =>
  (request?.messages.at(-1)?.content ?? []).flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");

describe("recoverTurn, through the kernel's host", () => {
  it("sends a failed request once more when a tap answers retry, with its note on that request only", async () => {
    const requests: ChatRequest[] = [];
    const seen: TurnRecovery[] = [];
    const { kernel } = await createTestKernel([
      scriptedProvider([{ fail: "refused" }, { text: "second time lucky" }], requests),
      recoverer("retrier", () => ({ retry: true, context: "[a note for the retry]" }), seen),
    ]);
    const host = await Conversation.start({ kernel, model: "scripted-model", interaction: NO_INTERACTION });
    const outcome = await host.submit("Hello");
    expect(outcome.status).toBe("done");
    expect(seen.map((recovery) => [recovery.text, recovery.outcome.status, recovery.host === host])).toEqual([["Hello", "error", true]]);
    expect(requests).toHaveLength(2);
    expect(lastUserText(requests[1])).toContain("[a note for the retry]");
    expect(lastUserText(requests[1])).toContain("Hello");
    expect(host.current.pendingContext).toEqual([]);
  });

  it("retries once: the retry's own error is the outcome, and the note does not stay behind", async () => {
    const requests: ChatRequest[] = [];
    const seen: TurnRecovery[] = [];
    const { kernel } = await createTestKernel([
      scriptedProvider([{ fail: "refused" }, { fail: "refused again" }, { text: "later" }], requests),
      recoverer("retrier", () => ({ retry: true, context: "[note]" }), seen),
    ]);
    const host = await Conversation.start({ kernel, model: "scripted-model", interaction: NO_INTERACTION });
    const outcome = await host.submit("Hello");
    expect(outcome.status).toBe("error");
    expect(String((outcome.error as Error).message)).toContain("refused again");
    expect(seen).toHaveLength(1);
    expect(requests).toHaveLength(2);
    expect(host.current.pendingContext).toEqual([]);
    expect(host.current.messages).toEqual([]);
  });

  it("a tap that throws is reported with its plugin and hook, and the request is not retried", async () => {
    const requests: ChatRequest[] = [];
    const { kernel, logs } = await createTestKernel([
      scriptedProvider([{ fail: "refused" }, { text: "never asked" }], requests),
      recoverer(
        "broken-recoverer",
        () => {
          throw new Error("cannot recover today");
        },
        [],
      ),
    ]);
    const host = await Conversation.start({ kernel, model: "scripted-model", interaction: NO_INTERACTION });
    const outcome = await host.submit("Hello");
    expect(outcome.status).toBe("error");
    expect(String((outcome.error as Error).message)).toContain("refused");
    expect(requests).toHaveLength(1);
    expect(logs.filter((log) => log.level === "warn").map((log) => log.message)).toEqual([
      "broken-recoverer (recoverTurn): cannot recover today",
    ]);
  });

  it("is not offered an interrupted request, nor one that succeeded", async () => {
    const seen: TurnRecovery[] = [];
    const { kernel } = await createTestKernel([
      scriptedProvider([{ text: "fine" }, { fail: "refused" }], []),
      recoverer("retrier", () => ({ retry: true }), seen),
    ]);
    const host = await Conversation.start({ kernel, model: "scripted-model", interaction: NO_INTERACTION });
    expect((await host.submit("Hello")).status).toBe("done");
    const controller = new AbortController();
    controller.abort();
    expect((await host.submit("Again", { signal: controller.signal })).status).toBe("aborted");
    expect(seen).toEqual([]);
  });
});
