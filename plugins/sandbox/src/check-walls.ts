import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomHex } from "@maia/util";
import { t } from "./messages.ts";
import type { SandboxState } from "./sandbox-state.ts";

export interface WallResult {
  wall: "write" | "host" | "secret";
  what: string;
  held: boolean;
}

/**
 * `maia sandbox check`: tries the three walls on this machine with the real sandbox of this launch folder — a
 * write in a fresh folder outside it, a connection to a server on this machine's loopback (and, when domains
 * are allowed, a host that is not, through the proxy), and a read of a secret path (a temporary file added to
 * the denied paths for the test, with random content) — and checks from outside that nothing crossed.
 */
export async function checkWalls(state: SandboxState, env: NodeJS.ProcessEnv): Promise<WallResult[]> {
  const { Sandbox } = await import("@maia/sandbox");
  const availability = await state.availability();
  if (!availability.ok) return [];
  const base = await state.sandbox();
  const scratch = await mkdtemp(path.join(os.tmpdir(), "maia-sandbox-check-"));
  const outside = path.join(scratch, "outside");
  const secretFile = path.join(scratch, "secret.txt");
  const secret = `maia-check-${randomHex(8)}`;
  await writeFile(secretFile, secret);
  const hits: string[] = [];
  const server = createServer((socket) => {
    hits.push("connection");
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const sandbox = new Sandbox({ ...base.boundary, denyRead: [...base.boundary.denyRead, secretFile] }, availability);
  const node = JSON.stringify(process.execPath);
  const connect = `require("net").connect(${port}, "127.0.0.1").on("error", () => {}).on("connect", () => console.log("connected"))`;
  const viaProxy = `const u = process.env.HTTP_PROXY; if (u) require("http").get({ host: "127.0.0.1", port: new URL(u).port, path: "http://maia-check.invalid/" }, (r) => console.log("proxy-status", r.statusCode)).on("error", () => {})`;
  try {
    const child = await sandbox.spawn([`mkdir ${JSON.stringify(outside)} 2>/dev/null; echo x > ${JSON.stringify(path.join(scratch, "written"))} 2>/dev/null`, `cat ${JSON.stringify(secretFile)} 2>/dev/null`, `${node} -e ${quote(connect)}`, `${node} -e ${quote(viaProxy)}`].join("; "), { cwd: base.boundary.launchFolder, env });
    let output = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    await new Promise<void>((resolve) => child.once("close", () => resolve()));
    const wrote = existsSync(outside) || existsSync(path.join(scratch, "written"));
    const reached = hits.length > 0 || output.includes("connected") || /proxy-status 2\d\d/.test(output);
    return [
      { wall: "write", what: t("checkWrite", { path: scratch }), held: !wrote },
      { wall: "host", what: t("checkHost", { host: base.networkEnabled ? `127.0.0.1:${port}, maia-check.invalid` : `127.0.0.1:${port}` }), held: !reached },
      { wall: "secret", what: t("checkSecret", { path: secretFile }), held: !output.includes(secret) },
    ];
  } finally {
    server.close();
    await sandbox.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}
