import { readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { McpConnection } from "../connection.ts";
import { parseServerEntry } from "../parse-server.ts";
import type { McpServerConfig } from "../server-config.ts";
import { followInBrowser, startOAuthServer, type RunningOAuthServer } from "../testing/servers.ts";
import { AuthStore } from "./auth-store.ts";
import { login, logout } from "./login.ts";

/**
 * The whole OAuth 2.1 flow against a real protected MCP server and its authorization server (the SDK's
 * server-side helpers, fixtures/oauth-server.mjs): 401 → discovery → dynamic registration → PKCE → the
 * "browser" (the test follows the printed url) → loopback callback → tokens on disk → refresh → revocation.
 */
let server: RunningOAuthServer;
let home: string;

beforeEach(async () => {
  server = await startOAuthServer();
  home = await tempFolder("maia-oauth-home-");
});
afterEach(async () => {
  await server.stop();
});

function configOf(entry: Record<string, unknown>): McpServerConfig {
  const outcome = parseServerEntry(entry, { key: "secure", origin: "user", file: "mcp.json", cwd: os.tmpdir(), env: {}, fieldLine: () => undefined });
  if (outcome.kind !== "server") throw new Error(outcome.warnings.join("\n"));
  return outcome.server;
}

/** A login whose browser step is the test following the printed url; returns what was printed. */
async function loginFollowing(config: McpServerConfig): Promise<{ ok: boolean; printed: string[] }> {
  const printed: string[] = [];
  let visit: Promise<unknown> = Promise.resolve();
  const outcome = await login(config, {
    homeDir: home,
    env: { PATH: "" },
    openBrowser: false,
    print: (line) => {
      printed.push(line);
      const url = /https?:\/\/\S+/.exec(line)?.[0];
      if (url) visit = followInBrowser(url);
    },
  });
  await visit;
  return { ok: outcome.ok, printed };
}

async function connected(config: McpServerConfig): Promise<McpConnection> {
  const connection = new McpConnection(config, process.env, home, "/mcp login secure");
  await connection.connect();
  return connection;
}

/**
 * A logged-in connection, then: a short-lived access token the server stops taking (the SDK refreshes it, the call
 * goes through), then everything revoked, refresh token too (the tool says a login is needed, and so does the
 * connection). Closes the connection.
 */
async function expectRefreshThenRevoked(connection: McpConnection, oauthServer: RunningOAuthServer): Promise<void> {
  await oauthServer.expireAccessTokens();
  expect(await connection.callTool("whoami", {})).toMatchObject({ isError: false });
  expect((await oauthServer.stats()).refreshed).toBe(1);

  await oauthServer.revokeAll();
  const refused = await connection.callTool("whoami", {});
  expect(refused.isError).toBe(true);
  expect(refused.content).toContain("needs login: /mcp login secure");
  expect(connection.needsLogin).toBe(true);
  await connection.close();
}

describe("OAuth for an HTTP MCP server", () => {
  it("needs a login first, without registering anything or opening a browser", async () => {
    const connection = await connected(configOf({ url: server.url }));
    expect(connection.state).toBe("fail");
    expect(connection.needsLogin).toBe(true);
    expect(connection.reason).toBe("needs login: /mcp login secure");
    expect((await server.stats()).registered).toBe(0);
    await connection.close();
  });

  it("logs in through the browser, keeps the tokens 0600, refreshes them, and needs a login again once revoked", async () => {
    const config = configOf({ url: server.url });
    const { ok, printed } = await loginFollowing(config);
    expect(ok).toBe(true);
    expect(printed.join("\n")).toMatch(/open this address in a browser:\n.*\/authorize\?.*code_challenge_method=S256.*state=/s);
    expect(await server.stats()).toMatchObject({ registered: 1, authorized: 1 });

    const file = new AuthStore(home, "secure", server.url).file;
    expect(path.dirname(file)).toBe(path.join(home, ".maia", "mcp-auth"));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const record = JSON.parse(await readFile(file, "utf8")) as { tokens: { access_token: string; refresh_token: string }; verifier?: string };
    expect(record.tokens.access_token).toMatch(/^at-/);
    expect(record.verifier).toBeUndefined();

    const connection = await connected(config);
    expect(connection.state).toBe("ok");
    expect(connection.tools.map((tool) => tool.name)).toEqual(["whoami"]);
    expect((await connection.callTool("whoami", {})).content).toMatch(/^client /);

    await expectRefreshThenRevoked(connection, server);
  });

  it("a configured clientId skips dynamic registration", async () => {
    // Registered by hand: the test authorization server learns the client through the store, as an admin would.
    const first = await loginFollowing(configOf({ url: server.url }));
    expect(first.ok).toBe(true);
    const record = JSON.parse(await readFile(new AuthStore(home, "secure", server.url).file, "utf8")) as { client: { client_id: string }; redirectPort: number };
    await logout(configOf({ url: server.url }), home);
    const config = configOf({ url: server.url, oauth: { clientId: record.client.client_id, redirectPort: record.redirectPort } });
    const second = await loginFollowing(config);
    expect(second.ok).toBe(true);
    expect(await server.stats()).toMatchObject({ registered: 1, authorized: 2 });
    const connection = await connected(config);
    expect(connection.state).toBe("ok");
    await connection.close();
  });

  it("the loopback listener refuses a callback with another state", async () => {
    const config = configOf({ url: server.url });
    let forged: { status: number; text: string } | undefined;
    let visit: Promise<unknown> = Promise.resolve();
    const outcome = await login(config, {
      homeDir: home,
      env: { PATH: "" },
      openBrowser: false,
      print: (line) => {
        const url = /https?:\/\/\S+/.exec(line)?.[0];
        if (!url) return;
        const redirect = new URL(new URL(url).searchParams.get("redirect_uri") ?? "");
        redirect.searchParams.set("code", "forged");
        redirect.searchParams.set("state", "not-the-state");
        visit = fetch(redirect)
          .then(async (response) => (forged = { status: response.status, text: await response.text() }))
          .then(() => followInBrowser(url));
      },
    });
    await visit;
    expect(forged?.status).toBe(400);
    expect(outcome.ok).toBe(true);
  });

  it("logout revokes the tokens and deletes them", async () => {
    const config = configOf({ url: server.url });
    expect((await loginFollowing(config)).ok).toBe(true);
    expect(await logout(config, home)).toBe(true);
    expect(await server.stats()).toMatchObject({ accessTokens: 0, refreshTokens: 0 });
    await expect(stat(new AuthStore(home, "secure", server.url).file)).rejects.toThrow();
    const connection = await connected(config);
    expect(connection.needsLogin).toBe(true);
    await connection.close();
  });

  it("oauth: false, or an Authorization header of its own, never starts OAuth", async () => {
    for (const entry of [{ url: server.url, oauth: false }, { url: server.url, headers: { Authorization: "Bearer nope" } }]) {
      const connection = await connected(configOf(entry));
      expect(connection.state).toBe("fail");
      expect(connection.needsLogin).toBe(false);
      expect(connection.reason).toMatch(/HTTP 401/);
      await connection.close();
    }
  });
});

describe("OAuth for a legacy SSE MCP server", () => {
  let sseServer: RunningOAuthServer;
  beforeEach(async () => {
    sseServer = await startOAuthServer("sse");
  });
  afterEach(async () => {
    await sseServer.stop();
  });

  it("needs a login, logs in through the browser, calls the tool over SSE, refreshes, and needs a login again once revoked", async () => {
    const config = configOf({ type: "sse", url: sseServer.url });
    expect(config.transport.type).toBe("sse");
    const before = await connected(config);
    expect(before.state).toBe("fail");
    expect(before.reason).toBe("needs login: /mcp login secure");
    await before.close();

    const { ok, printed } = await loginFollowing(config);
    expect(ok).toBe(true);
    expect(printed.join("\n")).toMatch(/open this address in a browser:\n.*\/authorize\?.*code_challenge_method=S256.*state=/s);
    expect(await sseServer.stats()).toMatchObject({ registered: 1, authorized: 1 });
    expect((await stat(new AuthStore(home, "secure", sseServer.url).file)).mode & 0o777).toBe(0o600);

    const connection = await connected(config);
    expect(connection.state).toBe("ok");
    expect(connection.tools.map((tool) => tool.name)).toEqual(["whoami"]);
    expect((await connection.callTool("whoami", {})).content).toMatch(/^client /);

    // Over SSE too, the POST of the next call carries the token the server no longer takes.
    await expectRefreshThenRevoked(connection, sseServer);
  });
});
