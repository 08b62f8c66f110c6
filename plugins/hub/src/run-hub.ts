import path from "node:path";
import { parseArgs } from "node:util";
import { errorMessage, type SubcommandIO } from "@maia/kernel";
import { createHub } from "./hub.ts";
import { t } from "./messages.ts";
import { openBrowser } from "./open-browser.ts";
import { locatePage } from "./server/locate-page.ts";
import { loadPageFiles } from "./server/page-files.ts";
import { startHubServer } from "./server/http-server.ts";
import { createToken, isLoopback } from "./server/security.ts";
import { hubTiming } from "./timing.ts";

interface HubArguments {
  config?: string;
  port: number;
  host: string;
  open: boolean;
}

function parseHubArguments(argv: string[]): HubArguments | { help: true } {
  const { values } = parseArgs({
    args: argv[0] === "--" ? argv.slice(1) : argv,
    strict: true,
    allowPositionals: false,
    options: {
      config: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      "no-open": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return { help: true };
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535 || values.port?.trim() === "") {
    throw new Error(t("badPort", { value: values.port ?? "" }));
  }
  return { config: values.config, port, host: values.host ?? "127.0.0.1", open: values["no-open"] !== true };
}

/**
 * `maia hub`: opens the configuration, serves the page and the API on 127.0.0.1, prints exactly one line on
 * stdout (the address with its token), opens it in the browser, and runs until SIGINT, SIGTERM or SIGHUP (the
 * terminal closed), which stop every agent with the seed's stop sequence before the process exits.
 */
export async function runHub(argv: string[], io: SubcommandIO): Promise<number> {
  let args: HubArguments;
  try {
    const parsed = parseHubArguments(argv);
    if ("help" in parsed) {
      io.stdout.write(`${t("usage")}\n`);
      return 0;
    }
    args = parsed;
  } catch (error) {
    io.stderr.write(`${errorMessage(error)}\n${t("usage")}\n`);
    return 2;
  }
  if (!isLoopback(args.host)) io.stderr.write(`${t("nonLoopbackHost", { host: args.host })}\n`);

  const entry = process.argv[1] ? path.resolve(process.argv[1]) : "";
  let hub;
  try {
    hub = await createHub({
      homeDir: io.homeDir,
      launchDir: io.cwd,
      env: io.env,
      flagPath: args.config === undefined ? undefined : path.resolve(io.cwd, args.config),
      maiaCommand: { command: process.execPath, args: [...agentNodeFlags(process.execArgv), entry, "acp"] },
      timing: hubTiming(io.env),
    });
  } catch (error) {
    io.stderr.write(`${t("configFailed", { cause: errorMessage(error) })}\n`);
    return 1;
  }
  let server;
  try {
    server = await startHubServer({
      services: hub.services,
      events: hub.events,
      page: loadPageFiles(locatePage()),
      token: createToken(),
      host: args.host,
      port: args.port,
      iconFile: (agent) => hub.iconFile(agent),
      channels: { channels: () => hub.config.config().channels, send: (agent, text, observer) => hub.chat.send(agent, text, observer) },
    });
  } catch (error) {
    await hub.close();
    io.stderr.write(`${t("listenFailed", { host: args.host, port: args.port, cause: errorMessage(error) })}\n`);
    return 1;
  }
  io.stdout.write(`${t("banner", { url: server.url })}\n`);
  if (args.open && !(await openBrowser(server.url, io.env))) io.stderr.write(`${t("noOpener", { commands: "xdg-open, open" })}\n`);

  const running = server;
  const openHub = hub;
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      io.stderr.write(`${t("stopping")}\n`);
      void (async () => {
        await openHub.close().catch(() => undefined);
        await running.close().catch(() => undefined);
        for (const name of SIGNALS) process.off(name, stop);
        resolve(signal === "SIGINT" ? 130 : 0);
      })();
    };
    for (const name of SIGNALS) process.on(name, stop);
  });
}

const SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * The Node flags the hub's MAIA agents get: this process's, which the `maia` command's shebang gave it (the young
 * generation's size, `--expose-gc`), so that an agent runs as `maia acp` started by an editor does — less a
 * debugger's or a profiler's, which every agent would then fight over (one port, one output file).
 */
export function agentNodeFlags(execArgv: readonly string[]): string[] {
  return execArgv.filter((flag) => !/^--(inspect|debug|cpu-prof|heap-prof|prof)\b/.test(flag));
}
