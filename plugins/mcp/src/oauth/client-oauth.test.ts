import { startFakeLiteLLM } from "@maia/fake-litellm";
import { NO_INTERACTION } from "@maia/kernel";
import { createTestKernel } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { maiaPerTest } from "@maia/testing-maia";
import { expect, it } from "vitest";
import mcp, { type McpApi } from "../index.ts";
import { parseServerEntry } from "../parse-server.ts";
import { followInBrowser, writeMcpJson } from "../testing/servers.ts";
import { oauthServerPerTest } from "../testing/oauth-per-test.ts";
import { login } from "./login.ts";

const litellm = await firstParty("litellm");

/**
 * ACP: a server the editor passes that needs an OAuth login says so (the editor's warning names what to do, never
 * a browser opened); once the user did it (the same name and url in mcp.json, `maia mcp login NAME`), the editor's
 * server uses that login in the next session, even though the mcp.json entry takes its name.
 */
const bed = maiaPerTest(() => startFakeLiteLLM());
const oauth = oauthServerPerTest();

async function acpSession() {
  const test = await createTestKernel([litellm, mcp], { cwd: bed.cwd, homeDir: bed.home, frontEnd: "acp", env: { BROWSER: "/nonexistent/browser" } });
  const session = await test.kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
  oauth.atEnd(() => test.kernel.endSession(session));
  return { session, api: test.kernel.plugins.get<McpApi>("mcp")?.api as McpApi };
}

it("an editor's server that needs a login says how to log in, then uses the login made with maia mcp login", async () => {
  const fromEditor = [{ type: "http" as const, name: "secure", url: oauth.server.url, headers: [] }];
  const first = await acpSession();
  const before = await first.api.addClientServers(first.session, fromEditor);
  expect(before.servers).toMatchObject([{ key: "secure", state: "fail", needsLogin: true, origin: "client" }]);
  const advice = `needs login: add "secure": {"url": "${oauth.server.url}"} to ~/.maia/mcp.json, then run maia mcp login secure`;
  expect(before.warnings.join("\n")).toContain(advice);
  expect((await oauth.server.stats()).registered).toBe(0);
  // The model, which sees none of its tools, is told with the next request why, and how the user logs in.
  expect(first.session.pendingContext.join("\n")).toContain(`MCP server "secure" is not connected in this session: it needs an OAuth login (${advice})`);

  // What the advice says: the entry in mcp.json, then `maia mcp login secure` (its browser step: the test).
  await writeMcpJson(bed.home, { secure: { url: oauth.server.url } });
  const parsed = parseServerEntry({ url: oauth.server.url }, { key: "secure", origin: "user", file: "mcp.json", cwd: bed.cwd, env: {}, fieldLine: () => undefined });
  if (parsed.kind !== "server") throw new Error(parsed.warnings.join("\n"));
  let visit: Promise<unknown> = Promise.resolve();
  const outcome = await login(parsed.server, {
    homeDir: bed.home,
    env: { PATH: "" },
    openBrowser: false,
    print: (line) => {
      const url = /https?:\/\/\S+/.exec(line)?.[0];
      if (url) visit = followInBrowser(url);
    },
  });
  await visit;
  expect(outcome.ok).toBe(true);

  // The next ACP session: the mcp.json entry (not enabled by any rule) takes the name, the editor's server is
  // renamed, and still uses the login of that name and url.
  const second = await acpSession();
  const after = await second.api.addClientServers(second.session, fromEditor);
  expect(after.servers).toMatchObject([{ key: "secure-2", state: "ok", origin: "client" }]);
  expect(second.session.tools.has("mcp__secure-2__whoami")).toBe(true);
});
