/**
 * The official MCP SDK (DESIGN.md: no hand-written client), loaded on first use only: MAIA without MCP
 * servers, or before the first connection, pays nothing for it at start-up (DESIGN.md, start-up path).
 */
export async function loadSdk() {
  const [client, stdio, http, sse, types, auth] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/client/sse.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    import("@modelcontextprotocol/sdk/client/auth.js"),
  ]);
  return {
    Client: client.Client,
    StdioClientTransport: stdio.StdioClientTransport,
    DEFAULT_INHERITED_ENV_VARS: stdio.DEFAULT_INHERITED_ENV_VARS,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    StreamableHTTPError: http.StreamableHTTPError,
    SSEClientTransport: sse.SSEClientTransport,
    SseError: sse.SseError,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
    UnauthorizedError: auth.UnauthorizedError,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
    PromptListChangedNotificationSchema: types.PromptListChangedNotificationSchema,
    ResourceListChangedNotificationSchema: types.ResourceListChangedNotificationSchema,
  };
}

export type Sdk = Awaited<ReturnType<typeof loadSdk>>;

let loading: Promise<Sdk> | undefined;

export function sdk(): Promise<Sdk> {
  loading ??= loadSdk();
  return loading;
}
