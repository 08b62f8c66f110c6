import {
  AgentEvents,
  Conversation,
  errorMessage,
  type AgentEvent,
  type AgentSession,
  type CommandOutput,
  type PlanItem,
  type PluginLogger,
  type TurnOutcome,
} from "@maia/kernel";
import { dispatchInput } from "../dispatch-input.ts";
import type { SavedSession } from "@maia/plugin-sessions";
import { randomHex } from "@maia/util";
import { methods, RequestError, type AgentContext, type ContentBlock, type McpServer, type PlanEntry, type SessionUpdate, type StopReason } from "@agentclientprotocol/sdk";
import { replayHistory } from "./history-replay.ts";
import type { KernelEntry } from "./kernel-pool.ts";
import { t } from "./messages.ts";
import { peersOf, type Peers } from "./peers.ts";
import { AcpInteraction, type PermissionHost } from "./permission-port.ts";
import { prepareImages, promptToRequest } from "./prompt-blocks.ts";
import { ToolCalls } from "./tool-calls.ts";
import { asRequestError, stopReasonOf } from "./turn-end.ts";
import { BackgroundCalls } from "./background-calls.ts";
import { UpdateQueue } from "./update-queue.ts";

export interface SessionDeps {
  entry: KernelEntry;
  model: string;
  client: AgentContext;
  /** The client shows `notice` updates (clientCapabilities.session.notices); else notices become text. */
  notices: boolean;
  log: PluginLogger;
  maxIterations?: number;
}

/**
 * One ACP session: a Conversation (the same host as the other front ends) on the kernel of its folder, the
 * loop's events turned into `session/update`s, the interaction port answered by `session/request_permission`,
 * and the prompt turn with its AbortController (`session/cancel`; the SDK does not cancel by itself).
 */
export class AcpSession implements PermissionHost {
  id = "";
  readonly cwd: string;
  readonly client: AgentContext;
  readonly updates: UpdateQueue;
  readonly toolCalls: ToolCalls;
  readonly backgroundCalls: BackgroundCalls;
  readonly peers: Peers;
  readonly #deps: SessionDeps;
  readonly #interaction = new AcpInteraction();
  readonly #events = new AgentEvents();
  #conversation: Conversation | undefined;
  #turn: AbortController | undefined;
  #turnDone: Promise<void> = Promise.resolve();
  /** The session the last command list was built for: /clear, /new, /load rebuild skills. */
  #commandsFor: AgentSession | undefined;
  /** The MCP servers the editor passed, and the kernel session they were last connected to. */
  #mcpServers: McpServer[] = [];
  #mcpSession: AgentSession | undefined;

  private constructor(deps: SessionDeps) {
    this.#deps = deps;
    this.cwd = deps.entry.cwd;
    this.client = deps.client;
    this.peers = peersOf(deps.entry.kernel);
    this.updates = new UpdateQueue(
      (update) => this.client.notify(methods.client.session.update, { sessionId: this.id, update }),
      (error) => deps.log.debug(`acp: update not sent: ${errorMessage(error)}`),
    );
    this.toolCalls = new ToolCalls(this.updates);
    this.backgroundCalls = new BackgroundCalls(this.updates);
    this.#events.on(this.#onEvent);
  }

  /**
   * session/new: a fresh conversation. Its ACP id is its name in the sessions plugin, so that session/load finds
   * it after the agent restarts; a random suffix keeps two sessions started in the same second (two agents of
   * the hub in one folder) from claiming the same file.
   */
  static async create(deps: SessionDeps, mcpServers: McpServer[]): Promise<AcpSession> {
    const session = new AcpSession(deps);
    const conversation = await session.#start();
    const sessions = session.peers.sessions;
    if (sessions) {
      const now = new Date().toISOString();
      const name = `${sessions.nameOf(conversation.current)}-${randomHex(3)}`;
      sessions.adopt(conversation.current, { version: 1, name, createdAt: now, updatedAt: now, model: deps.model, cwd: deps.entry.cwd, messages: [], pendingContext: [] });
      session.id = name;
    } else {
      session.id = `maia-${randomHex(8)}`;
    }
    await session.#addMcpServers(mcpServers);
    return session;
  }

  /** session/load: the saved conversation continues; its history is queued as updates (sent once opened). */
  static async load(deps: SessionDeps, id: string, saved: SavedSession, mcpServers: McpServer[]): Promise<AcpSession> {
    const session = new AcpSession(deps);
    const conversation = await session.#start({ resuming: true });
    // As every front end resumes (a summary, which replaces MAIA.md in the system prompt, has the agent built again).
    await session.peers.sessions?.resume(conversation, saved);
    session.id = id;
    session.replay();
    await session.#addMcpServers(mcpServers);
    return session;
  }

  get sessionId(): string {
    return this.id;
  }

  get conversation(): Conversation {
    if (!this.#conversation) throw new Error("acp: session used before it started");
    return this.#conversation;
  }

  /** The session's current name in the sessions plugin (changes with /rename and compaction). */
  nameNow(): string | undefined {
    return this.#conversation ? this.peers.sessions?.nameOf(this.#conversation.current) : undefined;
  }

  /** Queues the conversation so far as updates (session/load, or a client attaching again). */
  replay(): void {
    const current = this.conversation.current;
    const updates = replayHistory({
      messages: current.messages,
      startContext: current.startContext,
      tools: current.tools,
      cwd: this.cwd,
      homeDir: this.#deps.entry.homeDir,
    });
    for (const update of updates) this.updates.push(update);
  }

  /** After the client got the session's id: held updates go out, with the commands it can offer. */
  open(): void {
    this.updates.open();
    this.#announceCommands();
  }

  /**
   * `available_commands_update`: the slash commands of the plugins, then the skills of this session as
   * commands of their own (`/name args` runs `§name args`), unless a slash command already has the name.
   */
  #announceCommands(): void {
    const session = this.conversation.current;
    this.#commandsFor = session;
    this.updates.push(async () => {
      const commands = this.#deps.entry.kernel.plugins.commands.list();
      const taken = new Set(commands.map((command) => command.name));
      const skills = (await this.#skills(session)).filter((skill) => !taken.has(skill.name));
      return {
        sessionUpdate: "available_commands_update",
        availableCommands: [
          ...commands.map((command) => ({
            name: command.name,
            description: command.description,
            ...(command.usage ? { input: { hint: command.usage } } : {}),
          })),
          ...skills.map((skill) => ({ name: skill.name, description: oneLine(skill.description), input: { hint: t("skillHint") } })),
        ],
      };
    });
  }

  async #skills(session: AgentSession): Promise<ReadonlyArray<{ name: string; description: string }>> {
    try {
      return (await this.peers.skills?.skillsOf(session.setup)) ?? [];
    } catch (error) {
      this.#deps.log.warn(errorMessage(error));
      return [];
    }
  }

  prompt(blocks: readonly ContentBlock[], requestSignal: AbortSignal): Promise<StopReason> {
    if (this.#turn) return Promise.reject(new RequestError(-32600, t("promptRunning", { id: this.id })));
    const controller = new AbortController();
    this.#turn = controller;
    const answer = this.#prompt(blocks, controller, requestSignal);
    this.#turnDone = answer.then(
      () => undefined,
      () => undefined,
    );
    return answer;
  }

  async #prompt(blocks: readonly ContentBlock[], controller: AbortController, requestSignal: AbortSignal): Promise<StopReason> {
    // The SDK aborts the request's signal on $/cancel_request or a closed connection; session/cancel is ours.
    const abort = () => controller.abort();
    requestSignal.addEventListener("abort", abort);
    let outcome: TurnOutcome | undefined;
    let failure: unknown;
    try {
      outcome = await this.#run(blocks, controller.signal);
    } catch (error) {
      failure = error;
    } finally {
      requestSignal.removeEventListener("abort", abort);
      this.toolCalls.endTurn();
      // Every update of the turn is written before its answer.
      await this.updates.flush();
      this.#turn = undefined;
    }
    if (controller.signal.aborted) return "cancelled";
    if (failure !== undefined) throw asRequestError(failure);
    if (outcome?.status === "error") throw asRequestError(outcome.error);
    return stopReasonOf(outcome);
  }

  /** session/cancel: the turn's signal aborts; a pending permission question stops waiting (see the port). */
  cancel(): void {
    this.#turn?.abort();
  }

  /**
   * session/close and shutdown: the turn in progress is cancelled and rolled back before plugins save; the
   * session's background commands are stopped (their calls end `failed`, sent before this resolves).
   */
  async close(): Promise<void> {
    this.cancel();
    await this.#turnDone;
    await this.updates.flush();
    await this.#conversation?.close();
    this.backgroundCalls.close();
    await this.updates.flush();
  }

  /** The tool call `callId` left a command running in the background: followed until it ends (true), or not. */
  followBackground(callId: string, session: AgentSession, output: string, sandboxed: boolean | undefined): boolean {
    const background = this.peers.background;
    if (!background || !background.list(session).some((shell) => shell.callId === callId && shell.running)) return false;
    const tracked = this.toolCalls.handOver(callId);
    if (!tracked) return false;
    return this.backgroundCalls.follow(tracked, callId, output, background, session, sandboxed);
  }

  /** `_maia/background/kill`: stops one of this session's background commands; false when it has none of that ID. */
  async killBackground(shellId: string): Promise<boolean> {
    const background = this.peers.background;
    return background ? background.kill(this.conversation.current, shellId) : false;
  }

  info(message: string): void {
    this.#notice("info", message);
  }

  warn(message: string): void {
    this.#notice("warning", message);
  }

  async #start(options: { resuming?: boolean } = {}): Promise<Conversation> {
    const { entry, model, maxIterations } = this.#deps;
    this.#conversation = await Conversation.start({
      kernel: entry.kernel,
      model,
      interaction: this.#interaction,
      events: this.#events,
      ...(maxIterations ? { maxIterations } : {}),
      ...(options.resuming ? { resuming: true } : {}),
    });
    this.#interaction.bind(this);
    return this.#conversation;
  }

  async #addMcpServers(servers: McpServer[]): Promise<void> {
    this.#mcpServers = servers;
    if (servers.length === 0) return;
    const mcp = this.peers.mcp;
    if (!mcp) return this.warn(t("mcpIgnored", { names: servers.map((server) => server.name).join(", ") }));
    const session = this.conversation.current;
    this.#mcpSession = session;
    const result = await mcp.addClientServers(session, servers);
    for (const warning of result?.warnings ?? []) this.warn(warning);
  }

  /**
   * The editor's servers belong to the ACP session, the MCP plugin's connections to the kernel session: after
   * /clear, /new or a compaction replaced the latter, they connect again before the next turn.
   */
  async #keepMcpServers(): Promise<void> {
    if (this.#mcpServers.length === 0 || !this.peers.mcp || this.conversation.current === this.#mcpSession) return;
    await this.#addMcpServers(this.#mcpServers);
  }

  async #run(blocks: readonly ContentBlock[], signal: AbortSignal): Promise<TurnOutcome | undefined> {
    const conversation = this.conversation;
    await this.#keepMcpServers();
    const request = promptToRequest(blocks, this.cwd);
    for (const { what, reason } of request.ignored) this.warn(t("ignoredBlock", { what, reason }));
    const images = await prepareImages(request.images, (message) => this.warn(t("imageNotSent", { message })));
    // Attached resources join the pending context (seed § 6.2.1), kept out of the typed text so that `@`
    // resolution never reads inside them; a turn that is rolled back takes them back out.
    const pending = conversation.current.pendingContext;
    pending.push(...request.context);
    let outcome: TurnOutcome | undefined;
    try {
      const input = await this.#skillAsPrefix(request.text.trim());
      if (this.#isCommand(input)) {
        const result = await dispatchInput(conversation, input, {
          output: this.#output(),
          interaction: this.#interaction,
          signal,
          ...(images.length > 0 ? { turn: { images } } : {}),
        });
        outcome = result.kind === "turn" ? result.outcome : result.kind === "handled" ? result.outcomes.at(-1) : undefined;
        if (conversation.current !== this.#commandsFor) this.#announceCommands();
      } else {
        // The host offers a refused request to `recoverTurn` (the compaction plugin's emergency path, seed § 14.5).
        outcome = await conversation.submit(request.text, { signal, ...(images.length > 0 ? { images } : {}) });
      }
      return outcome;
    } finally {
      if (!outcome || outcome.status === "aborted" || outcome.status === "error") {
        const left = conversation.current.pendingContext;
        for (const item of request.context) {
          const index = left.indexOf(item);
          if (index >= 0) left.splice(index, 1);
        }
      }
    }
  }

  /** `/name args` for a skill that no slash command shadows is the skill's own syntax, `§name args`. */
  async #skillAsPrefix(input: string): Promise<string> {
    const name = /^\/(\S+)/.exec(input)?.[1];
    if (name === undefined || this.#deps.entry.kernel.plugins.commands.get(name)) return input;
    const skills = await this.#skills(this.conversation.current);
    return skills.some((skill) => skill.name === name) ? `§${input.slice(1)}` : input;
  }

  /** A `/command` or an input prefix (`!`, `§`…), dispatched as every front end does (seed § 5.5). */
  #isCommand(input: string): boolean {
    if (input.startsWith("/")) return true;
    return this.#deps.entry.kernel.plugins.prefixes.list().some((prefix) => input.startsWith(prefix.prefix));
  }

  #output(): CommandOutput {
    const say = (text: string) => this.updates.push(agentText(`${text}\n\n`));
    return {
      info: say,
      warn: (message) => say(t("noticeWarning", { message })),
      error: (message) => say(t("noticeError", { message })),
      text: say,
    };
  }

  #onEvent = (event: AgentEvent): void => {
    switch (event.type) {
      case "text":
        this.updates.push(agentText(event.text));
        break;
      case "thinking":
        if (event.active) this.toolCalls.newAnswer();
        break;
      case "tool_call":
        this.toolCalls.announce(event);
        break;
      case "tool_status":
        this.#toolStatus(event);
        break;
      case "plan":
        this.#sendPlan(event.entries);
        break;
      case "context_usage":
        // ACP needs the window's size; while it is unknown there is nothing honest to send.
        if (event.max !== undefined) this.updates.push({ sessionUpdate: "usage_update", used: event.tokens, size: event.max });
        break;
      case "warning":
        this.warn(event.message);
        break;
      case "info":
        this.info(event.message);
        break;
      default:
        break;
    }
  };

  /**
   * A call started or ended, as it happens (in a batch too, before the loop shows the results in call order).
   * A Bash call that left a command running in the background stays in progress until the command ends (issue
   * 39).
   */
  #toolStatus(event: Extract<AgentEvent, { type: "tool_status" }>): void {
    if (event.status === "in_progress") return this.toolCalls.running(event.id);
    const output = event.output ?? "";
    const failed = event.status === "failed";
    const session = this.#conversation?.current;
    if (!failed && session && this.followBackground(event.id, session, output, event.sandboxed)) return;
    this.toolCalls.finish(event.id, output, failed, { sandboxed: event.sandboxed, images: event.images });
  }

  /** ACP's plan: the plan a tool keeps (TodoWrite's list), `in_progress` items in their active form. */
  #sendPlan(todos: readonly PlanItem[]): void {
    const entries: PlanEntry[] = todos.map((todo) => ({
      content: todo.status === "in_progress" && todo.activeForm ? todo.activeForm : todo.content,
      priority: "medium",
      status: todo.status,
    }));
    this.updates.push({ sessionUpdate: "plan", entries });
  }

  #notice(severity: "info" | "warning", message: string): void {
    const log = this.#deps.log;
    if (severity === "warning") log.warn(message);
    else log.info(message);
    if (this.#deps.notices) this.updates.push({ sessionUpdate: "notice", severity, title: message });
    // Without notices, a warning still reaches the user in the conversation; information stays in the log.
    else if (severity === "warning") this.updates.push(agentText(`\n\n${t("noticeWarning", { message })}\n\n`));
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function agentText(text: string): SessionUpdate {
  return { sessionUpdate: "agent_message_chunk", content: { type: "text", text } };
}
