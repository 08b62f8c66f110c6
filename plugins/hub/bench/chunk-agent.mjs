// An ACP agent for the hub's benchmark, built with the SDK's agent side: a prompt "chunks N" answers N text
// chunks, 5 ms apart, each `tick <epoch ms with fractions> ` taken just before it is written, so the bench can
// measure the time from the agent's chunk to the page's `message:delta`; "answer N" answers one chunk of N
// characters at once (the 1,000-message conversation); "long N [MS]" streams N MiB of text in 8-character chunks
// (a long answer), pausing MS milliseconds every 64 chunks. Exits when stdin closes, as an ACP agent should.
import { performance } from "node:perf_hooks";
import { Readable, Writable } from "node:stream";
import { agent, methods, ndJsonStream } from "@agentclientprotocol/sdk";

const say = (client, sessionId, text) =>
  client.notify(methods.client.session.update, { sessionId, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } } });

const app = agent({ name: "chunk-agent" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: {}, authMethods: [] }))
  .onRequest(methods.agent.session.new, () => ({ sessionId: "bench" }))
  .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
    const text = params.prompt.map((block) => (block.type === "text" ? block.text : "")).join("");
    const [kind, count, pause] = text.split(" ");
    if (kind === "chunks") {
      for (let index = 0; index < Number(count); index += 1) {
        await say(client, params.sessionId, `tick ${performance.timeOrigin + performance.now()} `);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } else if (kind === "long") {
      // "long N": N MiB of text in chunks of 8 characters, the size of a model's streamed tokens.
      const chunks = (Number(count) * 1024 * 1024) / 8;
      for (let index = 0; index < chunks; index += 1) {
        await say(client, params.sessionId, `${String(index % 10_000_000).padStart(7, "0")} `);
        // "long N MS": a pause of MS milliseconds every 64 chunks, the pace of a fast model rather than a flood.
        if (index % 64 === 63) await new Promise((resolve) => (pause ? setTimeout(resolve, Number(pause)) : setImmediate(resolve)));
      }
    } else await say(client, params.sessionId, "x".repeat(Number(count)));
    return { stopReason: "end_turn" };
  });
app.connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
process.stdin.on("end", () => process.exit(0));
