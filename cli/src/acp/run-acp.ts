import { Readable, Writable } from "node:stream";
import { format } from "node:util";
import { ndJsonStream } from "@agentclientprotocol/sdk";
import type { PluginLogger } from "@maia/kernel";
import type { CliArgs } from "../args.ts";
import { boot } from "../boot.ts";
import { attributed } from "../plugin-log.ts";
import { resolveLaunchFolder } from "../launch-folder.ts";
import { chooseModel } from "../model-choice.ts";
import { applyLaunchMode } from "../permission-mode.ts";
import { createAcpAgent } from "./acp-agent.ts";
import { t } from "./messages.ts";

declare const MAIA_VERSION: string;

export interface AcpIO {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadStream;
  env: NodeJS.ProcessEnv;
}

/**
 * `maia acp`: ACP v1 as newline-delimited JSON on stdin/stdout, for as long as the client keeps stdin open.
 * Standard output carries nothing but ACP messages; every log, the plugins' included, goes to stderr. No TTY
 * is needed. Returns the exit code once the client has gone and every session has been left (and saved).
 */
export async function runAcp(args: CliArgs, io: AcpIO): Promise<number> {
  if (args.help) {
    io.stdout.write(`${t("usage")}\n`);
    return 0;
  }
  const restoreConsole = consoleToStderr(io.stderr);
  const log = stderrLogger(io.stderr, io.env);
  const agent = createAcpAgent({
    launchFolder: resolveLaunchFolder(io.env),
    version: typeof MAIA_VERSION === "string" ? MAIA_VERSION : "dev",
    log,
    ...(args.maxIterations ? { maxIterations: args.maxIterations } : {}),
    // One kernel per folder a client opens a session in (seed § 5.2: MAIA_CWD names the launch folder).
    kernelFor: async (cwd) => {
      const booted = await boot({
        frontEnd: "acp",
        conversation: true,
        log,
        env: { ...io.env, MAIA_CWD: cwd },
        strictPlugins: args.strictPlugins,
        allowRules: args.allow,
      });
      // --permission-mode: the folder's starting mode, before its first session (plan's prompt section included).
      applyLaunchMode(booted.kernel, args.permissionMode);
      return { kernel: booted.kernel, cwd: booted.cwd, homeDir: booted.homeDir, model: chooseModel(args.model, io.env, booted.config.model) };
    },
  });
  const output = Writable.toWeb(io.stdout) as WritableStream<Uint8Array>;
  const input = Readable.toWeb(io.stdin) as ReadableStream<Uint8Array>;
  const connection = agent.app.connect(ndJsonStream(output, input));
  const stop = () => connection.close();
  const signals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
  // `on`, not `once`: signal-exit (loaded with execa by the first command) kills the process on a signal when it is
  // the only listener left, which a `once` listener that already ran no longer counts as: the sessions (and their
  // background commands) would not be closed.
  for (const signal of signals) process.on(signal, stop);
  // A client that went away leaves a broken pipe: that is the end of the connection, not a crash.
  io.stdout.on("error", stop);
  try {
    await connection.closed;
    await agent.shutdown();
  } finally {
    for (const signal of signals) process.off(signal, stop);
    restoreConsole();
  }
  return 0;
}

function stderrLogger(stderr: NodeJS.WritableStream, env: NodeJS.ProcessEnv): PluginLogger {
  const debug = env.MAIA_DEBUG !== undefined && env.MAIA_DEBUG !== "" && env.MAIA_DEBUG !== "0";
  return {
    info: (message, origin) => void stderr.write(`INFO ${attributed(message, origin)}\n`),
    warn: (message, origin) => void stderr.write(`WARN ${attributed(message, origin)}\n`),
    error: (message) => void stderr.write(`FAIL ${message}\n`),
    debug: (message) => {
      if (debug) stderr.write(`DEBUG ${message}\n`);
    },
  };
}

/** A plugin that prints with console.log must not corrupt the protocol stream: the console goes to stderr. */
function consoleToStderr(stderr: NodeJS.WritableStream): () => void {
  const saved = { log: console.log, info: console.info, debug: console.debug, warn: console.warn };
  const write = (...values: unknown[]) => void stderr.write(`${format(...values)}\n`);
  console.log = write;
  console.info = write;
  console.debug = write;
  console.warn = write;
  return () => Object.assign(console, saved);
}
