// A minimal ACP agent for the hub's benchmark: answers `initialize` (protocol v1) on stdin/stdout, then writes
// `tick <epoch ms with fractions>` on stderr every 20 ms, so the bench can measure the time from an agent's
// stderr line to the hub's `agent:log` event. Exits when stdin closes, as an ACP agent should.
import { performance } from "node:perf_hooks";
import readline from "node:readline";

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.method === "initialize") {
    process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: message.id, result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] } })}\n`);
    setInterval(() => process.stderr.write(`tick ${performance.timeOrigin + performance.now()}\n`), 20);
  } else if (message.id !== undefined) {
    process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } })}\n`);
  }
});
lines.on("close", () => process.exit(0));
