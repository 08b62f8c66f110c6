import { definePlugin, STAGE, type AgentSession, type AnyTool, type DoctorEntry, type DoctorPlace, type PluginContext, type TurnInput } from "@maia/kernel";
import { contributedSources } from "@maia/util";
import { blockedProjectServers } from "./approve-project.ts";
import { clientServerConfigs, type AcpMcpServer } from "./client-servers.ts";
import { claudeMcpSwitches } from "./claude-approvals.ts";
import { loadMcpConfig } from "./load-config.ts";
import { mcpCommand, type McpLoginResult, type McpServerDetail, type McpView } from "./mcp-command.ts";
import { login, logout, oauthOf } from "./oauth/login.ts";
import { mcpSubcommand } from "./subcommand.ts";
import type { McpConnection, McpSandbox } from "./connection.ts";
import { promptCommand, promptCommandName, promptUsage } from "./prompt-commands.ts";
import { attachResource, parseResourceReferences } from "./resource-refs.ts";
import { t } from "./messages.ts";
import { cliRules, selectMcpServers, type McpRuleLike, type PermissionRulesApi } from "./rules.ts";
import type { McpConfigFile, McpServerConfig } from "./server-config.ts";
import { mcpDoctor } from "./doctor-report.ts";
import { SessionServers, type McpServerStatus } from "./session-servers.ts";

const PLUGIN_NAME = "mcp";

/** What front ends and other plugins may call, through `context.plugins.get("mcp")?.api`. */
export interface McpApi {
  /** The servers of a session (the latest one by default), once their connections have settled. */
  status(session?: AgentSession): Promise<McpServerStatus[]>;
  /** The same, plus the configured servers that were not started and why: the data of `/mcp`. */
  view(session?: AgentSession): Promise<McpView>;
  /** `/mcp reconnect <key>`: undefined when the session has no such server. */
  reconnect(key: string, session?: AgentSession): Promise<McpServerStatus | undefined>;
  /**
   * `/mcp login <key>`: the OAuth login of a remote server (the browser opened unless headless, the url given
   * to `print` in any case), then the server connected again.
   */
  login(key: string, options: { session?: AgentSession; print(line: string): void; signal?: AbortSignal }): Promise<McpLoginResult>;
  /** `/mcp <key>`: a server's tools, prompts and resources; undefined when the session has no such server. */
  detail(key: string, session?: AgentSession): Promise<McpServerDetail | undefined>;
  /** `/mcp logout <key>`: tokens revoked and deleted; the server then needs a login again. */
  logout(key: string, session?: AgentSession): Promise<McpLoginResult>;
  /**
   * The servers an ACP client passes in session/new or session/load: the user configured them in the editor,
   * so no `Mcp(...)` allow rule is needed (a deny rule still excludes a server or its tools, and their tools
   * still ask by default). Connected for this session, closed when it ends, shown by `/mcp`; resolves once
   * each has succeeded or failed, its tools then in `session.tools`. `warnings` are for the editor's user.
   */
  addClientServers(session: AgentSession, servers: readonly AcpMcpServer[]): Promise<ClientServersResult>;
  /**
   * What the input box offers after `@` besides paths (the front end asks every plugin whose API has this):
   * `<key>:<uri>` for each resource of the session's connected servers, from the lists already read (never waits).
   */
  referenceCompletions(session?: AgentSession): Array<{ value: string; hint?: string }>;
  /**
   * Every MCP tool of a session (the latest one by default) by its name `mcp__key__tool`, those deferred behind
   * ToolSearch included: what sub-agents may be given. Undefined for a session without MCP state (a sub-agent's,
   * whose MCP tools are its parent's, in `session.tools`).
   */
  tools(session?: AgentSession): ReadonlyMap<string, AnyTool> | undefined;
  /** `maia doctor`: every MCP configuration found (mcp.json, .mcp.json, ~/.claude.json), its servers and how each starts. */
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
}

export interface ClientServersResult {
  servers: McpServerStatus[];
  warnings: string[];
}

interface SessionState {
  servers: SessionServers;
  /** Claude Code's approvals of `.mcp.json` servers (the user's own settings). */
  preApproved(server: McpServerConfig): boolean;
  notEnabled: string[];
  disabled: string[];
  files: McpConfigFile[];
  rules: readonly McpRuleLike[];
}

/**
 * MCP servers (seed § 22) on the official SDK: stdio, Streamable HTTP and legacy SSE. Servers come from
 * `~/.maia/mcp.json` and, once approved, the project's `.maia/mcp.json`; only those an allow rule
 * `Mcp(key…)` names are started (§ 22.2). Their tools join the session as `mcp__<key>__<tool>`.
 *
 * An ACP client's servers (`maia acp`, session/new and session/load) join a session through
 * `addClientServers`: no allow rule needed, deny rules and "ask" unchanged (client-servers.ts).
 *
 * Connections start in `sessionStart` rather than in the `tools` hook: the approval of a project file needs
 * the session's interaction port, which `tools` does not receive. `sessionStart` only asks and starts them;
 * they run in the background, each bounded by its own timeout, and the first `beforeTurn` waits for them, so
 * the model's first request has every tool while a UI draws without waiting on the network (DESIGN.md).
 */
export default definePlugin<Record<string, never>, McpApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "MCP servers (~/.maia/mcp.json, approved .maia/mcp.json): stdio, Streamable HTTP, SSE; /mcp",
  apply(context) {
    const sessions = new Map<string, SessionState>();
    let latest: AgentSession | undefined;
    const refused = new Map<string, string>();
    const warned = new Set<string>();
    const warnOnce = (message: string) => {
      if (warned.has(message)) return;
      warned.add(message);
      context.log.warn(message);
    };
    const stateOf = (session?: AgentSession) => {
      const target = session ?? latest;
      return target ? sessions.get(target.id) : undefined;
    };

    const api: McpApi = {
      async status(session) {
        return (await stateOf(session)?.servers.status()) ?? [];
      },
      async view(session) {
        const state = stateOf(session);
        if (!state) return { servers: [], notEnabled: [], disabled: [] };
        const servers = await state.servers.status();
        return { servers, notEnabled: [...state.notEnabled], disabled: [...state.disabled], placement: state.servers.placement.state() };
      },
      async reconnect(key, session) {
        const target = session ?? latest;
        const state = target ? sessions.get(target.id) : undefined;
        if (!target || !state) return undefined;
        return state.servers.reconnect(key, async () => {
          const entry = state.servers.config(key);
          if (!entry) return undefined;
          const blocked = await blockedProjectServers(
            [entry],
            state.files,
            { homeDir: target.setup.homeDir, allowRules: context.runtime.allowRules, interaction: target.interaction, refused, warn: warnOnce, preApproved: state.preApproved },
            true,
          );
          return blocked.get(key);
        });
      },
      async login(key, options) {
        const target = options.session ?? latest;
        const state = target ? sessions.get(target.id) : undefined;
        const config = state?.servers.config(key);
        if (!target || !state || !config || !oauthOf(config)) return { kind: "unknown", keys: remoteKeys(state) };
        const outcome = await login(config, {
          homeDir: target.setup.homeDir,
          env: target.setup.env,
          print: options.print,
          openBrowser: target.setup.frontEnd.interactive,
          ...(options.signal ? { signal: options.signal } : {}),
        });
        if (!outcome.ok) return { kind: "failed", reason: outcome.reason };
        const status = await api.reconnect(key, target);
        return { kind: "done", ...(status ? { status } : {}) };
      },
      async detail(key, session) {
        const state = stateOf(session);
        if (!state) return undefined;
        const status = (await state.servers.status()).find((server) => server.key === key);
        if (!status) return undefined;
        const connection = state.servers.connection(key);
        return {
          status,
          prompts: (connection?.prompts ?? []).map((prompt) => ({ command: promptCommandName(key, prompt.name), usage: promptUsage(prompt), ...(prompt.description ? { description: prompt.description } : {}) })),
          resources: (connection?.resources ?? []).map((resource) => ({ uri: resource.uri, name: resource.name, ...(resource.mimeType ? { mimeType: resource.mimeType } : {}) })),
        };
      },
      async logout(key, session) {
        const target = session ?? latest;
        const state = target ? sessions.get(target.id) : undefined;
        const config = state?.servers.config(key);
        if (!target || !state || !config || !oauthOf(config)) return { kind: "unknown", keys: remoteKeys(state) };
        const hadLogin = await logout(config, target.setup.homeDir);
        // Connected again without the tokens: its state now says "needs login" (its tools are gone).
        await api.reconnect(key, target);
        return { kind: "done", hadLogin };
      },
      tools(session) {
        return stateOf(session)?.servers.placement.tools();
      },
      referenceCompletions(session) {
        const state = stateOf(session);
        if (!state) return [];
        return state.servers.keys.flatMap((key) => {
          const connection = state.servers.connection(key);
          if (connection?.state !== "ok") return [];
          return connection.resources.map((resource) => ({ value: `${key}:${resource.uri}`, hint: resource.name }));
        });
      },
      doctor: async (place) =>
        mcpDoctor(
          place,
          () => context.plugins.get<PermissionRulesApi>(PERMISSIONS_PLUGIN)?.api?.rules?.() ?? cliRules(context.runtime.allowRules),
          (await contributedSources(context.plugins)?.at(place))?.mcpServers() ?? [],
        ),
      async addClientServers(session, servers) {
        const state = sessions.get(session.id);
        if (!state) return { servers: [], warnings: servers.length > 0 ? [t("clientNoSession", { names: servers.map((server) => server.name).join(", ") })] : [] };
        const { cwd, env } = session.setup;
        const taken = new Set([...state.servers.keys, ...state.notEnabled, ...state.disabled]);
        const converted = clientServerConfigs(servers, { cwd, env, taken, rules: state.rules });
        for (const warning of converted.warnings) context.log.warn(warning);
        const statuses = await state.servers.add(converted.servers);
        const failures = statuses.flatMap((status) => (status.state === "fail" ? [t("connectFailed", { key: status.key, reason: status.reason ?? "?" })] : []));
        return { servers: statuses, warnings: [...converted.warnings, ...failures] };
      },
    };

    // Prompts become slash commands once, for the run; each finds its prompt in the session it runs in.
    const promptCommands = new Set<string>();
    const findConnection = (session: AgentSession, key: string) => sessions.get(session.id)?.servers.connection(key);
    const onLists = (key: string, connection: McpConnection) => {
      for (const prompt of connection.prompts) {
        const command = promptCommand(key, prompt, findConnection);
        if (promptCommands.has(command.name)) continue;
        try {
          context.commands.register(command);
          promptCommands.add(command.name);
        } catch (error) {
          warnOnce(t("promptNotRegistered", { name: command.name, cause: error instanceof Error ? error.message : String(error) }));
        }
      }
    };

    // POST: after the permissions plugin has read the rules again for this session.
    context.hooks.sessionStart.tapPromise({ name: PLUGIN_NAME, stage: STAGE.POST }, async (session: AgentSession) => {
      // A sub-agent's child connects nothing: its MCP tools go through the parent's connections (subagents plugin).
      if (session.setup.frontEnd.child) return;
      const state = await prepareSession(context, session, refused, warnOnce, onLists);
      sessions.set(session.id, state);
      latest = session;
      state.servers.start();
    });

    context.hooks.beforeTurn.tapPromise(PLUGIN_NAME, async (input: TurnInput) => {
      const state = sessions.get(input.session.id);
      await state?.servers.ready(input.signal);
      // The budget is a share of the model's context: known now or soon (/model/info, ContextWindow).
      if (state && state.servers.placement.state().tools > 0) state.servers.placement.setContextTokens(await contextTokensOf(context, input.session, input.signal));
      // `@server:uri`: only what the user typed, as for `@` files.
      if (state && input.origin === "user" && input.text.includes("@")) {
        const refs = parseResourceReferences(input.text, new Set(state.servers.keys));
        const added: string[] = [];
        for (const ref of refs) {
          const connection = state.servers.connection(ref.key);
          const outcome = connection
            ? await attachResource(ref, connection, input.signal)
            : { warning: t("resourceFailed", { key: ref.key, uri: ref.uri, cause: t("reasonClosed") }) };
          if (outcome.block !== undefined) {
            input.session.pendingContext.push(outcome.block);
            added.push(`@${ref.key}:${ref.uri}`);
          }
          if (outcome.warning !== undefined) input.session.events.emit({ type: "warning", message: outcome.warning });
        }
        if (added.length > 0) input.session.events.emit({ type: "info", message: t("resourcesAdded", { list: added.join(", ") }) });
      }
      return input;
    });

    // The binding of a call to a deferred MCP tool (found with ToolSearch, or named in its list).
    context.hooks.resolveTool.tapPromise(PLUGIN_NAME, async ({ session, name }) => sessions.get(session.id)?.servers.placement.resolve(name));

    context.hooks.sessionEnd.tapPromise(PLUGIN_NAME, async (session: AgentSession) => {
      const state = sessions.get(session.id);
      sessions.delete(session.id);
      if (latest?.id === session.id) latest = undefined;
      await state?.servers.close();
    });

    context.commands.register(mcpCommand(api));
    context.subcommands.register(mcpSubcommand(() => contributedSources(context.plugins)?.mcpServers() ?? []));
    return api;
  },
});

/** Reads the configuration, selects the servers by the rules (nothing connects before), gates project ones. */
async function prepareSession(
  context: PluginContext,
  session: AgentSession,
  refused: Map<string, string>,
  warnOnce: (message: string) => void,
  onLists: (key: string, connection: McpConnection) => void,
): Promise<SessionState> {
  const { cwd, homeDir, env } = session.setup;
  // The servers of the Claude Code plugins that are on (the claude-plugins plugin is applied first).
  const plugins = contributedSources(context.plugins)?.mcpServers() ?? [];
  const loaded = await loadMcpConfig({ homeDir, cwd, env, plugins });
  for (const warning of loaded.warnings) warnOnce(warning);
  // Claude Code's switches for `.mcp.json`: `disabledMcpjsonServers` keeps a server off, the user's approvals count.
  const switches = await claudeMcpSwitches(cwd, homeDir);
  const rejected = (server: { key: string; format?: string; origin: string }) => server.format === "claude" && server.origin === "project" && switches.disabled.has(server.key);
  const config = { ...loaded, servers: loaded.servers.filter((server) => !rejected(server)), disabled: [...loaded.disabled, ...loaded.servers.filter(rejected).map((server) => server.key)] };
  const keys = [...config.servers.map((server) => server.key), ...config.disabled];

  const permissions = context.plugins.get<PermissionRulesApi>(PERMISSIONS_PLUGIN)?.api;
  let rules: readonly McpRuleLike[];
  if (typeof permissions?.rules === "function") {
    rules = permissions.rules();
  } else {
    if (keys.length > 0) warnOnce(t("noPermissionsPlugin"));
    rules = cliRules(context.runtime.allowRules);
  }
  // Claude Code's servers start as they do there, without an `Mcp(...)` allow rule; a deny rule still keeps them off.
  const selection = selectMcpServers(rules, keys, new Set(config.servers.filter((server) => server.format === "claude").map((server) => server.key)));
  for (const warning of selection.warnings) warnOnce(warning);
  const enabled = new Set(selection.enabled);
  const selected = config.servers.filter((server) => enabled.has(server.key));
  // Claude Code's `.mcp.json` switches approve that file's servers only (never a plugin's of the same name).
  const preApproved = (server: McpServerConfig) => server.format === "claude" && server.origin === "project" && switches.approves(server.key);
  const blocked = await blockedProjectServers(selected, config.files, {
    homeDir,
    allowRules: context.runtime.allowRules,
    interaction: session.interaction,
    refused,
    warn: warnOnce,
    preApproved,
  });
  return {
    preApproved,
    servers: new SessionServers({
      session,
      servers: selected,
      blocked,
      rules,
      warn: (message) => context.log.warn(message),
      onLists,
      sandbox: () => context.plugins.get<McpSandbox>("sandbox")?.api,
      ...(config.toolSearch ? { toolSearch: config.toolSearch } : {}),
    }),
    notEnabled: config.servers.filter((server) => !enabled.has(server.key)).map((server) => server.key),
    disabled: config.disabled,
    files: config.files,
    rules,
  };
}

const PERMISSIONS_PLUGIN = "permissions";
const CONTEXT_PLUGIN = "context";

/** What the mcp plugin reads of the context plugin's API (`import type` of it would tie the packages). */
interface ContextSizeApi {
  knownMax?(session: AgentSession): { tokens: number } | undefined;
  maxTokens?(session: AgentSession): Promise<number | undefined>;
}

/**
 * The model's context size from the context plugin (/model/info, then ContextWindow); undefined when unknown or
 * when the turn is stopped while it is being read (Ctrl+C does not wait for it).
 */
async function contextTokensOf(context: PluginContext, session: AgentSession, signal: AbortSignal): Promise<number | undefined> {
  const api = context.plugins.get<ContextSizeApi>(CONTEXT_PLUGIN)?.api;
  const known = typeof api?.knownMax === "function" ? api.knownMax(session)?.tokens : undefined;
  if (known !== undefined || typeof api?.maxTokens !== "function" || signal.aborted) return known;
  const stopped = new Promise<undefined>((resolve) => signal.addEventListener("abort", () => resolve(undefined), { once: true }));
  try {
    return await Promise.race([api.maxTokens(session), stopped]);
  } catch {
    return undefined;
  }
}

function remoteKeys(state: SessionState | undefined): string[] {
  if (!state) return [];
  return state.servers.keys.filter((key) => {
    const config = state.servers.config(key);
    return config !== undefined && oauthOf(config) !== undefined;
  });
}

export { MCP_CONFIG_SCHEMA } from "./config-schema.ts";
export type { McpLoginResult, McpServerDetail, McpView } from "./mcp-command.ts";
export type { McpServerStatus } from "./session-servers.ts";
export type { AcpMcpServer, AcpNameValue } from "./client-servers.ts";
export { clientServerConfigs } from "./client-servers.ts";
