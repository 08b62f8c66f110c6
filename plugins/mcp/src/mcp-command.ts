import type { AgentSession, CommandContext, CommandOutput, SlashCommand } from "@maia/kernel";
import type { PlacementState } from "./deferred-tools.ts";
import { t } from "./messages.ts";
import type { McpServerStatus } from "./session-servers.ts";

/** Everything `/mcp` shows; the same data UIs read through the plugin's API to draw their badges. */
export interface McpView {
  /** The servers this session tried to start: OK or FAIL with the reason. */
  servers: McpServerStatus[];
  /** Configured but not enabled: no allow rule `Mcp(key)` names them (seed § 22.2). */
  notEnabled: string[];
  /** `enabled: false` in mcp.json. */
  disabled: string[];
  /** Where the servers' tools are: in every request, or deferred behind ToolSearch (absent without a session). */
  placement?: PlacementState;
}

/** `/mcp NAME`: one server, with its prompts (as slash commands) and resources (as `@NAME:uri`). */
export interface McpServerDetail {
  status: McpServerStatus;
  prompts: Array<{ command: string; usage: string; description?: string }>;
  resources: Array<{ uri: string; name: string; mimeType?: string }>;
}

export interface McpCommandApi {
  detail(key: string, session?: AgentSession): Promise<McpServerDetail | undefined>;
  view(session?: AgentSession): Promise<McpView>;
  reconnect(key: string, session?: AgentSession): Promise<McpServerStatus | undefined>;
  login(key: string, options: { session?: AgentSession; print(line: string): void; signal?: AbortSignal }): Promise<McpLoginResult>;
  logout(key: string, session?: AgentSession): Promise<McpLoginResult>;
}

/** `unknown`: no http/sse server of that name in the session; otherwise the outcome and the server's new state. */
export type McpLoginResult =
  | { kind: "unknown"; keys: string[] }
  | { kind: "done"; hadLogin?: boolean; status?: McpServerStatus }
  | { kind: "failed"; reason: string };

/** `/mcp` (seed § 22, interface) and `/mcp reconnect <name>` (beyond the seed). */
export function mcpCommand(api: McpCommandApi): SlashCommand {
  return {
    name: "mcp",
    description: t("commandDescription"),
    usage: t("commandUsage"),
    async run(context) {
      const [verb, key, ...rest] = context.args.split(/\s+/).filter((word) => word !== "");
      if (verb === undefined) {
        showView(await api.view(context.session), context.output);
        return;
      }
      if (verb === "login" || verb === "logout") {
        if (key === undefined || rest.length > 0) {
          const view = await api.view(context.session);
          context.output.error(t("loginUsage", { verb, keys: remoteKeys(view) }));
          return;
        }
        await runLogin(api, verb, key, context);
        return;
      }
      if (verb !== "reconnect" && key === undefined) {
        const detail = await api.detail(verb, context.session);
        if (detail) {
          showDetail(detail, context.output);
          return;
        }
      }
      if (verb !== "reconnect" || rest.length > 0) {
        context.output.error(t("badArguments", { args: context.args }));
        return;
      }
      const view = await api.view(context.session);
      const keys = view.servers.map((server) => server.key).join(", ") || t("none");
      if (key === undefined) {
        context.output.error(t("reconnectUsage", { keys }));
        return;
      }
      const status = await api.reconnect(key, context.session);
      if (!status) context.output.error(t("reconnectUnknown", { key, keys }));
      else if (status.state === "ok") context.output.info(t("reconnected", { key, count: status.tools.length }));
      else context.output.error(t("reconnectFailed", { key, reason: status.reason ?? "?" }));
    },
  };
}

async function runLogin(api: McpCommandApi, verb: "login" | "logout", key: string, context: CommandContext): Promise<void> {
  const result =
    verb === "login"
      ? await api.login(key, { session: context.session, print: (line) => context.output.info(line), signal: context.signal })
      : await api.logout(key, context.session);
  if (result.kind === "unknown") {
    context.output.error(t("loginUnknown", { key, keys: result.keys.join(", ") || t("none") }));
    return;
  }
  if (result.kind === "failed") {
    context.output.error(t("loginFailed", { key, reason: result.reason }));
    return;
  }
  if (verb === "logout") {
    context.output.info(t(result.hadLogin ? "logoutDone" : "logoutNothing", { key }));
    return;
  }
  context.output.info(t("loginDone", { key }));
  const status = result.status;
  if (status?.state === "ok") context.output.info(t("reconnected", { key, count: status.tools.length }));
  else if (status) context.output.error(t("reconnectFailed", { key, reason: status.reason ?? "?" }));
}

export function showDetail(detail: McpServerDetail, output: CommandOutput): void {
  const lines: string[] = [];
  const server = detail.status;
  lines.push(
    server.state === "ok"
      ? t("statusOk", { key: server.key, count: server.tools.length, transport: server.transport })
      : server.needsLogin
        ? t("statusNeedsLogin", { key: server.key })
        : t("statusFail", { key: server.key, reason: server.reason ?? "?" }),
  );
  lines.push(t("detailTools", { list: server.tools.join(", ") || t("detailNone") }));
  lines.push(t("detailPrompts"));
  if (detail.prompts.length === 0) lines.push(`- ${t("detailNone")}`);
  for (const prompt of detail.prompts) lines.push(`- /${[prompt.command, prompt.usage].filter(Boolean).join(" ")}${prompt.description ? ` — ${prompt.description}` : ""}`);
  lines.push(t("detailResources", { key: server.key }));
  if (detail.resources.length === 0) lines.push(`- ${t("detailNone")}`);
  for (const resource of detail.resources) lines.push(`- @${server.key}:${resource.uri} (${resource.name}${resource.mimeType ? `, ${resource.mimeType}` : ""})`);
  output.text(lines.join("\n"));
}

function remoteKeys(view: McpView): string {
  return view.servers.filter((server) => server.transport !== "stdio").map((server) => server.key).join(", ") || t("none");
}

/**
 * One block of text: `OK name: n tools (transport)` / `FAIL name: reason` per server, then the servers that
 * were not started. Badges and colours are the front end's: it reads the same data through the API.
 */
export function showView(view: McpView, output: CommandOutput): void {
  if (view.servers.length === 0 && view.notEnabled.length === 0 && view.disabled.length === 0) {
    output.info(t("statusNone"));
    return;
  }
  const lines = [`${t("statusTitle")}:`];
  for (const server of view.servers) {
    lines.push(
      server.state === "ok"
        ? `- ${t("statusOk", { key: server.key, count: server.tools.length, transport: server.transport })}`
        : server.needsLogin
          ? `- ${t("statusNeedsLogin", { key: server.key })}`
          : `- ${t("statusFail", { key: server.key, reason: server.reason ?? "?" })}${server.reconnecting ? ` ${t("statusReconnecting", { attempt: server.reconnecting.attempt })}` : ""}`,
    );
  }
  const placement = view.placement;
  if (placement?.deferred) lines.push("", t("statusDeferred", { count: placement.tools, tokens: placement.tokens, budget: placement.budget ?? 0 }));
  if (view.notEnabled.length > 0) lines.push("", t("statusNotSelected", { keys: view.notEnabled.join(", ") }));
  if (view.disabled.length > 0) lines.push("", t("statusDisabled", { keys: view.disabled.join(", ") }));
  output.text(lines.join("\n"));
}
