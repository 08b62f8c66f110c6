import type { Subcommand } from "@maia/kernel";
import type { ContributedMcpServer } from "@maia/util";
import { loadMcpConfig } from "./load-config.ts";
import { t } from "./messages.ts";
import { AuthStore } from "./oauth/auth-store.ts";
import { login, logout, oauthOf } from "./oauth/login.ts";

/**
 * `maia mcp login NAME`, `maia mcp logout NAME`, `maia mcp list`: OAuth logins from a terminal, for scripts and CI
 * (a headless run that meets a server needing a login names this command). The browser is opened when one can
 * be; the authorization url is printed on stderr in any case, so a machine without a browser can copy it.
 */
export function mcpSubcommand(plugins: () => readonly ContributedMcpServer[]): Subcommand {
  return {
    name: "mcp",
    description: t("subcommandDescription"),
    async run(argv, io) {
      const [verb, key, ...rest] = argv[0] === "--" ? argv.slice(1) : argv;
      const config = await loadMcpConfig({ homeDir: io.homeDir, cwd: io.cwd, env: io.env, plugins: plugins() });
      for (const warning of config.warnings) io.stderr.write(`WARN ${warning}\n`);
      const remote = config.servers.filter((server) => oauthOf(server) !== undefined);
      if (verb === "list" && key === undefined) {
        for (const server of config.servers) {
          const oauth = oauthOf(server);
          const record = oauth ? await new AuthStore(io.homeDir, server.key, oauth.url).read() : undefined;
          const state = !oauth ? t("subcommandNoOAuth") : record?.tokens ? t("subcommandLoggedIn") : t("subcommandNeedsLogin");
          io.stdout.write(`${server.key}  ${server.display}  ${state}\n`);
        }
        return 0;
      }
      if ((verb !== "login" && verb !== "logout") || key === undefined || rest.length > 0) {
        io.stderr.write(`${t("subcommandUsage")}\n`);
        return 2;
      }
      const server = remote.find((candidate) => candidate.key === key);
      if (!server) {
        io.stderr.write(`${t("loginUnknown", { key, keys: remote.map((candidate) => candidate.key).join(", ") || t("none") })}\n`);
        return 1;
      }
      if (verb === "logout") {
        const had = await logout(server, io.homeDir);
        io.stdout.write(`${t(had ? "logoutDone" : "logoutNothing", { key })}\n`);
        return 0;
      }
      const outcome = await login(server, {
        homeDir: io.homeDir,
        env: io.env,
        print: (line) => io.stderr.write(`${line}\n`),
        openBrowser: true,
      });
      if (!outcome.ok) {
        io.stderr.write(`${t("loginFailed", { key, reason: outcome.reason })}\n`);
        return 1;
      }
      io.stdout.write(`${t("loginDone", { key })}\n`);
      return 0;
    },
  };
}
