import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { randomBytes } from "@maia/util";
import type { AuthStore } from "./auth-store.ts";

/** What mcp.json may say of a server's OAuth client (`oauth` field). */
export interface OAuthSettings {
  /** A client registered by hand with the authorization server: no dynamic registration. */
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  /** The loopback port of the redirect url, when the authorization server wants one registered in advance. */
  redirectPort?: number;
}

/** No login stored and none may be started now (a connection at session start, headless). */
export class NeedsLoginError extends Error {
  constructor() {
    super("needs login");
    this.name = "NeedsLoginError";
  }
}

export const CALLBACK_PATH = "/callback";

/**
 * MAIA's side of the SDK's OAuth client (`OAuthClientProvider`): the SDK does discovery from the 401, dynamic
 * registration, PKCE, the code exchange and refresh; this class keeps what it hands over in the AuthStore and
 * decides what "go to the authorization page" means. While connecting (`interactive: false`) it never starts a
 * login: no stored client means NeedsLoginError before any registration, and a redirect only records that the
 * user must run `/mcp login`. During a login (`interactive: true`) the redirect goes to `onAuthorizationUrl`.
 */
export class MaiaOAuthProvider implements OAuthClientProvider {
  readonly #store: AuthStore;
  readonly #settings: OAuthSettings;
  readonly #interactive: boolean;
  readonly #onAuthorizationUrl: (url: URL) => void | Promise<void>;
  #port: number | undefined;
  #state: string | undefined;
  /** Set when the SDK wanted the user's browser while none may be opened. */
  redirected = false;

  constructor(options: {
    store: AuthStore;
    settings: OAuthSettings;
    interactive: boolean;
    port?: number;
    onAuthorizationUrl?: (url: URL) => void | Promise<void>;
  }) {
    this.#store = options.store;
    this.#settings = options.settings;
    this.#interactive = options.interactive;
    this.#port = options.port;
    this.#onAuthorizationUrl = options.onAuthorizationUrl ?? (() => undefined);
  }

  get redirectUrl(): string | undefined {
    // Without a port (a plain connection) there is still a redirect url: the SDK reads its presence as "this
    // client logs users in", and refreshes rather than trying client credentials.
    return `http://127.0.0.1:${this.#port ?? this.#settings.redirectPort ?? 0}${CALLBACK_PATH}`;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "MAIA",
      redirect_uris: [this.redirectUrl ?? ""],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: this.#settings.clientSecret ? "client_secret_post" : "none",
      ...(this.#settings.scopes ? { scope: this.#settings.scopes.join(" ") } : {}),
    };
  }

  /** The `state` of the authorization request: the loopback listener accepts only a callback carrying it. */
  state(): string {
    this.#state = randomBytes(24).toString("base64url");
    return this.#state;
  }

  get expectedState(): string | undefined {
    return this.#state;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    if (this.#settings.clientId) {
      const stored = (await this.#store.read()).client;
      // Keep the issuer the SDK stamped, so that it does not warn nor re-bind on every connection.
      return {
        ...(stored?.client_id === this.#settings.clientId ? stored : {}),
        client_id: this.#settings.clientId,
        ...(this.#settings.clientSecret ? { client_secret: this.#settings.clientSecret } : {}),
      };
    }
    const record = await this.#store.read();
    if (!record.client && !this.#interactive) throw new NeedsLoginError();
    return record.client;
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    await this.#store.update((record) => ({ ...record, client, ...(this.#port === undefined ? {} : { redirectPort: this.#port }) }));
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.#store.read()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.#store.update((record) => ({ ...record, tokens }));
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.#interactive) {
      this.redirected = true;
      return;
    }
    await this.#onAuthorizationUrl(url);
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    await this.#store.update((record) => ({ ...record, verifier }));
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.#store.read()).verifier;
    if (verifier === undefined) throw new Error("no PKCE code verifier stored for this login");
    return verifier;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.#store.update((record) => ({ ...record, discovery }));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.#store.read()).discovery;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    await this.#store.update((record) => {
      const next = { ...record };
      if (scope === "all" || scope === "client") {
        delete next.client;
        delete next.redirectPort;
      }
      if (scope === "all" || scope === "tokens") delete next.tokens;
      if (scope === "all" || scope === "verifier") delete next.verifier;
      if (scope === "all" || scope === "discovery") delete next.discovery;
      return next;
    });
  }
}
