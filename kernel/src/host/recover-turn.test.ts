import { describe, expect, it } from "vitest";
import { createTestKernel, scriptedProvider } from "@maia/testing-kernel";
import type { ChatRequest } from "../contracts/provider.ts";
import { NO_INTERACTION } from "../contracts/interaction.ts";
import { definePlugin, type MaiaPlugin } from "../plugins/define-plugin.ts";
import type { RecoveryAnswer, TurnRecovery } from "../contracts/hooks.ts";
import { Conversation } from "./conversation.ts";

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
    const provider = scriptedProvider([{ error: "refused" }, { text: "second time lucky" }]);
    const requests = provider.requests;
    const seen: TurnRecovery[] = [];
    const { kernel } = await createTestKernel([
      provider.plugin,
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
    const provider = scriptedProvider([{ error: "refused" }, { error: "refused again" }, { text: "later" }]);
    const requests = provider.requests;
    const seen: TurnRecovery[] = [];
    const { kernel } = await createTestKernel([
      provider.plugin,
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
    const provider = scriptedProvider([{ error: "refused" }, { text: "never asked" }]);
    const requests = provider.requests;
    const { kernel, logs } = await createTestKernel([
      provider.plugin,
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
      scriptedProvider([{ text: "fine" }, { error: "refused" }]).plugin,
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
