import { readFileSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { eventually, processesMatching, tempFolder } from "@maia/testing-maia";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveBoundary } from "./boundary.ts";
import { explainRefusal } from "./refusals.ts";
import { Sandbox } from "./sandbox.ts";
import type { SandboxSettings } from "./settings.ts";
import { availableSandbox, runSandboxed } from "./testing/run-sandboxed.ts";

/** A server on the host that logs every connection it gets: the check that the sandbox reached nothing. */
async function loggingServer(listen: { port: 0 } | { socket: string }): Promise<{ server: Server; hits: string[]; port: number }> {
  const hits: string[] = [];
  const server = createServer((socket) => {
    hits.push("connection");
    socket.end("HTTP/1.1 200 OK\r\nContent-Length: 12\r\nConnection: close\r\n\r\nhost-reached");
  });
  await new Promise<void>((resolve) => ("socket" in listen ? server.listen(listen.socket, resolve) : server.listen(0, "127.0.0.1", resolve)));
  const address = server.address();
  return { server, hits, port: typeof address === "object" && address ? address.port : 0 };
}

describe.runIf(process.platform === "linux")("the sandbox's network, sockets, environment and lifetime", () => {
  let project: string;
  let home: string;
  let outside: string;
  let tcp: Awaited<ReturnType<typeof loggingServer>>;
  let unix: Awaited<ReturnType<typeof loggingServer>>;
  let http: HttpServer;
  const httpHits: string[] = [];
  let httpPort = 0;
  const sandboxes: Sandbox[] = [];

  const sandboxWith = async (settings: SandboxSettings) => {
    const sandbox = new Sandbox(resolveBoundary(settings, { launchFolder: project, homeDir: home }), await availableSandbox());
    sandboxes.push(sandbox);
    return sandbox;
  };

  beforeAll(async () => {
    project = await tempFolder("maia-sbx-net-");
    home = await tempFolder("maia-sbx-net-home-");
    outside = await tempFolder("maia-sbx-net-out-");
    tcp = await loggingServer({ port: 0 });
    unix = await loggingServer({ socket: path.join(outside, "docker.sock") });
    http = createHttpServer((request, response) => {
      httpHits.push(request.url ?? "");
      response.end("allowed-host-answered");
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    httpPort = (http.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const sandbox of sandboxes) await sandbox.close();
    tcp?.server.close();
    unix?.server.close();
    http?.close();
  });

  it("reaches no host, no local port and no Unix socket by default, and says why", async () => {
    const sandbox = await sandboxWith({});
    const sock = path.join(outside, "docker.sock");
    const attempts = [
      `curl -sS -m 3 http://127.0.0.1:${tcp.port}/`,
      `curl -sS -m 3 --unix-socket ${sock} http://docker/containers/json`,
      `python3 -c "import socket; s=socket.socket(socket.AF_UNIX); s.connect('${sock}')"`,
      `node -e "require('net').connect('${sock}').on('error', e => { console.log(e.code); process.exit(1) })"`,
      `socat -u OPEN:/dev/null UNIX-CONNECT:${sock}`,
      `node -e "require('net').connect(${tcp.port}, '127.0.0.1').on('error', e => { console.log(e.code); process.exit(1) })"`,
      "curl -sS -m 3 http://example.com/",
    ];
    const { output } = await runSandboxed(sandbox, attempts.map((line) => `${line} 2>&1; echo "exit $?"`).join("\n"), project);
    expect(tcp.hits).toEqual([]);
    expect(unix.hits).toEqual([]);
    expect(output).not.toContain("host-reached");
    expect(output.match(/exit 0/g) ?? []).toEqual([]);
    const why = explainRefusal(output, sandbox.boundary, sandbox.refusedSince(0), sandbox.networkEnabled) ?? "";
    expect(why).toContain("no network");
    expect(why).toContain("Unix sockets");
  });

  it("lets an allowed domain through the proxy, refuses every other host there, and records it", async () => {
    const sandbox = await sandboxWith({ network: { allowedDomains: ["localhost"] } });
    const started = Date.now();
    // localhost is in NO_PROXY (the sandbox's own loopback): --noproxy '' sends it through the proxy, as a name.
    const { output } = await runSandboxed(
      sandbox,
      [`curl -sS -m 5 --noproxy '' http://localhost:${httpPort}/through-proxy`, "echo", `curl -sS -m 5 --noproxy '' http://127.0.0.1:${tcp.port}/refused`, "echo", `curl -sS -m 5 -p --noproxy '' https://127.0.0.1:${tcp.port}/tunnel 2>&1`].join("\n"),
      project,
    );
    expect(output).toContain("allowed-host-answered");
    expect(httpHits).toEqual(["/through-proxy"]);
    expect(tcp.hits).toEqual([]);
    expect(sandbox.refusedSince(started).map((refusal) => refusal.host)).toEqual(["127.0.0.1", "127.0.0.1"]);
    expect(explainRefusal(output, sandbox.boundary, sandbox.refusedSince(started), sandbox.networkEnabled)).toContain(`127.0.0.1:${tcp.port}`);
  });

  it("blocks listening unless allowLocalBinding, which lets a test server and its client run inside", async () => {
    const server = "node -e \"const s=require('http').createServer((q,r)=>r.end('inner-ok')).listen(0,'127.0.0.1',()=>require('http').get('http://127.0.0.1:'+s.address().port,(r)=>{r.pipe(process.stdout);r.on('end',()=>s.close())})).on('error',e=>{console.log('listen '+e.code);process.exit(1)})\"";
    const closed = await runSandboxed(await sandboxWith({}), server, project);
    expect(closed.output).toContain("listen EPERM");
    const open = await runSandboxed(await sandboxWith({ network: { allowLocalBinding: true } }), server, project);
    expect(open.output).toContain("inner-ok");
  });

  it("allows every Unix socket with allowAllUnixSockets", async () => {
    const before = unix.hits.length;
    const { output } = await runSandboxed(await sandboxWith({ network: { allowAllUnixSockets: true } }), `curl -sS -m 3 --unix-socket ${path.join(outside, "docker.sock")} http://docker/`, project);
    expect(output).toContain("host-reached");
    expect(unix.hits.length).toBe(before + 1);
  });

  it("passes no variable named like a secret unless listed, writes in the project and $TMPDIR, and leaves no process behind", async () => {
    const sandbox = await sandboxWith({ allowEnvVars: ["KEPT_TOKEN"] });
    const marker = `maia-outlive-${process.pid}-${Date.now()}`;
    const env = { ...process.env, OPENAI_API_KEY: "sk-hidden", GITHUB_TOKEN: "ghp-hidden", DB_SECRET: "hidden-secret", LITELLM_MASTER: "hidden-litellm", KEPT_TOKEN: "kept-value", PLAIN: "plain-value" };
    const { output, code } = await runSandboxed(
      sandbox,
      ["env", "mkdir -p build && echo built > build/out.txt", 'echo temp > "$TMPDIR/t" && cat "$TMPDIR/t"', `(exec -a ${marker} sleep 30) &`, `nohup sh -c 'sleep 30; echo late > late.txt' >/dev/null 2>&1 &`, "echo launched"].join("\n"),
      project,
      env,
    );
    expect(code).toBe(0);
    expect(output).toContain("PLAIN=plain-value");
    expect(output).toContain("KEPT_TOKEN=kept-value");
    for (const hidden of ["sk-hidden", "ghp-hidden", "hidden-secret", "hidden-litellm"]) expect(output).not.toContain(hidden);
    expect(readFileSync(path.join(project, "build/out.txt"), "utf8")).toBe("built\n");
    expect(output).toContain("temp");
    // The call is over: nothing it started still runs on this machine. The sandbox's processes are killed with it,
    // and a killed process can stay listed for a moment (a CI run saw the shell there once): given a few seconds,
    // far fewer than the 30 of the sleeps it started.
    await eventually(async () => (await processesMatching(marker)).length === 0, 5_000);
    expect(await processesMatching(marker)).toEqual([]);
  });
});
