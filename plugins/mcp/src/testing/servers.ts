import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Real MCP servers for the tests (no fakes): @modelcontextprotocol/server-everything in each of its modes,
 * and fixtures/test-server.mjs (also on the official SDK) for pages, crashes and silence.
 */
const require = createRequire(import.meta.url);
export const EVERYTHING = path.join(path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")), "dist", "index.js");
export const TEST_SERVER = fileURLToPath(new URL("../../fixtures/test-server.mjs", import.meta.url));

export function everythingStdio(): { type: "stdio"; command: string; args: string[] } {
  return { type: "stdio", command: process.execPath, args: [EVERYTHING, "stdio"] };
}

export function testServer(...args: string[]): { type: "stdio"; command: string; args: string[] } {
  return { type: "stdio", command: process.execPath, args: [TEST_SERVER, ...args] };
}

export async function writeMcpJson(folder: string, servers: Record<string, unknown>): Promise<string> {
  const file = path.join(folder, ".maia", "mcp.json");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
  return file;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningEverything {
  /** The MCP endpoint: /mcp for streamableHttp, /sse for sse. */
  url: string;
  child: ChildProcess;
  /** Everything the server printed on stdout (it logs each request). */
  stdout(): string;
  stop(): Promise<void>;
}

export interface RunningTestHttp {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** fixtures/test-server.mjs over Streamable HTTP (`--http`), on a free port of 127.0.0.1 or the one given (a restart). */
export async function startTestHttpServer(args: string[], onPort?: number): Promise<RunningTestHttp> {
  const port = onPort ?? (await freePort());
  const child = spawn(process.execPath, [TEST_SERVER, "--http", String(port), ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`test-server --http did not start: ${stderr}`)), 15_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (stderr.includes("listening on port")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`test-server --http exited (${code}): ${stderr}`));
    });
  });
  return { url: `http://127.0.0.1:${port}/mcp`, port, child, stop: () => stopChild(child) };
}

/** server-everything in `streamableHttp` or `sse` mode, on a free port of 127.0.0.1 (or the one given: a restart). */
export async function startEverything(mode: "streamableHttp" | "sse", onPort?: number): Promise<RunningEverything> {
  const port = onPort ?? (await freePort());
  const child = spawn(process.execPath, [EVERYTHING, mode], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start: ${stderr}`)), 15_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (/listening on port|running on port/i.test(stderr)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything ${mode} exited (${code}): ${stderr}`));
    });
  });
  const endpoint = mode === "sse" ? "sse" : "mcp";
  return {
    url: `http://127.0.0.1:${port}/${endpoint}`,
    child,
    stdout: () => stdout,
    stop: () => stopChild(child),
  };
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** An HTTP server that accepts every request and never answers (headers included). */
export async function startSilentHttpServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const OAUTH_SERVER = fileURLToPath(new URL("../../fixtures/oauth-server.mjs", import.meta.url));

export interface RunningOAuthServer {
  /** The protected MCP endpoint (…/mcp). */
  url: string;
  /** Every access token stops working; refresh tokens still do. */
  expireAccessTokens(): Promise<void>;
  /** Every token stops working: a new login is needed. */
  revokeAll(): Promise<void>;
  stats(): Promise<{ authorized: number; refreshed: number; registered: number; accessTokens: number; refreshTokens: number }>;
  stop(): Promise<void>;
}

/** fixtures/oauth-server.mjs (an OAuth-protected MCP server and its authorization server) on 127.0.0.1. */
/** The OAuth-protected server; `sse`: over the legacy SSE transport (its url ends in /sse) instead of Streamable HTTP. */
export async function startOAuthServer(transport: "http" | "sse" = "http"): Promise<RunningOAuthServer> {
  const child = spawn(process.execPath, [OAUTH_SERVER, ...(transport === "sse" ? ["--sse"] : [])], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    const timer = setTimeout(() => reject(new Error(`oauth-server did not start: ${stderr}`)), 15_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      const line = stdout.split("\n")[0];
      if (stdout.includes("\n") && line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`oauth-server exited (${code}): ${stderr}`));
    });
  });
  const origin = new URL(url).origin;
  const post = async (route: string) => void (await fetch(`${origin}${route}`, { method: "POST" }));
  return {
    url,
    expireAccessTokens: () => post("/test/expire"),
    revokeAll: () => post("/test/revoke"),
    stats: async () => (await (await fetch(`${origin}/test/stats`)).json()) as Awaited<ReturnType<RunningOAuthServer["stats"]>>,
    stop: () => stopChild(child),
  };
}

/** What a browser does with an authorization url: follows the redirects (to MAIA's loopback listener). */
export async function followInBrowser(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { redirect: "follow" });
  return { status: response.status, text: await response.text() };
}
