// The subpaths MAIA imports (plugins/mcp/src/sdk.ts, oauth/login.ts), in one file so that they share one copy
// of the SDK's internals (zod, the types) as they do when bundled together.
export * as auth from "@modelcontextprotocol/sdk/client/auth.js";
export * as client from "@modelcontextprotocol/sdk/client/index.js";
export * as sse from "@modelcontextprotocol/sdk/client/sse.js";
export * as stdio from "@modelcontextprotocol/sdk/client/stdio.js";
export * as streamableHttp from "@modelcontextprotocol/sdk/client/streamableHttp.js";
export * as types from "@modelcontextprotocol/sdk/types.js";
