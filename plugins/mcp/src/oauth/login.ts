import { openBrowser } from "@maia/util";
import { t } from "../messages.ts";
import type { McpServerConfig } from "../server-config.ts";
import { AuthStore } from "./auth-store.ts";
import { LoopbackListener } from "./loopback.ts";
import { MaiaOAuthProvider, type OAuthSettings } from "./provider.ts";

/** How long a login waits for the browser to come back. */
export const LOGIN_WAIT_MS = 5 * 60 * 1000;

export interface LoginOptions {
  homeDir: string;
  env: NodeJS.ProcessEnv;
  /** One line for the user (the authorization url among them: a machine without a browser can copy it). */
  print(line: string): void;
  /** False in a terminal without a user at the screen's browser: the url is printed only. */
  openBrowser: boolean;
  signal?: AbortSignal;
}

export type LoginOutcome = { ok: true } | { ok: false; reason: string };

/** The OAuth settings of a remote server, or undefined when it takes none (stdio, `oauth: false`). */
export function oauthOf(config: McpServerConfig): { url: string; settings: OAuthSettings } | undefined {
  const transport = config.transport;
  if (transport.type === "stdio" || transport.oauth === false) return undefined;
  return { url: transport.url, settings: transport.oauth ?? {} };
}

/** The name a server's OAuth login is stored under (see `McpServerConfig.authKey`). */
export function authKeyOf(config: McpServerConfig): string {
  return config.authKey ?? config.key;
}

/**
 * `/mcp login NAME`, `maia mcp login NAME`: the authorization code flow with PKCE through the SDK's `auth()`
 * (discovery from the server's 401, dynamic registration unless `oauth.clientId` is set), the browser sent to the
 * authorization page, the code taken by a loopback listener that checks `state`, then exchanged for tokens, which
 * the AuthStore keeps. A stored refresh token that still works ends the login at once.
 */
export async function login(config: McpServerConfig, options: LoginOptions): Promise<LoginOutcome> {
  const oauth = oauthOf(config);
  if (!oauth) return { ok: false, reason: t("loginNotRemote", { key: config.key }) };
  const { auth } = await import("@modelcontextprotocol/sdk/client/auth.js");
  const store = new AuthStore(options.homeDir, authKeyOf(config), oauth.url);
  const record = await store.read();
  const preferred = oauth.settings.redirectPort ?? record.redirectPort ?? 0;
  let listener: LoopbackListener;
  try {
    listener = await LoopbackListener.open(preferred, oauth.settings.redirectPort !== undefined, {
      done: t("loginPageDone", { key: config.key }),
      failed: (reason) => t("loginPageFailed", { key: config.key, reason }),
    });
  } catch (error) {
    return { ok: false, reason: t("loginNoListener", { port: preferred, cause: String(error) }) };
  }
  try {
    // A client registered with another loopback port would be refused its redirect: register again.
    if (!oauth.settings.clientId && record.client && record.redirectPort !== listener.port) {
      await store.update(({ client: _client, redirectPort: _port, ...rest }) => rest);
    }
    const provider = new MaiaOAuthProvider({
      store,
      settings: oauth.settings,
      interactive: true,
      port: listener.port,
      onAuthorizationUrl: async (url) => {
        options.print(t("loginVisit", { key: config.key, url: url.href }));
        if (options.openBrowser && !(await openBrowser(url.href, options.env))) options.print(t("loginNoBrowser"));
      },
    });
    listener.expectState(() => provider.expectedState);
    const scope = oauth.settings.scopes?.join(" ");
    const serverUrl = oauth.url;
    const first = await auth(provider, { serverUrl, ...(scope ? { scope } : {}) });
    if (first === "AUTHORIZED") return { ok: true };
    const wait = AbortSignal.timeout(LOGIN_WAIT_MS);
    const code = await listener.code(options.signal ? AbortSignal.any([options.signal, wait]) : wait);
    await auth(provider, { serverUrl, authorizationCode: code, ...(scope ? { scope } : {}) });
    await store.update(({ verifier: _verifier, ...rest }) => rest);
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await listener.close();
  }
}

/**
 * `/mcp logout NAME`: the tokens are revoked at the authorization server when it has a revocation endpoint
 * (best effort: a server that is down must not keep the user logged in here), then the stored record is removed.
 */
export async function logout(config: McpServerConfig, homeDir: string): Promise<boolean> {
  const oauth = oauthOf(config);
  if (!oauth) return false;
  const store = new AuthStore(homeDir, authKeyOf(config), oauth.url);
  const record = await store.read();
  // RFC 7009's endpoint, in OAuth metadata (RFC 8414); OpenID metadata has no such field in the SDK's type.
  const metadata = record.discovery?.authorizationServerMetadata as { revocation_endpoint?: unknown } | undefined;
  const endpoint = typeof metadata?.revocation_endpoint === "string" ? metadata.revocation_endpoint : undefined;
  const clientId = oauth.settings.clientId ?? record.client?.client_id;
  if (endpoint && clientId && record.tokens) {
    for (const token of [record.tokens.refresh_token, record.tokens.access_token]) {
      if (!token) continue;
      const body = new URLSearchParams({ token, client_id: clientId });
      const secret = oauth.settings.clientSecret ?? record.client?.client_secret;
      if (secret) body.set("client_secret", secret);
      await fetch(endpoint, { method: "POST", body, signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    }
  }
  const had = record.tokens !== undefined || record.client !== undefined;
  await store.remove();
  return had;
}
