// Shared by the fake agents of the supervisor's tests: an ACP agent on stdio built with the SDK's agent side.
import { Readable, Writable } from "node:stream";
import { agent, methods, ndJsonStream } from "@agentclientprotocol/sdk";

/** One line on stderr, which the hub turns into an `agent:log` event. */
export function log(line) {
  process.stderr.write(`${line}\n`);
}

/**
 * Serves ACP on stdin/stdout. Every fake agent first logs `pid=<pid>` so a test can look at its process.
 * Options: protocolVersion (answered to initialize), neverAnswer (initialize hangs), initializeDelayMs,
 * onSessionNew (replaces the session/new answer), exitOnEof (default true: exit when stdin closes).
 */
export function serve(options = {}) {
  const { protocolVersion = 1, neverAnswer = false, initializeDelayMs = 0, onSessionNew, exitOnEof = true } = options;
  log(`pid=${process.pid}`);
  const app = agent({ name: "fake-agent" })
    .onRequest(methods.agent.initialize, async ({ params }) => {
      log(`client capabilities=${JSON.stringify(params.clientCapabilities ?? {})}`);
      if (neverAnswer) return new Promise(() => {});
      if (initializeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, initializeDelayMs));
      return { protocolVersion, agentCapabilities: {}, authMethods: [], agentInfo: { name: "fake-agent", version: "1.0.0" } };
    })
    .onRequest(methods.agent.session.new, async (context) => (onSessionNew ? onSessionNew(context) : { sessionId: "fake-session" }));
  const connection = app.connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
  process.stdin.on("end", () => {
    if (exitOnEof) {
      log("stdin closed: exiting");
      process.exit(0);
    } else log("stdin closed: ignoring it");
  });
  return connection;
}
