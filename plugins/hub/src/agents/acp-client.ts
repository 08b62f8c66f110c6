import {
  client,
  methods,
  type ClientApp,
  type ClientCapabilities,
  type ClientNotificationHandlersByMethod,
  type ClientRequestHandlersByMethod,
} from "@agentclientprotocol/sdk";

type Requests = ClientRequestHandlersByMethod;

/**
 * What the hub answers when an agent calls the client side of ACP. The chat of the next milestone supplies
 * them per agent; until then an agent's updates are ignored and its permission requests answered `cancelled`.
 * The `initialize` request advertises exactly what is handled here: `fs` reading and writing each only when
 * their handler is given, `terminal` only when all five terminal handlers are.
 */
export interface AgentClientHandlers {
  sessionUpdate?: ClientNotificationHandlersByMethod["session/update"];
  requestPermission?: Requests["session/request_permission"];
  readTextFile?: Requests["fs/read_text_file"];
  writeTextFile?: Requests["fs/write_text_file"];
  terminal?: {
    create: Requests["terminal/create"];
    output: Requests["terminal/output"];
    release: Requests["terminal/release"];
    waitForExit: Requests["terminal/wait_for_exit"];
    kill: Requests["terminal/kill"];
  };
  /** Further client capabilities to advertise, such as `session.notices`; `fs` and `terminal` follow the handlers. */
  capabilities?: Omit<ClientCapabilities, "fs" | "terminal">;
}

export type ClientHandlersFactory = (agent: string) => AgentClientHandlers;

/** The default: nothing to show updates to, nobody to ask for permission. */
export const noClientHandlers: ClientHandlersFactory = () => ({});

/** The client side of one connection, with the capabilities it may advertise. */
export function clientApp(handlers: AgentClientHandlers): { app: ClientApp; capabilities: ClientCapabilities } {
  const app = client({ name: "maia-hub" })
    .onNotification(methods.client.session.update, (context) => handlers.sessionUpdate?.(context))
    .onRequest(methods.client.session.requestPermission, (context) =>
      handlers.requestPermission ? handlers.requestPermission(context) : { outcome: { outcome: "cancelled" } },
    );
  // Handlers left unregistered make the SDK answer "method not found", matching what is not advertised.
  if (handlers.readTextFile) app.onRequest(methods.client.fs.readTextFile, handlers.readTextFile);
  if (handlers.writeTextFile) app.onRequest(methods.client.fs.writeTextFile, handlers.writeTextFile);
  const terminal = handlers.terminal;
  if (terminal) {
    app
      .onRequest(methods.client.terminal.create, terminal.create)
      .onRequest(methods.client.terminal.output, terminal.output)
      .onRequest(methods.client.terminal.release, terminal.release)
      .onRequest(methods.client.terminal.waitForExit, terminal.waitForExit)
      .onRequest(methods.client.terminal.kill, terminal.kill);
  }
  const capabilities: ClientCapabilities = {
    ...handlers.capabilities,
    fs: { readTextFile: handlers.readTextFile !== undefined, writeTextFile: handlers.writeTextFile !== undefined },
    terminal: terminal !== undefined,
  };
  return { app, capabilities };
}
