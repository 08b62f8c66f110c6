import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isAbortError, type JsonSchema } from "@maia/kernel";
import { processAlive } from "@maia/util";
import { describeFailure, withDeadline, type Failure } from "./failure.ts";
import { t } from "./messages.ts";
import { forgetChild, rememberChild } from "./child-processes.ts";
import type { SandboxApi } from "@maia/plugin-sandbox";
import { sdk, type Sdk } from "./sdk.ts";
import type { McpServerConfig } from "./server-config.ts";
import { listAllPages } from "./paginate.ts";
import { formatToolResult, type FormattedResult } from "./tool-result.ts";
import { AuthStore } from "./oauth/auth-store.ts";
import { authKeyOf, oauthOf } from "./oauth/login.ts";
import { MaiaOAuthProvider, NeedsLoginError } from "./oauth/provider.ts";

/** Seed § 22: closing (session change, exit, signals) takes at most 3 s, whatever the servers do. */
export const CLOSE_BUDGET_MS = 3000;
/** A server that keeps handing out cursors is stopped here; its first tools are kept. */
export const MAX_TOOL_PAGES = 100;
/** The same cap for prompts/list and resources/list. */
export const MAX_LIST_PAGES = 100;
/** How long a remote server has to answer the ping that checks it is still there after a transport error. */
const PROBE_TIMEOUT_MS = 5000;
/** How much of a stdio server's stderr is kept, to say why it died. */
const STDERR_TAIL = 2000;

/** A prompt as the server lists it: offered as the slash command `/mcp__<key>__<name>`. */
export interface RemotePrompt {
  name: string;
  description?: string;
  arguments: Array<{ name: string; description?: string; required: boolean }>;
}

/** A resource as the server lists it: attached with `@<key>:<uri>`. */
export interface RemoteResource {
  uri: string;
  name: string;
  mimeType?: string;
  description?: string;
}

/** What `readResource` gives the `@` reference: the text parts, and what could not be shown as text. */
export interface ResourceContent {
  text: string;
  binary: Array<{ uri: string; mimeType?: string; bytes: number }>;
}

export type ConnectionState = "connecting" | "ok" | "fail" | "closed";

/** A tool as the server lists it. */
export interface RemoteTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
}

/**
 * One MCP server for one session, on the official SDK: stdio (a child process), Streamable HTTP or the legacy
 * SSE transport. `connect` never throws: a failure becomes state `fail` with a reason (seed § 22.3). Every
 * request, tool calls included, is bounded by the server's timeout; a connection lost later (the process
 * exits, the HTTP session disappears) turns the state to `fail`, and calls then answer a clear error until a
 * new connection replaces this one (`/mcp reconnect`).
 */
export class McpConnection {
  readonly config: McpServerConfig;
  /** Problems worth a WARN that did not fail the connection (too many pages). */
  readonly warnings: string[] = [];
  readonly #env: NodeJS.ProcessEnv;
  readonly #homeDir: string;
  readonly #sandbox: (() => McpSandbox | undefined) | undefined;
  readonly #loginCommand: string;
  #needsLogin = false;
  #state: ConnectionState = "connecting";
  #failure: { kind: "ended" } | { kind: "reason"; reason: string } | undefined;
  #tools: RemoteTool[] = [];
  #prompts: RemotePrompt[] = [];
  #resources: RemoteResource[] = [];
  #lib: Sdk | undefined;
  #client: Client | undefined;
  #transport: Transport | undefined;
  #pid: number | undefined;
  #stderr = "";
  #closing: Promise<void> | undefined;
  readonly #stop = new AbortController();
  #refreshing: Promise<void> = Promise.resolve();
  /** The tool calls waiting for their answer: aborted when the connection is found lost under them. */
  readonly #inFlight = new Set<AbortController>();
  #probing = false;
  /** Called once the server's tool list was read again after `notifications/tools/list_changed`. */
  onToolsChanged: (() => void) | undefined;
  /** Called once when a working connection is lost (process exited, stream closed): not on close, not on 401. */
  onDrop: (() => void) | undefined;

  /** `homeDir`: where `~/.maia/mcp-auth/` holds the OAuth logins of remote servers. */
  /** `loginCommand`: what the user types to log in, named when the server needs it (`/mcp login KEY`…). */
  constructor(config: McpServerConfig, env: NodeJS.ProcessEnv, homeDir: string, loginCommand = `maia mcp login ${config.key}`, sandbox?: () => McpSandbox | undefined) {
    this.config = config;
    this.#sandbox = sandbox;
    this.#env = env;
    this.#homeDir = homeDir;
    this.#loginCommand = loginCommand;
  }

  /** The server wants an OAuth login that MAIA does not have (or no longer has: refresh refused, revoked). */
  get needsLogin(): boolean {
    return this.#needsLogin;
  }

  get key(): string {
    return this.config.key;
  }

  get state(): ConnectionState {
    return this.#state;
  }

  /** Why the server failed; for a process that ended, the last line it wrote on stderr. */
  get reason(): string | undefined {
    if (!this.#failure) return undefined;
    if (this.#failure.kind === "reason") return this.#failure.reason;
    const last = lastLine(this.#stderr);
    return last ? t("reasonProcessEndedWith", { stderr: last }) : t("reasonProcessEnded");
  }

  get tools(): readonly RemoteTool[] {
    return this.#tools;
  }

  get prompts(): readonly RemotePrompt[] {
    return this.#prompts;
  }

  get resources(): readonly RemoteResource[] {
    return this.#resources;
  }

  /** `prompts/get`: the prompt's messages, their text parts joined; throws what the server said. */
  async getPrompt(name: string, args: Record<string, string>, signal?: AbortSignal): Promise<string> {
    const client = this.#client;
    if (this.#state !== "ok" || !client) throw new Error(this.#unavailable().content);
    const result = await client.getPrompt({ name, arguments: args }, { timeout: this.config.timeoutMs, ...(signal ? { signal } : {}) });
    return result.messages
      .flatMap((message) => (message.content.type === "text" ? [message.content.text] : message.content.type === "resource" && "text" in message.content.resource ? [String(message.content.resource.text)] : []))
      .join("\n\n");
  }

  /** `resources/read`; throws what the server said. */
  async readResource(uri: string, signal?: AbortSignal): Promise<ResourceContent> {
    const client = this.#client;
    if (this.#state !== "ok" || !client) throw new Error(this.#unavailable().content);
    const result = await client.readResource({ uri }, { timeout: this.config.timeoutMs, ...(signal ? { signal } : {}) });
    const texts: string[] = [];
    const binary: ResourceContent["binary"] = [];
    for (const part of result.contents) {
      if ("text" in part && typeof part.text === "string") texts.push(part.text);
      else if ("blob" in part && typeof part.blob === "string") {
        binary.push({ uri: part.uri, ...(part.mimeType ? { mimeType: part.mimeType } : {}), bytes: Math.floor((part.blob.length * 3) / 4) });
      }
    }
    return { text: texts.join("\n"), binary };
  }

  /** The stdio child's process id, while it runs. */
  get pid(): number | undefined {
    return this.#pid;
  }

  async connect(): Promise<void> {
    const timeout = this.config.timeoutMs;
    try {
      const lib = await sdk();
      this.#lib = lib;
      const transport = await this.#createTransport(lib);
      const client = new lib.Client({ name: "maia", version: "1.0.0" }, { capabilities: {} });
      // Errors mostly surface through the requests they break, with better words; the loss itself is onclose.
      // Except one: a remote server's response stream that breaks (the server died, the network dropped) is only
      // reported here, and the call it carried would wait for its timeout. A ping then says whether it is gone.
      // Only with calls in flight: an idle stream that breaks costs nothing, and the next call reconnects.
      client.onerror = () => {
        if (this.config.transport.type !== "stdio" && this.#inFlight.size > 0) void this.#probe(client);
      };
      // Only this connection's current client: an old one closing after a reconnect says nothing about the new.
      client.onclose = () => {
        if (this.#client === client) this.#lost();
      };
      // A server whose tools change says so; the list is read again (all pages) and the session's tools follow.
      client.setNotificationHandler(lib.ToolListChangedNotificationSchema, () => {
        this.#refreshing = this.#refreshing.then(() => this.#refreshTools(client));
      });
      client.setNotificationHandler(lib.PromptListChangedNotificationSchema, () => {
        this.#refreshing = this.#refreshing.then(() => this.#refreshOthers(client));
      });
      client.setNotificationHandler(lib.ResourceListChangedNotificationSchema, () => {
        this.#refreshing = this.#refreshing.then(() => this.#refreshOthers(client));
      });
      this.#client = client;
      this.#transport = transport;
      const attempt = new AbortController();
      const stop = () => attempt.abort();
      this.#stop.signal.addEventListener("abort", stop, { once: true });
      // The SDK bounds `initialize` but not the transport's start (an SSE server that never sends `endpoint`).
      await withDeadline(client.connect(transport, { timeout, signal: attempt.signal }), timeout, stop);
      this.#tools = await this.#listTools(client, attempt.signal);
      await this.#listOthers(client, attempt.signal);
      this.#stop.signal.removeEventListener("abort", stop);
      if (this.#state === "connecting") this.#state = "ok";
    } catch (error) {
      if (this.#closing) return;
      if (this.#lib && isUnauthorized(error, this.#lib)) this.#loginNeeded();
      this.#fail(this.#lib ? describeFailure(error, this.#lib, this.config, "connect") : { kind: "gone", reason: String(error) });
      await this.#dispose(CLOSE_BUDGET_MS);
    }
  }

  /**
   * One `tools/call`; the result as the model will read it. Only an abort (Ctrl+C) throws. A remote server whose
   * connection dropped (a restart, a proxy closing idle streams, an expired HTTP session) is connected again and
   * the call retried, once: a stdio server that died is not restarted behind the user's back (`/mcp reconnect`).
   */
  async callTool(name: string, input: Record<string, unknown>, signal?: AbortSignal, retried = false): Promise<FormattedResult> {
    const client = this.#client;
    const lib = this.#lib;
    if (this.#state !== "ok" || !client || !lib) return this.#unavailable();
    // Its own signal: the turn's (Ctrl+C), or the connection found lost while the call was in flight.
    const call = new AbortController();
    const onAbort = () => call.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    this.#inFlight.add(call);
    try {
      const result = await client.callTool({ name, arguments: input }, undefined, { timeout: this.config.timeoutMs, signal: call.signal });
      return formatToolResult(result);
    } catch (error) {
      if (signal?.aborted) throw isAbortError(error) ? error : Object.assign(new Error("aborted"), { name: "AbortError" });
      // Lost in flight: the server may have run it, so it is not sent again; the model reads why it failed.
      if (call.signal.aborted) return this.#unavailable();
      if (isUnauthorized(error, lib)) {
        // The refresh token was refused too (revoked, expired): only a new login helps, not a reconnection.
        this.#loginNeeded();
        void this.#dispose(CLOSE_BUDGET_MS);
        return this.#unavailable();
      }
      const failure = describeFailure(error, lib, this.config, "call");
      const seconds = Math.round(this.config.timeoutMs / 100) / 10;
      if (failure.kind === "timeout") return { content: t("toolTimeout", { key: this.key, tool: name, seconds }), isError: true };
      if (failure.kind === "rejected") {
        return { content: t("toolRejected", { key: this.key, tool: name, cause: failure.reason }), isError: true };
      }
      if (!retried && this.config.transport.type !== "stdio" && !this.#closing && (await this.#reconnect())) {
        return this.callTool(name, input, signal, true);
      }
      // The connection is lost: the server is failed from now on (and /mcp says so).
      this.#fail(failure);
      void this.#dispose(CLOSE_BUDGET_MS);
      return this.#unavailable();
    } finally {
      signal?.removeEventListener("abort", onAbort);
      this.#inFlight.delete(call);
    }
  }

  /**
   * After a transport error on a remote server: a `ping` bounded by PROBE_TIMEOUT_MS. No answer means the server
   * is gone: the calls in flight answer an error now, the state turns to `fail` and the session connects it again
   * with backoff (onDrop). One probe at a time; nothing while connecting or once closed.
   */
  async #probe(client: Client): Promise<void> {
    if (this.#probing || this.#client !== client || this.#state !== "ok" || this.#closing) return;
    this.#probing = true;
    try {
      await client.ping({ timeout: Math.min(PROBE_TIMEOUT_MS, this.config.timeoutMs) });
    } catch (error) {
      if (this.#client !== client || this.#state !== "ok" || this.#closing) return;
      // An HTTP status is an answer: the server is there (a 404 for the session a restarted server does not know),
      // and a call in flight gets that answer itself, then reconnects and is retried. Only silence means it is gone.
      if (this.#lib && error instanceof this.#lib.StreamableHTTPError && typeof error.code === "number" && error.code > 0) return;
      this.#fail({ kind: "gone", reason: t("reasonConnectionLost") });
      for (const call of this.#inFlight) call.abort();
      void this.#dispose(CLOSE_BUDGET_MS);
    } finally {
      this.#probing = false;
    }
  }

  /** Resolves once the tool lists asked for by `list_changed` notifications so far have been read. */
  settled(): Promise<void> {
    return this.#refreshing;
  }

  async #refreshOthers(client: Client): Promise<void> {
    if (this.#client !== client || this.#state !== "ok") return;
    try {
      await this.#listOthers(client, this.#stop.signal);
      this.onToolsChanged?.();
    } catch {
      // As for tools: the old lists stay until the connection says it is lost.
    }
  }

  /**
   * Prompts and resources, every page of each (up to MAX_LIST_PAGES, then a WARN): a server that fails to list
   * them still gives its tools, and a list that failed keeps what was read before.
   */
  async #listOthers(client: Client, signal: AbortSignal): Promise<void> {
    const capabilities = client.getServerCapabilities();
    const options = { timeout: this.config.timeoutMs, signal };
    const params = (cursor: string | undefined) => (cursor === undefined ? undefined : { cursor });
    if (capabilities?.prompts) {
      const listed = await listAllPages(async (cursor) => {
        const result = await client.listPrompts(params(cursor), options);
        return { items: result.prompts, nextCursor: result.nextCursor };
      }, MAX_LIST_PAGES).catch(() => undefined);
      if (listed) {
        this.#prompts = listed.items.map((prompt) => ({
          name: prompt.name,
          ...(prompt.description === undefined ? {} : { description: prompt.description }),
          arguments: (prompt.arguments ?? []).map((argument) => ({
            name: argument.name,
            ...(argument.description === undefined ? {} : { description: argument.description }),
            required: argument.required === true,
          })),
        }));
        if (listed.truncated) this.#warnPages("prompts/list", this.#prompts.length);
      }
    }
    if (capabilities?.resources) {
      const listed = await listAllPages(async (cursor) => {
        const result = await client.listResources(params(cursor), options);
        return { items: result.resources, nextCursor: result.nextCursor };
      }, MAX_LIST_PAGES).catch(() => undefined);
      if (listed) {
        this.#resources = listed.items.map((resource) => ({
          uri: resource.uri,
          name: resource.name,
          ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
          ...(resource.description === undefined ? {} : { description: resource.description }),
        }));
        if (listed.truncated) this.#warnPages("resources/list", this.#resources.length);
      }
    }
  }

  #warnPages(method: string, count: number): void {
    this.warnings.push(t("tooManyListPages", { key: this.key, method, pages: MAX_LIST_PAGES, count }));
  }

  async #refreshTools(client: Client): Promise<void> {
    if (this.#client !== client || this.#state !== "ok") return;
    try {
      this.#tools = await this.#listTools(client, this.#stop.signal);
      this.onToolsChanged?.();
    } catch {
      // The connection broke meanwhile: onclose says so; the old list stays until then.
    }
  }

  /**
   * Ends the connection within `budgetMs` (seed § 22: at most 3 s): Streamable HTTP sends the DELETE that ends
   * its session, SSE closes its stream, a stdio child gets its stdin closed, then SIGTERM, then SIGKILL.
   */
  close(budgetMs = CLOSE_BUDGET_MS): Promise<void> {
    if (!this.#closing) {
      this.#stop.abort();
      if (this.#state !== "fail") {
        this.#state = "closed";
        this.#failure = { kind: "reason", reason: t("reasonSessionEnded") };
      }
      this.#closing = this.#dispose(budgetMs);
    }
    return this.#closing;
  }

  /** A new client and transport for a remote server, after its connection dropped; true when it answers again. */
  async #reconnect(): Promise<boolean> {
    await this.#dispose(CLOSE_BUDGET_MS);
    if (this.#closing || this.#state !== "ok") return false;
    this.#state = "connecting";
    await this.connect();
    // Through the getter: connect() changed the state, which the compiler cannot see.
    const ok = this.state === "ok";
    // Still down: the session connects it again with backoff, as after any drop (unless only a login helps).
    if (!ok && !this.#closing && !this.#needsLogin) this.onDrop?.();
    return ok;
  }

  #loginNeeded(): void {
    this.#needsLogin = true;
    this.#state = "fail";
    this.#failure = { kind: "reason", reason: t("reasonNeedsLogin", { command: this.#loginCommand }) };
  }

  #unavailable(): FormattedResult {
    const reason = this.reason ?? t("reasonClosed");
    return { content: t("toolUnavailable", { key: this.key, reason }), isError: true };
  }

  #fail(failure: Failure): void {
    if (this.#state === "fail" || this.#state === "closed") return;
    const wasOk = this.#state === "ok";
    this.#state = "fail";
    this.#failure = { kind: "reason", reason: failure.reason };
    if (wasOk && !this.#closing) this.onDrop?.();
  }

  /** The transport closed under us: a stdio process that exited, a stream that ended. */
  #lost(): void {
    if (this.#closing || this.#state === "fail" || this.#state === "closed") return;
    // While connecting over HTTP, the error that broke the attempt says more than "closed": connect() reports it.
    if (this.#state === "connecting" && this.config.transport.type !== "stdio") return;
    const wasOk = this.#state === "ok";
    this.#state = "fail";
    this.#failure = this.config.transport.type === "stdio" ? { kind: "ended" } : { kind: "reason", reason: t("reasonClosed") };
    if (this.#pid !== undefined) forgetChild(this.#pid);
    if (wasOk) this.onDrop?.();
  }

  async #createTransport(lib: Sdk): Promise<Transport> {
    const config = this.config.transport;
    if (config.type === "stdio") {
      // The SDK passes only a few variables (HOME, PATH…) to a server, read from process.env; this session's
      // values win, so a launch with another HOME or PATH starts its servers with them.
      const inherited = Object.fromEntries(
        lib.DEFAULT_INHERITED_ENV_VARS.flatMap((name) => {
          const value = this.#env[name];
          return value === undefined || value.startsWith("()") ? [] : [[name, value]];
        }),
      );
      const env = { ...inherited, ...config.env };
      // `"sandbox": true`: started inside the OS sandbox, or not at all (never a server that asked for it, unboxed).
      const boxed = config.sandbox === true ? await sandboxedLaunch(this.#sandbox?.(), config.command, config.args, { cwd: config.cwd, env }) : undefined;
      const transport = new lib.StdioClientTransport({
        command: boxed?.file ?? config.command,
        args: boxed?.args ?? config.args,
        env: boxed?.env ?? env,
        cwd: boxed?.cwd ?? config.cwd,
        // Piped, never inherited: a server's logs must not draw over the UI.
        stderr: "pipe",
      });
      transport.stderr?.on("data", (chunk: Buffer) => {
        this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
      });
      // Known from the moment it runs, not once `initialize` is answered: a server that never answers must
      // still be killed at exit.
      const start = transport.start.bind(transport);
      transport.start = async () => {
        await start();
        this.#trackChild(transport);
      };
      return transport;
    }
    const requestInit = { headers: config.headers };
    const oauth = oauthOf(this.config);
    // Never a login while connecting: a stored login is used (and refreshed), none means "needs login".
    const authProvider = oauth
      ? new MaiaOAuthProvider({ store: new AuthStore(this.#homeDir, authKeyOf(this.config), oauth.url), settings: oauth.settings, interactive: false })
      : undefined;
    const options = { requestInit, ...(authProvider ? { authProvider } : {}) };
    if (config.type === "sse") return new lib.SSEClientTransport(new URL(config.url), options);
    return new lib.StreamableHTTPClientTransport(new URL(config.url), options);
  }

  #trackChild(transport: Transport): void {
    const pid = (transport as { pid?: number | null }).pid;
    if (typeof pid === "number") {
      this.#pid = pid;
      rememberChild(pid);
    }
  }

  async #listTools(client: Client, signal: AbortSignal): Promise<RemoteTool[]> {
    if (!client.getServerCapabilities()?.tools) return [];
    const options = { timeout: this.config.timeoutMs, signal };
    const listed = await listAllPages(async (cursor) => {
      const result = await client.listTools(cursor === undefined ? undefined : { cursor }, options);
      return { items: result.tools, nextCursor: result.nextCursor };
    }, MAX_TOOL_PAGES);
    const tools = listed.items.map((tool) => ({
      name: tool.name,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: tool.inputSchema as JsonSchema,
    }));
    if (listed.truncated) this.warnings.push(t("tooManyPages", { key: this.key, pages: MAX_TOOL_PAGES, count: tools.length }));
    return tools;
  }

  async #dispose(budgetMs: number): Promise<void> {
    const client = this.#client;
    const transport = this.#transport;
    const lib = this.#lib;
    const pid = this.#pid ?? ((transport as { pid?: number | null } | undefined)?.pid ?? undefined);
    this.#client = undefined;
    this.#transport = undefined;
    const work = (async () => {
      if (lib && transport instanceof lib.StreamableHTTPClientTransport) await transport.terminateSession().catch(() => undefined);
      if (client) await client.close().catch(() => undefined);
      else await transport?.close().catch(() => undefined);
    })();
    // The SDK waits 2 s after closing stdin, then 2 s after SIGTERM: too long for our budget, so we escalate
    // ourselves at a third and two thirds of it.
    const timers: NodeJS.Timeout[] = [];
    if (typeof pid === "number") {
      timers.push(setTimeout(() => signalChild(pid, "SIGTERM"), budgetMs / 3));
      timers.push(setTimeout(() => signalChild(pid, "SIGKILL"), (2 * budgetMs) / 3));
    }
    let expired: NodeJS.Timeout | undefined;
    await Promise.race([work, new Promise<void>((resolve) => (expired = setTimeout(resolve, budgetMs)))]);
    clearTimeout(expired);
    for (const timer of timers) clearTimeout(timer);
    if (typeof pid === "number") {
      if (processAlive(pid)) signalChild(pid, "SIGKILL");
      forgetChild(pid);
    }
  }
}

/** The SDK's "log in first" (no usable token), or ours (no login stored), maybe wrapped by the transport. */
function isUnauthorized(error: unknown, lib: Sdk): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined; depth += 1) {
    if (current instanceof lib.UnauthorizedError || current instanceof NeedsLoginError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function signalChild(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function lastLine(text: string): string {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");
  const last = lines.at(-1) ?? "";
  return last.length > 300 ? `${last.slice(0, 300)}…` : last;
}

/** What a stdio server that opts in uses of the sandbox plugin's API. */
export type McpSandbox = Pick<SandboxApi, "planBash" | "wrap">;

/** The wrapped launch of a server that asked for the sandbox; throws (the server fails, with why) when there is none. */
async function sandboxedLaunch(sandbox: McpSandbox | undefined, command: string, args: readonly string[], options: { cwd: string; env: Record<string, string> }) {
  if (!sandbox) throw new Error(t("sandboxMissing"));
  const plan = await sandbox.planBash({});
  if (plan.kind === "refused") throw new Error(plan.reason);
  if (plan.kind !== "sandboxed") throw new Error(t("sandboxOff"));
  return sandbox.wrap([command, ...args], options);
}
