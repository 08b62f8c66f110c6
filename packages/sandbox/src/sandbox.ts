import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { systemShell } from "@maia/util";
import type { Availability } from "./availability.ts";
import { sandboxEnv, type SandboxBoundary } from "./boundary.ts";
import { filesystemArgs, isolationArgs, type BwrapLayout } from "./linux/bwrap-args.ts";
import { commandProcesses } from "./linux/command-processes.ts";
import { seccompProgram } from "./linux/seccomp-filter.ts";
import { seatbeltProfile } from "./macos/seatbelt.ts";
import { DomainProxy, type ProxyRefusal } from "./proxy/domain-proxy.ts";

export interface SandboxSpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Which private temporary folder ($TMPDIR) the command gets: one per conversation. */
  conversation?: string;
  /** `merged`: stderr joins stdout in the order written (Bash's output); `separate`: two pipes. */
  output?: "merged" | "separate";
}

/** The port the proxy is reached on inside the sandbox's own network namespace (Linux). */
const PROXY_PORT_INSIDE = 3128;

/**
 * One launch folder's sandbox: the boundary, this run's folder, and (when a domain is allowed) the filtering
 * proxy. `spawn` is the seam every caller goes through (Bash, custom tools, MCP servers, `maia sandbox run`,
 * background commands): it takes a command line and returns the process, in its own process group, that runs
 * it through the system shell inside the sandbox. Killing that group kills everything the command started:
 * bubblewrap's process namespace ends with its first process, and it dies with MAIA.
 */
export class Sandbox {
  readonly boundary: SandboxBoundary;
  readonly #availability: Extract<Availability, { ok: true }>;
  #root: string | undefined;
  #proxy: DomainProxy | undefined;
  #proxyStarting: Promise<DomainProxy> | undefined;
  readonly #temps = new Map<string, string>();
  #seccompWritten = false;

  constructor(boundary: SandboxBoundary, availability: Extract<Availability, { ok: true }>) {
    this.boundary = boundary;
    this.#availability = availability;
  }

  /** Whether allowed domains are reachable (a domain is allowed, and on Linux socat is there to relay). */
  get networkEnabled(): boolean {
    if (this.boundary.network.allowedDomains.length === 0) return false;
    return this.#availability.platform === "darwin" || this.#availability.socat !== undefined;
  }

  /** Hosts the proxy refused since `since` (ms), oldest first. */
  refusedSince(since: number): ProxyRefusal[] {
    return (this.#proxy?.refusals ?? []).filter((refusal) => refusal.at >= since);
  }

  get refusals(): readonly ProxyRefusal[] {
    return this.#proxy?.refusals ?? [];
  }

  /** The private temporary folder of a conversation (created on first use). */
  privateTemp(conversation = "main"): string {
    const known = this.#temps.get(conversation);
    if (known) return known;
    const folder = path.join(this.#runtimeRoot(), `tmp-${this.#temps.size + 1}`);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    this.#temps.set(conversation, folder);
    return folder;
  }

  async spawn(command: string, options: SandboxSpawnOptions): Promise<ChildProcess> {
    const shell = systemShell();
    const argv = options.output === "separate" ? [shell, "-c", command] : [shell, "-c", 'exec 2>&1 && exec "$0" -c "$1"', shell, command];
    const wrapped = await this.wrap(argv, options);
    const stdio = options.output === "separate" ? ["ignore", "pipe", "pipe"] : ["ignore", "pipe", "ignore"];
    return started(spawn(wrapped.file, wrapped.args, { cwd: wrapped.cwd, env: wrapped.env, stdio: stdio as ("ignore" | "pipe")[], detached: true }));
  }

  /**
   * Sends SIGTERM to what runs a command `spawn` started (`pid`, the process `spawn` returned), so that it can end
   * cleanly before its group gets SIGKILL (the caller's part, a grace later). On Linux the signal goes to every
   * process of the command inside the sandbox, not to bubblewrap: bubblewrap dies of a SIGTERM at once, and the
   * sandbox's process namespace with it, SIGKILL for all (`--die-with-parent`), before any of them could clean
   * up; the command's own group is out of reach anyway (`--new-session`). On macOS the command is in the process
   * group. False when nothing of the command is left to signal.
   */
  terminate(pid: number): boolean {
    const targets = this.#availability.platform === "linux" ? commandProcesses(pid) : [-pid];
    let signalled = false;
    for (const target of targets) {
      try {
        process.kill(target, "SIGTERM");
        signalled = true;
      } catch {
        // Already gone.
      }
    }
    return signalled;
  }

  /**
   * The same seam as a program and its arguments, for a caller that spawns the process itself (an MCP stdio
   * server, through the MCP SDK): `argv` runs without a shell, inside the sandbox, in `cwd`, with the
   * environment returned (secrets left out, $TMPDIR, the proxy). Starts the proxy when a domain is allowed.
   */
  async wrap(argv: readonly string[], options: Omit<SandboxSpawnOptions, "output">): Promise<{ file: string; args: string[]; env: Record<string, string>; cwd: string }> {
    const proxy = this.networkEnabled ? await this.#startProxy() : undefined;
    const tmp = this.privateTemp(options.conversation);
    const env: Record<string, string> = { ...sandboxEnv(options.env, this.boundary.allowEnvVars), TMPDIR: tmp, TMP: tmp, TEMP: tmp };
    if (this.#availability.platform === "darwin") {
      if (proxy) Object.assign(env, proxyEnv(`http://127.0.0.1:${String(proxy.address)}`));
      const profile = seatbeltProfile(this.boundary, { privateTmp: tmp, proxyPort: typeof proxy?.address === "number" ? proxy.address : undefined });
      return { file: this.#availability.sandboxExec, args: ["-p", profile, ...argv], env, cwd: options.cwd };
    }
    if (proxy) Object.assign(env, proxyEnv(`http://127.0.0.1:${PROXY_PORT_INSIDE}`));
    const { bwrap } = this.#availability;
    const fs = filesystemArgs(this.boundary, this.#layout(tmp));
    const uid = process.getuid?.() ?? 0;
    const gid = process.getgid?.() ?? 0;
    let bwrapArgs: string[];
    if (!proxy) {
      bwrapArgs = [...isolationArgs({ disableUserns: this.#availability.disableUserns }), ...fs, "--chdir", options.cwd, "--seccomp", "3", "--", ...argv];
    } else {
      // The proxy's socket is bound in; socat, outside the seccomp program (it needs a Unix socket and to listen),
      // relays 127.0.0.1:3128 to it; the command runs in a nested bubblewrap that adds the seccomp program and
      // its own user namespace (so that it cannot trace socat). Mapping uid 0 twice needs CAP_SETFCAP: the outer
      // namespace maps MAIA's uid to another when MAIA runs as root.
      const socket = String(proxy.address);
      const outerUid = uid === 0 ? 65_534 : uid;
      const outerGid = gid === 0 ? 65_534 : gid;
      const innerIsolation = isolationArgs({ disableUserns: this.#availability.disableUserns, uid, gid }).filter((arg) => arg !== "--unshare-all" && arg !== "--new-session");
      const inner = [bwrap, "--dev-bind", "/", "/", ...innerIsolation, "--chdir", options.cwd, "--seccomp", "3", "--", ...argv];
      const relay = [
        `${quote(this.#availability.socat ?? "socat")} TCP-LISTEN:${PROXY_PORT_INSIDE},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${quote(socket)} >/dev/null 2>&1 &`,
        "i=0; while [ $i -lt 500 ] && ! grep -q ' 0100007F:0C38 00000000:0000 0A' /proc/net/tcp 2>/dev/null; do i=$((i+1)); sleep 0.01; done",
        'exec "$@"',
      ].join("\n");
      bwrapArgs = [
        ...isolationArgs({ disableUserns: false, uid: outerUid, gid: outerGid }),
        ...fs,
        "--ro-bind", path.dirname(socket), path.dirname(socket),
        "--chdir", options.cwd,
        "--", "/bin/sh", "-c", relay, "sh", ...inner,
      ];
    }
    // bubblewrap reads the seccomp program from a file descriptor: a shell opens it as fd 3, then becomes bwrap.
    return { file: "/bin/sh", args: ["-c", 'exec 3< "$0" && exec "$@"', this.#seccompFile(), bwrap, ...bwrapArgs], env, cwd: "/" };
  }

  /** Stops the proxy and removes this run's folder (every private temp folder in it). */
  async close(): Promise<void> {
    const proxy = this.#proxy;
    this.#proxy = undefined;
    this.#proxyStarting = undefined;
    await proxy?.close();
    if (this.#root) {
      rmSync(this.#root, { recursive: true, force: true });
      roots.delete(this.#root);
    }
    this.#root = undefined;
    this.#seccompWritten = false;
    this.#temps.clear();
  }

  #runtimeRoot(): string {
    if (this.#root) return this.#root;
    const root = mkdtempSync(path.join(os.tmpdir(), "maia-sandbox-"));
    mkdirSync(path.join(root, "empty"), { mode: 0o555 });
    writeFileSync(path.join(root, "empty-file"), "", { mode: 0o444 });
    this.#root = root;
    removeAtExit(root);
    return root;
  }

  #layout(privateTmp: string): BwrapLayout {
    const root = this.#runtimeRoot();
    return { runtimeRoot: root, privateTmp, emptyDir: path.join(root, "empty"), emptyFile: path.join(root, "empty-file") };
  }

  #seccompFile(): string {
    const file = path.join(this.#runtimeRoot(), "seccomp.bpf");
    if (!this.#seccompWritten) {
      const { allowAllUnixSockets, allowLocalBinding } = this.boundary.network;
      writeFileSync(file, seccompProgram({ blockUnixSockets: !allowAllUnixSockets, blockListen: !allowLocalBinding }), { mode: 0o400 });
      this.#seccompWritten = true;
    }
    return file;
  }

  async #startProxy(): Promise<DomainProxy> {
    if (this.#proxy) return this.#proxy;
    this.#proxyStarting ??= (async () => {
      const listen = this.#availability.platform === "darwin" ? { port: 0 } : { socket: path.join(this.#netFolder(), "proxy.sock") };
      const proxy = new DomainProxy({ allowedDomains: this.boundary.network.allowedDomains, deniedDomains: this.boundary.network.deniedDomains, listen });
      await proxy.start();
      this.#proxy = proxy;
      return proxy;
    })();
    return this.#proxyStarting;
  }

  /** The proxy's socket folder, inside this run's folder (which the sandbox sees replaced): bound in on its own. */
  #netFolder(): string {
    const folder = path.join(this.#runtimeRoot(), "net");
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return folder;
  }
}

const roots = new Set<string>();

/** This run's folders go with the process, whatever ends it (a sandbox is gone by then: it dies with MAIA). */
function removeAtExit(root: string): void {
  if (roots.size === 0) process.once("exit", () => {
    for (const folder of roots) rmSync(folder, { recursive: true, force: true });
  });
  roots.add(root);
}

/** The process once it runs; a launch failure (no such program) rejects instead of being an event nobody heard. */
function started(child: ChildProcess): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("spawn", () => resolve(child));
  });
}

function proxyEnv(url: string): Record<string, string> {
  const noProxy = "localhost,127.0.0.1,::1";
  return { HTTP_PROXY: url, HTTPS_PROXY: url, ALL_PROXY: url, http_proxy: url, https_proxy: url, all_proxy: url, NO_PROXY: noProxy, no_proxy: noProxy };
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}
