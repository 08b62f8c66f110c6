import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, describe, expect, it } from "vitest";
import { maiaPerTest, runMaia, spawnMaia, tempFolder } from "@maia/testing-maia";
import {
  everythingStdio,
  freePort,
  isRunning,
  startEverything,
  testServer,
  waitFor,
  writeMcpJson,
  type RunningEverything,
} from "./testing/servers.ts";

/**
 * `maia -p` as users and scripts run it (the bundle built by `pnpm build`), with server-everything in each of
 * its modes and the fake LiteLLM server playing the model. Tool calls run without a question only through the
 * permissions plugin (an allow rule `Mcp(everything)`): those tests wait for it to be part of maia.
 */
const probeHome = await tempFolder("maia-home-");
const listed = await runMaia(["plugins", "list", "--json"], { cwd: probeHome, home: probeHome });
const active = (JSON.parse(listed.stdout || "[]") as Array<{ name: string; state: string }>).filter((plugin) => plugin.state === "active");
const withPermissions = active.some((plugin) => plugin.name === "permissions");

const bed = maiaPerTest(() => startFakeLiteLLM());
let running: RunningEverything | undefined;
// Registered after maiaPerTest, so it runs before the fake LiteLLM closes (vitest runs after-hooks last-first).
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const maia = (prompt: string, ...flags: string[]) =>
  runMaia(["-p", prompt, "--model", "fake-model", "--output-format", "json", ...flags], { ...bed, timeoutMs: 60_000 });

const toolMessages = (body: unknown) =>
  ((body as { messages: Array<{ role: string; content: string }> }).messages ?? []).filter((message) => message.role === "tool").map((message) => message.content);
const offered = (body: unknown) => ((body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((tool) => tool.function.name);

function scriptEchoAndSum(): void {
  bed.server.enqueue(
    { toolCalls: [{ name: "mcp__everything__echo", arguments: { message: "hello MCP" } }] },
    { toolCalls: [{ name: "mcp__everything__get-sum", arguments: { a: 19, b: 23 } }] },
    { text: "The sum is 42." },
  );
}

it("the bundle loads the mcp plugin", () => {
  expect(active.map((plugin) => plugin.name)).toContain("mcp");
});

describe.skipIf(!withPermissions)("the model calls echo and get-sum of server-everything through maia -p", () => {
  it("stdio", async () => {
    await writeMcpJson(bed.home, { everything: everythingStdio() });
    scriptEchoAndSum();
    const run = await maia("use echo then get-sum", "--allow", "Mcp(everything)");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ result: "The sum is 42.", toolCalls: 2 });
    expect(toolMessages(bed.server.chatBodies()[2])).toEqual(["Echo: hello MCP", "The sum of 19 and 23 is 42."]);
  });

  it("returns the image of get-tiny-image to a model that takes images (issue 38)", async () => {
    bed.server.writeSettings(bed.home, { Vision: true });
    await writeMcpJson(bed.home, { everything: everythingStdio() });
    bed.server.enqueue({ toolCalls: [{ id: "img", name: "mcp__everything__get-tiny-image", arguments: {} }] }, { text: "A logo." });
    const run = await maia("show me the tiny image", "--allow", "Mcp(everything)");
    expect(run.code).toBe(0);
    const [image] = bed.server.imageParts();
    expect(image).toMatchObject({ request: 1, mediaType: "image/png", text: "The images returned by the tool call img:" });
    expect(image?.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(toolMessages(bed.server.chatBodies()[1])[0]).toMatch(/\[image: image\/png, \d+ bytes\]/);
  });

  it("Streamable HTTP", async () => {
    running = await startEverything("streamableHttp");
    await writeMcpJson(bed.home, { everything: { type: "http", url: running.url } });
    scriptEchoAndSum();
    const run = await maia("use echo then get-sum", "--allow", "Mcp(everything)");
    expect(run.code).toBe(0);
    expect(toolMessages(bed.server.chatBodies()[2])).toEqual(["Echo: hello MCP", "The sum of 19 and 23 is 42."]);
    // The HTTP session was ended with a DELETE when maia exited.
    await waitFor(() => running?.stdout().includes("Received session termination request") ?? false);
  });

  it("legacy SSE", async () => {
    running = await startEverything("sse");
    await writeMcpJson(bed.home, { everything: { type: "sse", url: running.url } });
    scriptEchoAndSum();
    const run = await maia("use echo then get-sum", "--allow", "Mcp(everything)");
    expect(run.code).toBe(0);
    expect(toolMessages(bed.server.chatBodies()[2])).toEqual(["Echo: hello MCP", "The sum of 19 and 23 is 42."]);
  });

  it("rules in settings.json: a deny Mcp(key,tool) hides the tool, a deny Mcp(key) the server", async () => {
    const settingsFile = path.join(bed.home, ".maia", "settings.json");
    const settings = JSON.parse(await readFile(settingsFile, "utf8")) as Record<string, unknown>;
    settings.permissions = { allow: ["Mcp(*)"], deny: ["Mcp(everything,get-sum)", "Mcp(other)"] };
    await writeFile(settingsFile, JSON.stringify(settings));
    await writeMcpJson(bed.home, { everything: everythingStdio(), other: testServer() });
    bed.server.enqueue({ toolCalls: [{ name: "mcp__everything__echo", arguments: { message: "allowed" } }] }, { text: "ok" });
    const run = await maia("go");
    expect(run.code).toBe(0);
    const tools = offered(bed.server.chatBodies()[0]);
    expect(tools).toContain("mcp__everything__echo");
    expect(tools).not.toContain("mcp__everything__get-sum");
    expect(tools.filter((name) => name.startsWith("mcp__other__"))).toEqual([]);
    expect(toolMessages(bed.server.chatBodies()[1])).toEqual(["Echo: allowed"]);
  });

  it("a server that crashes mid-session: the model reads a clear error and maia finishes", async () => {
    await writeMcpJson(bed.home, { fx: testServer() });
    // Only the call in flight is asserted: the server is connected again by itself, at a moment no test can fix.
    bed.server.enqueue({ toolCalls: [{ name: "mcp__fx__crash", arguments: {} }] }, { text: "the server died" });
    const run = await maia("go", "--allow", "Mcp(fx)");
    expect(run.code).toBe(0);
    expect(toolMessages(bed.server.chatBodies()[1])).toEqual([
      'MCP server "fx" is not available: the server process ended: fatal: crashed on purpose. The user can reconnect it with /mcp reconnect fx.',
    ]);
  });
});

describe("failures and selection through maia -p", () => {
  it("only servers an allow rule names start: without a rule, nothing is offered and no process starts", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    await writeMcpJson(bed.home, { fx: testServer("--pid-file", pidFile) });
    bed.server.enqueue({ text: "no tools" });
    const run = await maia("hi");
    expect(run.code).toBe(0);
    expect(offered(bed.server.chatBodies()[0]).filter((name) => name.startsWith("mcp__"))).toEqual([]);
    await expect(readFile(pidFile, "utf8")).rejects.toThrow();
  });

  it("a bad URL and a server that never answers: one WARN each, the good server's tools still offered, exit 0", async () => {
    const closedPort = await freePort();
    await writeMcpJson(bed.home, {
      everything: everythingStdio(),
      nowhere: { url: `http://127.0.0.1:${closedPort}/mcp` },
      mute: { ...testServer("--silent"), timeout: 1 },
    });
    bed.server.enqueue({ text: "fine" });
    const run = await maia("hi", "--allow", "Mcp(*)");
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`WARN MCP server "nowhere" failed: cannot reach http://127.0.0.1:${closedPort}/mcp:`);
    expect(run.stderr).toContain('WARN MCP server "mute" failed: no answer within 1 s');
    expect(run.stderr).not.toContain("unknown format");
    expect(offered(bed.server.chatBodies()[0])).toContain("mcp__everything__get-sum");
  });

  it("a project .maia/mcp.json does not start in headless mode unless --allow names its server", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    await writeMcpJson(bed.cwd, { local: testServer("--pid-file", pidFile) });
    bed.server.enqueue({ text: "one" }, { text: "two" });
    const refused = await maia("hi", "--allow", "Mcp(*)");
    expect(refused.code).toBe(0);
    expect(refused.stderr).toContain(`WARN MCP server "local" failed: not approved: the project file ${path.join(bed.cwd, ".maia", "mcp.json")} starts programs`);
    await expect(readFile(pidFile, "utf8")).rejects.toThrow();

    const allowed = await maia("hi", "--allow", "Mcp(local)");
    expect(allowed.code).toBe(0);
    expect(offered(bed.server.chatBodies()[1])).toContain("mcp__local__echo");
  });

  it("an unset ${VAR} in a url or a header: that server is not loaded (a WARN naming file, server, variable), nothing is sent to it", async () => {
    const hits: string[] = [];
    const target = createServer((request, response) => {
      hits.push(`${request.method} ${request.url} ${request.headers.authorization ?? ""}`);
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const port = (target.address() as AddressInfo).port;
    try {
      await writeMcpJson(bed.home, {
        half: { url: `http://127.0.0.1:${port}/\${MCP_TENANT}/mcp` },
        secret: { url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: "Bearer ${MCP_NO_TOKEN}" } },
        everything: everythingStdio(),
      });
      bed.server.enqueue({ text: "fine" });
      const run = await maia("hi", "--allow", "Mcp(*)");
      expect(run.code).toBe(0);
      const file = path.join(bed.home, ".maia", "mcp.json");
      expect(run.stderr).toMatch(new RegExp(`WARN ${file}(:\\d+)?: server "half" not loaded: url uses \\$\\{MCP_TENANT\\}, which is not set`));
      expect(run.stderr).toMatch(new RegExp(`WARN ${file}(:\\d+)?: server "secret" not loaded: headers.Authorization uses \\$\\{MCP_NO_TOKEN\\}, which is not set`));
      expect(hits).toEqual([]);
      expect(offered(bed.server.chatBodies()[0])).toContain("mcp__everything__get-sum");
    } finally {
      await new Promise((resolve) => target.close(resolve));
    }
  });

  it("a bad mcp.json is a precise warning (file, line), and maia goes on", async () => {
    await writeFile(path.join(bed.home, ".maia", "mcp.json"), '{\n  "mcpServers": {\n    "a": { "url": "ftp://x" }\n  }\n}\n');
    bed.server.enqueue({ text: "still here" });
    const run = await maia("hi", "--allow", "Mcp(a)");
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`WARN ${path.join(bed.home, ".maia", "mcp.json")}:3: server "a" ignored: "url" must be an http:// or https:// address, not "ftp://x"`);
    expect(JSON.parse(run.stdout)).toMatchObject({ result: "still here" });
  });

  it("the stdio servers are ended when maia exits", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    await writeMcpJson(bed.home, { fx: testServer("--ignore-term", "--pid-file", pidFile) });
    bed.server.enqueue({ text: "bye" });
    const run = await maia("hi", "--allow", "Mcp(fx)");
    expect(run.code).toBe(0);
    const pid = Number(await readFile(pidFile, "utf8"));
    await waitFor(() => !isRunning(pid), 2000);
  });

  it("SIGTERM during a turn: maia ends its stdio servers (within 3 s) before it exits", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    await writeMcpJson(bed.home, { fx: testServer("--ignore-term", "--pid-file", pidFile) });
    bed.server.enqueue({ hang: true });
    const child = spawnMaia(["-p", "hang", "--model", "fake-model", "--allow", "Mcp(fx)"], bed);
    child.stdin.end();
    await waitFor(() => bed.server.chatBodies().length === 1, 15_000);
    const pid = Number(await readFile(pidFile, "utf8"));
    expect(isRunning(pid)).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    await exited;
    await waitFor(() => !isRunning(pid), 1000);
  });
});

