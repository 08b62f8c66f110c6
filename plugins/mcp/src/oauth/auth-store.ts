import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { sha256Hex, writeFileAtomic } from "@maia/util";

/**
 * What MAIA keeps of one server's OAuth login, in `~/.maia/mcp-auth/<key>-<hash of url>.json`, mode 0600, written
 * atomically: the registered client, the tokens, the PKCE verifier of a login in progress, the discovered metadata
 * and the loopback port the client was registered with. Nothing of it goes to session files or logs.
 */
export interface AuthRecord {
  /** The server address the record belongs to: a server renamed to another url starts afresh. */
  url: string;
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  verifier?: string;
  discovery?: OAuthDiscoveryState;
  /** The port of the redirect url registered with the authorization server (dynamic registration). */
  redirectPort?: number;
}

export const AUTH_FOLDER = path.join(".maia", "mcp-auth");

export class AuthStore {
  readonly file: string;
  readonly #url: string;

  constructor(homeDir: string, key: string, url: string) {
    // The url's hash in the name: two configurations (user, ACP client) of one key never share credentials.
    const hash = sha256Hex(url).slice(0, 12);
    this.file = path.join(homeDir, AUTH_FOLDER, `${key}-${hash}.json`);
    this.#url = url;
  }

  /** The stored record; an unreadable or foreign one counts as none (a login starts afresh). */
  async read(): Promise<AuthRecord> {
    try {
      const parsed = JSON.parse(await readFile(this.file, "utf8")) as unknown;
      if (typeof parsed === "object" && parsed !== null && (parsed as AuthRecord).url === this.#url) return parsed as AuthRecord;
    } catch {
      // Missing or damaged: nothing stored.
    }
    return { url: this.#url };
  }

  async update(change: (record: AuthRecord) => AuthRecord): Promise<void> {
    const next = change(await this.read());
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  }

  async remove(): Promise<void> {
    await rm(this.file, { force: true });
  }
}
