import { chmod, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { maiaPerTest, runMaia } from "@maia/testing-maia";
import { startOAuthServer, writeMcpJson, type RunningOAuthServer } from "../testing/servers.ts";

/**
 * OAuth as a script or CI user meets it, with the bundle (`pnpm build`): `maia -p` says which command logs in
 * and never opens a browser; `maia mcp login NAME` opens $BROWSER (here a script that follows the url, as a
 * browser would) and prints the url; then `maia -p` calls the protected tool. No token is ever written outside
 * ~/.maia/mcp-auth: not in the output, the session files nor the MAIA_DEBUG_LLM recording.
 */
const bed = maiaPerTest(() => startFakeLiteLLM());
let server: RunningOAuthServer;
beforeEach(async () => {
  server = await startOAuthServer();
});
afterEach(async () => {
  await server.stop();
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

it("maia -p needs a login, maia mcp login logs in through $BROWSER, then the tool works and no token leaks", async () => {
  await writeMcpJson(bed.home, { secure: { type: "http", url: server.url } });
  const debugLog = path.join(bed.cwd, "llm-debug.log");
  const run = (prompt: string, env: NodeJS.ProcessEnv = {}) =>
    runMaia(["-p", prompt, "--model", "fake-model", "--output-format", "json", "--allow", "Mcp(secure)"], {
      ...bed,
      env: { MAIA_DEBUG_LLM: debugLog, ...env },
      timeoutMs: 60_000,
    });

  // A browser that must not be opened by maia -p: it would leave this file behind.
  const opened = path.join(bed.cwd, "browser-opened");
  const browser = path.join(bed.cwd, "browser.mjs");
  await writeFile(
    browser,
    `#!${process.execPath}\nimport { appendFileSync } from "node:fs";\nappendFileSync(${JSON.stringify(opened)}, process.argv[2] + "\\n");\nawait fetch(process.argv[2], { redirect: "follow" });\n`,
  );
  await chmod(browser, 0o755);

  bed.server.enqueue({ text: "no tool" });
  const before = await run("hello", { BROWSER: browser });
  expect(before.code).toBe(0);
  expect(before.stderr).toContain('"secure"');
  expect(before.stderr).toContain("needs login: maia mcp login secure");
  expect(await readFile(opened, "utf8").catch(() => "")).toBe("");

  const login = await runMaia(["mcp", "login", "secure"], { ...bed, env: { BROWSER: browser }, timeoutMs: 60_000 });
  expect(login.stderr).toMatch(/open this address in a browser:\nhttp:\/\/127\.0\.0\.1:\d+\/authorize\?/);
  expect(login.stdout).toContain('Logged in to MCP server "secure"');
  expect(login.code).toBe(0);
  expect(await readFile(opened, "utf8")).toMatch(/\/authorize\?/);

  const listed = await runMaia(["mcp", "list"], { ...bed });
  expect(listed.stdout).toMatch(/^secure .* logged in$/m);

  bed.server.enqueue({ toolCalls: [{ name: "mcp__secure__whoami", arguments: {} }] }, { text: "done" });
  const after = await run("who am I");
  expect(after.code).toBe(0);
  expect(JSON.parse(after.stdout)).toMatchObject({ result: "done", toolCalls: 1 });
  const toolMessage = JSON.stringify(bed.server.chatBodies().at(-1));
  expect(toolMessage).toContain("client ");

  const authFiles = await filesUnder(path.join(bed.home, ".maia", "mcp-auth"));
  expect(authFiles).toHaveLength(1);
  const record = JSON.parse(await readFile(authFiles[0] ?? "", "utf8")) as { tokens: { access_token: string; refresh_token: string } };
  const secrets = [record.tokens.access_token, record.tokens.refresh_token];
  const elsewhere = [...(await filesUnder(bed.home)), ...(await filesUnder(bed.cwd))].filter((file) => !authFiles.includes(file));
  expect(elsewhere).toContain(debugLog);
  for (const file of elsewhere) {
    const text = await readFile(file, "utf8");
    for (const secret of secrets) expect(text.includes(secret), file).toBe(false);
  }
  for (const output of [before, login, listed, after]) {
    for (const secret of secrets) expect(output.stdout + output.stderr).not.toContain(secret);
  }
});
