import { startFakeLiteLLM } from "@maia/fake-litellm";
import { NO_INTERACTION, type SlashCommand } from "@maia/kernel";
import { commandContext, createTestKernel } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { maiaPerTest } from "@maia/testing-maia";
import { expect, it } from "vitest";
import mcp, { type McpApi } from "../index.ts";
import { followInBrowser, waitFor, writeMcpJson } from "../testing/servers.ts";
import { oauthServerPerTest } from "../testing/oauth-per-test.ts";

const litellm = await firstParty("litellm");

/** `/mcp`, `/mcp login NAME` and `/mcp logout NAME` in an interactive session, against the real OAuth server. */
const bed = maiaPerTest(() => startFakeLiteLLM());
const oauth = oauthServerPerTest();

it("/mcp shows needs login; /mcp login prints the url, takes the callback and connects; /mcp logout undoes it", async () => {
  await writeMcpJson(bed.home, { secure: { url: oauth.server.url } });
  // No browser can be opened here (an opener that does not exist): the url printed is what the user follows.
  const test = await createTestKernel([litellm, mcp], {
    cwd: bed.cwd,
    homeDir: bed.home,
    allowRules: ["Mcp(secure)"],
    frontEnd: "tui",
    env: { BROWSER: "/nonexistent/browser" },
  });
  const session = await test.kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
  oauth.atEnd(() => test.kernel.endSession(session));
  const command = test.kernel.plugins.commands.get("mcp") as SlashCommand;
  const api = test.kernel.plugins.get<McpApi>("mcp")?.api as McpApi;
  const run = async (args: string, follow = false) => {
    const { context, lines } = commandContext(session, args);
    const running = command.run(context);
    if (follow) {
      await waitFor(() => lines.some((line) => line.includes("/authorize?")), 20_000);
      const url = /http:\/\/\S+\/authorize\?\S+/.exec(lines.join("\n"))?.[0] ?? "";
      expect((await followInBrowser(url)).text).toContain("MAIA is logged in to MCP server &#34;secure&#34;");
    }
    await running;
    return lines;
  };

  expect((await run("")).join("\n")).toContain("- LOGIN secure: needs login: /mcp login secure");
  expect((await api.status())[0]).toMatchObject({ key: "secure", state: "fail", needsLogin: true, reason: "needs login: /mcp login secure" });

  const login = await run("login secure", true);
  expect(login.join("\n")).toContain("no browser could be opened");
  expect(login.slice(-2)).toEqual(['INFO Logged in to MCP server "secure"', 'INFO MCP server "secure" reconnected: 1 tool']);
  expect(session.tools.has("mcp__secure__whoami")).toBe(true);
  expect((await run("")).join("\n")).toContain("- OK secure: 1 tool (http)");

  expect(await run("logout secure")).toEqual(['INFO Logged out of MCP server "secure": its tokens are deleted']);
  expect(session.tools.has("mcp__secure__whoami")).toBe(false);
  expect((await run("")).join("\n")).toContain("- LOGIN secure: needs login");
  expect(await run("login")).toEqual(["FAIL Usage: /mcp login <name> (servers: secure)"]);
  expect(await run("login nope")).toEqual(['FAIL No http or sse MCP server "nope" (servers: secure)']);
});
