import { afterEach, beforeEach } from "vitest";
import { startOAuthServer, type RunningOAuthServer } from "./servers.ts";

/**
 * A fresh OAuth-protected MCP server (fixtures/oauth-server.mjs) for each test. What the test hands to `atEnd`
 * (its sessions) is ended first, so that no session is left connected to a stopped server.
 */
export function oauthServerPerTest(): { readonly server: RunningOAuthServer; atEnd(end: () => Promise<void>): void } {
  let server: RunningOAuthServer | undefined;
  const ended: Array<() => Promise<void>> = [];
  beforeEach(async () => {
    server = await startOAuthServer();
  });
  afterEach(async () => {
    for (const end of ended.splice(0)) await end();
    await server?.stop();
    server = undefined;
  });
  return {
    get server() {
      if (!server) throw new Error("The OAuth server exists only during a test");
      return server;
    },
    atEnd: (end) => {
      ended.push(end);
    },
  };
}
