import { stat } from "node:fs/promises";
import path from "node:path";
import { errorMessage, MaiaError, ProviderError, type PluginLogger } from "@maia/kernel";
import {
  agent,
  PROTOCOL_VERSION,
  RequestError,
  methods,
  type AgentApp,
  type AgentContext,
  type ClientCapabilities,
  type SessionInfo,
} from "@agentclientprotocol/sdk";
import { AcpSession, type SessionDeps } from "./acp-session.ts";
import { KernelPool, type KernelEntry, type KernelFactory } from "./kernel-pool.ts";
import { t } from "./messages.ts";
import { modelTakesImages } from "./image-support.ts";
import { peersOf } from "./peers.ts";
import { followMode, modeState, setMode } from "./session-modes.ts";

export interface AcpAgentOptions {
  /** Builds the kernel of a launch folder (`boot` with MAIA_CWD in production, a test kernel in tests). */
  kernelFor: KernelFactory;
  /** The folder the agent was started in: its kernel tells which capabilities to advertise. */
  launchFolder: string;
  version: string;
  log: PluginLogger;
  maxIterations?: number;
}

export interface AcpAgent {
  app: AgentApp;
  /** Cancels every turn and leaves every session (plugins save and close what they opened). */
  shutdown(): Promise<void>;
}

/**
 * MAIA as an ACP agent (stable ACP v1 through @agentclientprotocol/sdk): `initialize`, `session/new`,
 * `session/load`, `session/list`, `session/prompt`, `session/cancel` and `session/close`. Sessions live on
 * the kernel of their own folder, one kernel per folder.
 */
export function createAcpAgent(options: AcpAgentOptions): AcpAgent {
  const { log } = options;
  const sessions = new Map<string, AcpSession>();
  const pool = new KernelPool(options.kernelFor);
  let client: AgentContext | undefined;
  let capabilities: ClientCapabilities = {};

  // Each session is told the mode changes of its folder's kernel (current_mode_update) until it closes.
  const modeFollowers = new Map<AcpSession, () => void>();
  const depsFor = (entry: KernelEntry, context: AgentContext): SessionDeps => {
    if (entry.model === undefined) throw new RequestError(-32602, t("noModel", { cwd: entry.cwd }));
    return {
      entry,
      model: entry.model,
      client: client ?? context,
      notices: capabilities.session?.notices != null,
      log,
      ...(options.maxIterations ? { maxIterations: options.maxIterations } : {}),
    };
  };
  const sessionFor = (id: string): AcpSession => {
    const session = sessions.get(id);
    if (!session) throw new RequestError(-32002, t("unknownSession", { id }), { sessionId: id });
    return session;
  };
  /** The client learns the id from our answer; what the session queued meanwhile follows it. */
  const openAfterAnswer = (session: AcpSession) => setImmediate(() => session.open());

  const app = agent({ name: "maia" })
    .onConnect((connection) => {
      client = connection.client;
    })
    .onRequest(methods.agent.initialize, async ({ params }) => {
      if (params.protocolVersion < 1) throw RequestError.unsupportedProtocolVersion(params.protocolVersion, [PROTOCOL_VERSION]);
      capabilities = params.clientCapabilities ?? {};
      // What this folder's plugins offer decides the capabilities (a kernel built now serves session/new).
      const entry = await pool.get(options.launchFolder).catch((error: unknown) => {
        log.warn(errorMessage(error));
        return undefined;
      });
      const peers = entry === undefined ? undefined : peersOf(entry.kernel);
      const image = entry === undefined ? false : await modelTakesImages(entry.kernel, entry.model);
      return {
        protocolVersion: PROTOCOL_VERSION,
        agentInfo: { name: "maia", title: "MAIA", version: options.version },
        agentCapabilities: {
          loadSession: peers?.sessions !== undefined,
          promptCapabilities: { embeddedContext: true, image, audio: false },
          mcpCapabilities: { http: peers?.mcp !== undefined, sse: peers?.mcp !== undefined },
          sessionCapabilities: { ...(peers?.sessions ? { list: {} } : {}), close: {} },
        },
        authMethods: [],
      };
    })
    .onRequest(methods.agent.session.new, precise(async ({ params, client: context }) => {
      const entry = await pool.get(await checkedFolder(params.cwd));
      const session = await AcpSession.create(depsFor(entry, context), params.mcpServers);
      sessions.set(session.id, session);
      openAfterAnswer(session);
      modeFollowers.set(session, followMode(entry.kernel, (update) => session.updates.push(update)));
      const modes = modeState(entry.kernel);
      return { sessionId: session.id, ...(modes ? { modes } : {}) };
    }))
    .onRequest(methods.agent.session.load, precise(async ({ params, client: context }) => {
      const cwd = await checkedFolder(params.cwd);
      const live = sessions.get(params.sessionId) ?? [...sessions.values()].find((session) => session.cwd === cwd && session.nameNow() === params.sessionId);
      if (live) {
        // The client attaches again (a reload of the editor's window): the live conversation is replayed.
        sessions.set(params.sessionId, live);
        live.replay();
        await live.updates.flush();
        return {};
      }
      const entry = await pool.get(cwd);
      const peer = peersOf(entry.kernel).sessions;
      if (!peer) throw new RequestError(-32601, t("sessionsDisabled", { cwd }));
      let saved;
      try {
        saved = await peer.openForResume(params.sessionId);
      } catch (error) {
        throw new RequestError(-32002, errorMessage(error), { sessionId: params.sessionId });
      }
      const session = await AcpSession.load(depsFor(entry, context), params.sessionId, saved, params.mcpServers);
      sessions.set(session.id, session);
      // session/load answers after the history: open now and wait until it is written.
      session.open();
      await session.updates.flush();
      return {};
    }))
    .onRequest(methods.agent.session.list, precise(async ({ params }) => {
      const cwd = params.cwd ? await checkedFolder(params.cwd) : options.launchFolder;
      const entry = await pool.get(cwd);
      const peer = peersOf(entry.kernel).sessions;
      if (!peer) throw new RequestError(-32601, t("sessionsDisabled", { cwd }));
      const listed = await peer.list();
      const liveByName = new Map<string, string>();
      for (const [id, session] of sessions) {
        const name = session.cwd === entry.cwd ? session.nameNow() : undefined;
        if (name !== undefined) liveByName.set(name, id);
      }
      const infos: SessionInfo[] = listed.sessions
        .filter((summary) => summary.agent === undefined)
        .map((summary) => ({ sessionId: liveByName.get(summary.name) ?? summary.name, cwd: entry.cwd, title: summary.name, updatedAt: summary.updatedAt }));
      return { sessions: infos };
    }))
    .onRequest(methods.agent.session.prompt, precise(async ({ params, signal }) => {
      const stopReason = await sessionFor(params.sessionId).prompt(params.prompt, signal);
      return { stopReason };
    }))
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    })
    .onRequest(methods.agent.session.setMode, precise(async ({ params }) => {
      const session = sessionFor(params.sessionId);
      if (!setMode((await pool.get(session.cwd)).kernel, params.modeId)) throw new RequestError(-32602, t("badMode", { mode: params.modeId }));
      return {};
    }))
    // MAIA's extension: stops a background command of a session (the hub's Stop button, issue 39).
    .onRequest("_maia/background/kill", backgroundKillParams, precise(async ({ params }: { params: { sessionId: string; shellId: string } }) => {
      const killed = await sessionFor(params.sessionId).killBackground(params.shellId);
      if (!killed) throw new RequestError(-32602, t("noBackground", { id: params.shellId }), { shellId: params.shellId });
      return { killed: true };
    }))
    .onRequest(methods.agent.session.close, precise(async ({ params }) => {
      const session = sessions.get(params.sessionId);
      if (!session) return {};
      for (const [id, other] of sessions) if (other === session) sessions.delete(id);
      modeFollowers.get(session)?.();
      modeFollowers.delete(session);
      await session.close();
      return {};
    }));

  return {
    app,
    async shutdown() {
      const open = new Set(sessions.values());
      sessions.clear();
      await Promise.allSettled([...open].map((session) => session.close()));
    },
  };
}

/**
 * What MAIA says when a request fails must reach the user as it is: the SDK would turn any other error into
 * "Internal error" with the message tucked in its data. Stable error codes (MAIA_ERR_*) and the provider's
 * kind go in the data.
 */
function precise<Context, Result>(handler: (context: Context) => Promise<Result>): (context: Context) => Promise<Result> {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      if (error instanceof RequestError) throw error;
      const data =
        error instanceof MaiaError ? { code: error.code } : error instanceof ProviderError ? { kind: error.kind, status: error.status } : undefined;
      throw new RequestError(-32603, errorMessage(error), data);
    }
  };
}

/** The params of `_maia/background/kill`: `{ sessionId, shellId }`. */
function backgroundKillParams(params: unknown): { sessionId: string; shellId: string } {
  const { sessionId, shellId } = (params ?? {}) as { sessionId?: unknown; shellId?: unknown };
  if (typeof sessionId !== "string" || typeof shellId !== "string") throw new RequestError(-32602, t("badBackgroundParams"));
  return { sessionId, shellId };
}

/** ACP requires an absolute cwd; it must also be a folder MAIA can work in. */
async function checkedFolder(cwd: string): Promise<string> {
  if (!path.isAbsolute(cwd)) throw new RequestError(-32602, t("cwdNotAbsolute", { cwd }));
  let isFolder: boolean;
  try {
    isFolder = (await stat(cwd)).isDirectory();
  } catch (error) {
    throw new RequestError(-32602, t("cwdNotFolder", { cwd, reason: errorMessage(error) }));
  }
  if (!isFolder) throw new RequestError(-32602, t("cwdNotFolder", { cwd, reason: t("notAFolder") }));
  return path.resolve(cwd);
}
