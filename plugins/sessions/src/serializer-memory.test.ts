import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Message } from "@maia/kernel";
import { describe, expect, it } from "vitest";
import { SessionSerializer } from "./saved-session.ts";

// A full collection on demand, so that only what is really kept is measured.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
/** Full collections with pauses between: V8 frees array buffers' memory in a task after the collection. */
async function collect(): Promise<void> {
  for (let round = 0; round < 4; round += 1) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("SessionSerializer memory (issue 6: no growth per turn beyond the conversation)", () => {
  it("keeps about the size of each message, not a block of Node's buffer pool per message", async () => {
    const serializer = new SessionSerializer();
    const messages: Message[] = [];
    const fields = { createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2025-01-01T00:00:00.000Z", model: "m", cwd: "/tmp", pendingContext: [] };
    await collect();
    const before = process.memoryUsage().arrayBuffers;
    const turns = 200;
    for (let index = 0; index < turns; index += 1) {
      messages.push({ role: "user", content: [{ type: "text", text: `question ${index}` }] });
      messages.push({ role: "assistant", content: [{ type: "text", text: `answer ${index}` }] });
      serializer.serialize({ ...fields, messages })("session");
      // Between two saves the process reads the network and files: short buffers taken from the same pool.
      Buffer.from("x".repeat(20_000));
    }
    await collect();
    const keptPerTurn = (process.memoryUsage().arrayBuffers - before) / turns;
    // Two messages of ~70 bytes each: well under a kilobyte per turn (a pooled slice kept a 64 KB slab alive).
    expect(keptPerTurn).toBeLessThan(1_024);
    expect(messages).toHaveLength(2 * turns); // the messages are still alive: their bytes may be kept
  });
});
