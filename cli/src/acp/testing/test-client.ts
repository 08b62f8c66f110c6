import { PassThrough, Readable, Writable } from "node:stream";
import {
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type ClientConnection,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
  type SessionUpdate,
} from "@agentclientprotocol/sdk";
import { afterEach } from "vitest";
import { maiaPerTest, spawnMaia, type LiteLLMStandIn, type MaiaPerTest } from "@maia/testing-maia";

export type PermissionAnswer = (request: RequestPermissionRequest, signal: AbortSignal) => RequestPermissionResponse | Promise<RequestPermissionResponse>;

export interface AcpProcess {
  connection: ClientConnection;
  /** The process's id (the Node that runs `maia acp`). */
  pid: number | undefined;
  /** Every session/update received, in order. */
  notifications: SessionNotification[];
  /** Every session/request_permission received, in order. */
  permissionRequests: RequestPermissionRequest[];
  /** How the next permission requests are answered (allow_once by default). */
  answer: PermissionAnswer;
  stdout(): string;
  stderr(): string;
  /** The updates of one session, of one kind. */
  updates<K extends SessionUpdate["sessionUpdate"]>(sessionId: string, kind: K): Array<Extract<SessionUpdate, { sessionUpdate: K }>>;
  /** Resolves once an update matching `test` has arrived. */
  waitFor(test: (notification: SessionNotification) => boolean, timeoutMs?: number): Promise<SessionNotification>;
  /** Closes stdin (the client goes away) and resolves with the exit code. */
  close(): Promise<number | null>;
}

export function selected(optionId: string): RequestPermissionResponse {
  return { outcome: { outcome: "selected", optionId } };
}

/**
 * `maia acp` as an editor starts it: the built bundle as a child process, its stdin and stdout carrying the
 * protocol, driven by the SDK's client side. Raw stdout is kept as well, to check it holds nothing else.
 */
export function startAcp(options: { cwd: string; home: string; env?: NodeJS.ProcessEnv; args?: string[]; bin?: string }): AcpProcess {
  const child = spawnMaia(["acp", ...(options.args ?? [])], { cwd: options.cwd, home: options.home, env: options.env ?? {}, bin: options.bin });
  let stdout = "";
  let stderr = "";
  const forSdk = new PassThrough();
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stdout.pipe(forSdk);
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const waiters = new Set<{ test: (notification: SessionNotification) => boolean; resolve: (n: SessionNotification) => void }>();
  const harness: AcpProcess = {
    connection: undefined as unknown as ClientConnection,
    pid: child.pid,
    notifications: [],
    permissionRequests: [],
    answer: (request) => selected(request.options.find((option) => option.kind === "allow_once")?.optionId ?? ""),
    stdout: () => stdout,
    stderr: () => stderr,
    updates: (sessionId, kind) =>
      harness.notifications
        .filter((notification) => notification.sessionId === sessionId && notification.update.sessionUpdate === kind)
        .map((notification) => notification.update as Extract<SessionUpdate, { sessionUpdate: typeof kind }>),
    waitFor(test, timeoutMs = 10_000) {
      const found = harness.notifications.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { test, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching session/update within ${timeoutMs} ms; stderr:\n${stderr}`));
        }, timeoutMs).unref();
      });
    },
    async close() {
      child.stdin.end();
      return exited;
    },
  };
  const app = client({ name: "maia-test-client" })
    .onNotification(methods.client.session.update, ({ params }) => {
      harness.notifications.push(params);
      for (const waiter of waiters) {
        if (waiter.test(params)) {
          waiters.delete(waiter);
          waiter.resolve(params);
        }
      }
    })
    .onRequest(methods.client.session.requestPermission, ({ params, signal }) => {
      harness.permissionRequests.push(params);
      return harness.answer(params, signal);
    });
  const stream = ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(forSdk) as ReadableStream<Uint8Array>);
  harness.connection = app.connect(stream);
  return harness;
}

export interface AcpPerTest<Server> extends MaiaPerTest<Server> {
  /** `maia acp` in the test's folders (each can be overridden), driven by the SDK's client; stopped after the test. */
  start(options?: { args?: string[]; env?: NodeJS.ProcessEnv; cwd?: string; home?: string }): AcpProcess;
}

/**
 * The set-up of an ACP end-to-end test file, for each test: maiaPerTest's server, HOME and launch folder, and
 * the `maia acp` processes the test starts, whose stdin is closed (the client goes away) before the server stops.
 */
export function acpPerTest<Server extends LiteLLMStandIn>(startServer: () => Promise<Server>): AcpPerTest<Server> {
  const bed = maiaPerTest(startServer);
  const running = new Set<AcpProcess>();
  afterEach(async () => {
    await Promise.all([...running].map((process) => process.close()));
    running.clear();
  });
  // The bed's getters stay live through the prototype (read each test's values, not the file's at load time).
  const perTest: Pick<AcpPerTest<Server>, "start"> = {
    start(options = {}) {
      const process = startAcp({ cwd: options.cwd ?? bed.cwd, home: options.home ?? bed.home, env: options.env ?? {}, args: options.args ?? [] });
      running.add(process);
      return process;
    },
  };
  return Object.assign(Object.create(bed) as MaiaPerTest<Server>, perTest);
}

/** initialize, as a client that shows notices. */
export function initialize(process: AcpProcess) {
  return process.connection.agent.request(methods.agent.initialize, {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false, session: { notices: {} } },
    clientInfo: { name: "maia-test-client", version: "1.0.0" },
  });
}

/** Lines of stdout that are not JSON-RPC messages (there must be none). */
export function foreignLines(stdout: string): string[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .filter((line) => {
      try {
        return (JSON.parse(line) as { jsonrpc?: unknown }).jsonrpc !== "2.0";
      } catch {
        return true;
      }
    });
}
