import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { eventually, spawnMaia } from "@maia/testing-maia";
import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium, driven by playwright-core (the hub's browser tests; CI installs it). */
export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/** Without Chromium (a developer's machine) a browser test file is skipped; CI installs it, and there it must run. */
export const CHROMIUM_RUNS = existsSync(CHROMIUM) || process.env.CI !== undefined;

const BANNER = /^MAIA hub: (http:\/\/127\.0\.0\.1:\d+)\/\?token=([A-Za-z0-9_-]+)$/;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

/** `maia hub` as a user runs it (the built bundle), with what it printed. */
export class HubProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** The address with its token, as printed. */
  readonly url: string;
  readonly base: string;
  readonly token: string;
  stderr = "";

  private constructor(child: ChildProcessWithoutNullStreams, url: string, base: string, token: string) {
    this.child = child;
    this.url = url;
    this.base = base;
    this.token = token;
  }

  static async start(args: string[], options: { cwd: string; home: string; env?: Record<string, string> }): Promise<HubProcess> {
    const child = spawnMaia(["hub", "--no-open", ...args], { cwd: options.cwd, home: options.home, env: options.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const printed = await eventually(() => stdout.includes("\n"), 20_000);
    const match = BANNER.exec(stdout.trim());
    if (!printed || !match) throw new Error(`maia hub printed ${JSON.stringify(stdout)}; stderr:\n${stderr}`);
    const hub = new HubProcess(child, `${match[1]}/?token=${match[2]}`, match[1]!, match[2]!);
    child.stderr.on("data", (chunk: Buffer) => (hub.stderr += chunk.toString("utf8")));
    return hub;
  }

  /** A service call as a script makes it (bearer token). */
  async call(service: string, method: string, ...args: unknown[]): Promise<unknown> {
    const response = await fetch(`${this.base}/api/${service}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.token}` },
      body: JSON.stringify(args),
    });
    const answer = (await response.json()) as { result?: unknown; error?: string };
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.result;
  }

  /** SIGTERM, as Ctrl+C or a closed terminal: the agents stopped and the threads written before it exits. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }
}
