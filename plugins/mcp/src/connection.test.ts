import os from "node:os";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { MAX_LIST_PAGES, McpConnection } from "./connection.ts";
import { parseServerEntry } from "./parse-server.ts";
import type { McpServerConfig } from "./server-config.ts";
import {
  everythingStdio,
  freePort,
  isRunning,
  startEverything,
  startSilentHttpServer,
  testServer,
  waitFor,
  type RunningEverything,
} from "./testing/servers.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

function config(key: string, entry: Record<string, unknown>): McpServerConfig {
  const outcome = parseServerEntry(entry, { key, origin: "user", file: "mcp.json", cwd: process.cwd(), env: process.env, fieldLine: () => undefined });
  if (outcome.kind !== "server") throw new Error(`bad entry: ${outcome.warnings.join("; ")}`);
  return outcome.server;
}

const open: McpConnection[] = [];
async function connect(key: string, entry: Record<string, unknown>): Promise<McpConnection> {
  const connection = new McpConnection(config(key, entry), process.env, os.tmpdir());
  open.push(connection);
  await connection.connect();
  return connection;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

describe("server-everything over each transport", () => {
  let running: RunningEverything | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it("stdio: connects, lists echo and get-sum, and calls them", async () => {
    const connection = await connect("everything", everythingStdio());
    expect(connection.state).toBe("ok");
    expect(connection.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo", "get-sum"]));
    expect(await connection.callTool("echo", { message: "hi" })).toEqual({ content: "Echo: hi", isError: false });
    expect(await connection.callTool("get-sum", { a: 2, b: 40 })).toEqual({ content: "The sum of 2 and 40 is 42.", isError: false });
  });

  it("keeps a result's image apart from its text (issue 38)", async () => {
    const connection = await connect("everything", everythingStdio());
    const result = await connection.callTool("get-tiny-image", {});
    expect(result.content).toMatch(/\[image: image\/png, [\d,]+ bytes\]/);
    expect(result.images).toEqual([{ mimeType: "image/png", data: expect.stringMatching(/^iVBORw0KGgo/) }]);
  });

  it("streamableHttp: connects, calls, and ends its HTTP session with a DELETE on close", async () => {
    running = await startEverything("streamableHttp");
    const connection = await connect("everything", { url: running.url });
    expect(connection.state).toBe("ok");
    expect(await connection.callTool("echo", { message: "over http" })).toEqual({ content: "Echo: over http", isError: false });
    await connection.close();
    await waitFor(() => running?.stdout().includes("Received session termination request") ?? false);
  });

  it("an HTTP server that goes away mid-session: the call answers why, and the server is failed", async () => {
    running = await startEverything("streamableHttp");
    const connection = await connect("everything", { url: running.url });
    expect(connection.state).toBe("ok");
    await running.stop();
    const result = await connection.callTool("echo", { message: "anyone?" });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^MCP server "everything" is not available: cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp: .*ECONNREFUSED.*\/mcp reconnect everything\.$/);
    expect(connection.state).toBe("fail");
  });

  it("sse (only when type says so): connects and calls", async () => {
    running = await startEverything("sse");
    const connection = await connect("legacy", { type: "sse", url: running.url });
    expect(connection.state).toBe("ok");
    expect(await connection.callTool("get-sum", { a: 1, b: 2 })).toEqual({ content: "The sum of 1 and 2 is 3.", isError: false });
  });

  it("an error answer of the server is an error result, and the server stays OK", async () => {
    const connection = await connect("everything", everythingStdio());
    const result = await connection.callTool("echo", { message: 3 });
    expect(result.isError).toBe(true);
    expect(result.content).toContain("expected string");
    expect(connection.state).toBe("ok");
  });
});

describe("failures", () => {
  it("a server that never answers fails after its timeout, and its process is ended", async () => {
    const folder = await tempFolder("maia-mcp-");
    const pidFile = path.join(folder, "pid");
    // The shell writes its pid at once, then becomes the server (exec keeps the pid): on a loaded machine the
    // server may be given up before node has even started, and its process must be ended all the same.
    const server = testServer("--silent");
    const connection = await connect("mute", { type: "stdio", command: "sh", args: ["-c", 'echo $$ > "$0"; exec "$@"', pidFile, server.command, ...server.args], timeout: 2 });
    expect(connection.state).toBe("fail");
    expect(connection.reason).toBe("no answer within 2 s");
    const pid = Number(await readFile(pidFile, "utf8"));
    await waitFor(() => !isRunning(pid));
  });

  it("an HTTP server that never answers fails after its timeout", async () => {
    const silent = await startSilentHttpServer();
    try {
      const connection = await connect("mute", { url: silent.url, timeout: 0.5 });
      expect(connection.state).toBe("fail");
      expect(connection.reason).toBe("no answer within 0.5 s");
    } finally {
      await silent.close();
    }
  });

  it("an SSE server that never sends its endpoint fails after its timeout", async () => {
    const silent = await startSilentHttpServer();
    try {
      const connection = await connect("mute", { type: "sse", url: silent.url, timeout: 0.5 });
      expect(connection.state).toBe("fail");
      expect(connection.reason).toBe("no answer within 0.5 s");
    } finally {
      await silent.close();
    }
  });

  it("a URL where nothing listens fails with the address and the cause, never the query string", async () => {
    const port = await freePort();
    const connection = await connect("nowhere", { url: `http://127.0.0.1:${port}/mcp?token=secret` });
    expect(connection.state).toBe("fail");
    expect(connection.reason).toMatch(new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${port}/mcp: .*ECONNREFUSED`));
    expect(connection.reason).not.toContain("secret");
  });

  it("a host that does not exist fails with the address and the cause", async () => {
    const connection = await connect("nowhere", { type: "sse", url: "http://no-such-host.invalid/sse" });
    expect(connection.state).toBe("fail");
    expect(connection.reason).toMatch(/^cannot reach http:\/\/no-such-host\.invalid\/sse: .*(ENOTFOUND|EAI_AGAIN)/);
  });

  it("HTTP 401: the headers of mcp.json were sent (variables expanded), and the reason says how to give a token", async () => {
    const seen: Array<string | undefined> = [];
    const server = createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(401, { "content-type": "text/plain" }).end("no");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const entry = { url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: "Bearer ${MCP_TEST_TOKEN}" } };
      const outcome = parseServerEntry(entry, { key: "locked", origin: "user", file: "mcp.json", cwd: process.cwd(), env: { MCP_TEST_TOKEN: "t0k3n" }, fieldLine: () => undefined });
      if (outcome.kind !== "server") throw new Error("bad entry");
      const connection = new McpConnection(outcome.server, process.env, os.tmpdir());
      open.push(connection);
      await connection.connect();
      expect(seen[0]).toBe("Bearer t0k3n");
      expect(connection.state).toBe("fail");
      expect(connection.reason).toBe(
        `HTTP 401 from http://127.0.0.1:${port}/mcp: access refused (check the token in "headers", or drop it and "oauth": false to log in with OAuth)`,
      );
      expect(connection.reason).not.toContain("t0k3n");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("HTTP 404 while connecting is a wrong address, said as such", async () => {
    const server = createServer((_request, response) => response.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const connection = await connect("wrong", { url: `http://127.0.0.1:${port}/mpc` });
      expect(connection.reason).toBe(`HTTP 404 from http://127.0.0.1:${port}/mpc`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a command that does not exist fails with its name", async () => {
    const connection = await connect("ghost", { command: "maia-no-such-command-here" });
    expect(connection.state).toBe("fail");
    expect(connection.reason).toBe("command not found: maia-no-such-command-here");
  });

  it("a server that crashes mid-session: the call answers a clear error and the state is fail with its last words", async () => {
    const connection = await connect("fragile", testServer());
    expect(connection.state).toBe("ok");
    const crash = await connection.callTool("crash", {});
    expect(crash.isError).toBe(true);
    expect(crash.content).toBe(
      'MCP server "fragile" is not available: the server process ended: fatal: crashed on purpose. The user can reconnect it with /mcp reconnect fragile.',
    );
    expect(connection.state).toBe("fail");
    const after = await connection.callTool("echo", { text: "still there?" });
    expect(after).toEqual({ content: crash.content, isError: true });
  });

  it("a server that exits at start fails with its last words, not with its timeout", async () => {
    // A timeout no test run reaches: the reason must be the exit, seen as it happens.
    const connection = await connect("broken", { ...testServer("--exit-at-start"), timeout: 600 });
    expect(connection.state).toBe("fail");
    expect(connection.reason).toBe("the server process ended: fatal: missing API token in the environment");
    expect(await connection.callTool("echo", { text: "x" })).toMatchObject({ isError: true, content: expect.stringContaining("/mcp reconnect broken") });
  });

  it("a server that floods stdout with lines that are not JSON-RPC still answers its calls, and its neighbour too", async () => {
    // A timeout of a few seconds: the noise is parsed all the while, at a cost the other tests share.
    const noisy = await connect("noisy", { ...testServer("--flood"), timeout: 4 });
    const quiet = await connect("quiet", testServer());
    expect(noisy.state).toBe("ok");
    expect(await noisy.callTool("echo", { text: "through the noise" })).toEqual({ content: "echo: through the noise", isError: false });
    expect(await quiet.callTool("echo", { text: "unaffected" })).toEqual({ content: "echo: unaffected", isError: false });
    // A call that never gets its answer through the noise still ends within the timeout.
    expect(await noisy.callTool("slow", {})).toMatchObject({ isError: true, content: 'MCP server "noisy" did not answer the call of slow within 4 s.' });
    await Promise.all([noisy.close(), quiet.close()]);
  }, 30_000);

  it("a remote server that dropped the connection (a restart) is connected again and the call retried, once", async () => {
    const first = await startEverything("streamableHttp");
    const port = Number(new URL(first.url).port);
    const connection = await connect("remote", { url: first.url });
    expect(connection.state).toBe("ok");
    await first.stop();
    const restarted = await startEverything("streamableHttp", port);
    try {
      // The old HTTP session is unknown to the new process: one reconnect, then the call goes through.
      expect(await connection.callTool("echo", { message: "after the restart" })).toEqual({ content: "Echo: after the restart", isError: false });
      expect(connection.state).toBe("ok");
      await connection.close();
    } finally {
      await restarted.stop();
    }
  }, 30_000);

  it("a tool call that takes longer than the timeout answers a timeout error; the server stays OK", async () => {
    const connection = await connect("slowpoke", { ...testServer(), timeout: 3 });
    expect(connection.state).toBe("ok");
    const result = await connection.callTool("slow", {});
    expect(result).toEqual({ content: 'MCP server "slowpoke" did not answer the call of slow within 3 s.', isError: true });
    expect(connection.state).toBe("ok");
    expect(await connection.callTool("echo", { text: "ok" })).toEqual({ content: "echo: ok", isError: false });
  });

  it("Ctrl+C during a call aborts it (the turn's signal)", async () => {
    const connection = await connect("slowpoke", testServer());
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(connection.callTool("slow", {}, controller.signal)).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("listing and closing", () => {
  it("follows tools/list through every page", async () => {
    const connection = await connect("paged", testServer("--pages", "4"));
    const names = connection.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["echo", "page0_a", "page0_b", "page1_a", "page2_b", "page3_a", "page3_b"]));
    expect(names.filter((name) => name.startsWith("page"))).toHaveLength(8);
  });

  it("follows prompts/list and resources/list through every page", async () => {
    const connection = await connect("paged", testServer("--list-pages", "3"));
    expect(connection.prompts.map((prompt) => prompt.name)).toEqual(["prompt0_a", "prompt0_b", "prompt1_a", "prompt1_b", "prompt2_a", "prompt2_b"]);
    expect(connection.resources.map((resource) => resource.uri)).toEqual([
      "test://page0/a",
      "test://page0/b",
      "test://page1/a",
      "test://page1/b",
      "test://page2/a",
      "test://page2/b",
    ]);
    expect(connection.warnings).toEqual([]);
  });

  it("stops a prompt or resource list that never ends at the cap, keeps what it read and says so", async () => {
    const connection = await connect("endless", testServer("--endless-lists"));
    expect(connection.state).toBe("ok");
    expect(connection.prompts).toHaveLength(2 * MAX_LIST_PAGES);
    expect(connection.resources).toHaveLength(2 * MAX_LIST_PAGES);
    expect(connection.warnings).toEqual([
      `MCP server "endless": prompts/list still had pages after ${MAX_LIST_PAGES}; the ${2 * MAX_LIST_PAGES} entries read so far are kept`,
      `MCP server "endless": resources/list still had pages after ${MAX_LIST_PAGES}; the ${2 * MAX_LIST_PAGES} entries read so far are kept`,
    ]);
    expect(connection.tools.map((tool) => tool.name)).toContain("echo");
  });

  it("close ends a stdio server that ignores SIGTERM (SIGKILL after the grace period)", async () => {
    const folder = await tempFolder("maia-mcp-");
    const pidFile = path.join(folder, "pid");
    const connection = await connect("stubborn", testServer("--ignore-term", "--pid-file", pidFile));
    expect(connection.state).toBe("ok");
    const pid = Number(await readFile(pidFile, "utf8"));
    await connection.close();
    // It ignores SIGTERM: only the SIGKILL that follows can have ended it.
    await waitFor(() => !isRunning(pid));
  });
});
