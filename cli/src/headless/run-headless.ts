import { NO_INTERACTION, errorMessage, type AgentSession, type Kernel } from "@maia/kernel";
import type { CliArgs } from "../args.ts";
import { boot } from "../boot.ts";
import { chooseModel } from "../model-choice.ts";
import { t } from "../messages.ts";
import { HeadlessOutput } from "./output.ts";

export interface HeadlessIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/**
 * `maia -p`: one request through the same kernel and plugins as the interactive mode, without Ink. Nobody can
 * answer a question here, so a tool that would ask is refused (unless an `--allow` rule covers it).
 * Returns the exit code: 0 done, 1 error / interrupted / iteration limit, 2 bad usage.
 */
export async function runHeadless(args: CliArgs, io: HeadlessIO): Promise<number> {
  const output = new HeadlessOutput(args.outputFormat, io.stdout, io.stderr);
  const prompt = args.positionals.length > 0 ? args.positionals.join(" ") : await readAll(io.stdin);
  if (!prompt.trim()) {
    output.error(t("badUsage", { message: t("emptyPrompt") }));
    return 2;
  }
  const log = {
    info: () => undefined,
    debug: () => undefined,
    warn: (message: string) => output.warn(message),
    error: (message: string) => output.error(message),
  };
  let session: AgentSession | undefined;
  let kernel: Kernel | undefined;
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const booted = await boot({
      frontEnd: "headless",
      log,
      env: io.env,
      strictPlugins: args.strictPlugins,
      allowRules: args.allow,
    });
    kernel = booted.kernel;
    const model = chooseModel(args.model, io.env, booted.config.model);
    if (!model) {
      output.error(t("noModel", { models: "" }));
      return 1;
    }
    session = await kernel.createSession({ model }, { interaction: NO_INTERACTION });
    if (args.maxIterations) session.maxIterations = args.maxIterations;
    session.events.on(output.onEvent);
    const outcome = await kernel.runTurn(session, prompt, { signal: controller.signal });
    if (outcome.status === "error") {
      output.error(t("errorPrefix", { message: errorMessage(outcome.error) }));
      return 1;
    }
    if (outcome.status === "aborted") {
      output.error(t("aborted"));
      return 1;
    }
    const sessionName = session.state.get("sessions:name");
    output.finish(outcome, typeof sessionName === "string" ? { sessionName } : {});
    return outcome.status === "max_iterations" ? 1 : 0;
  } catch (error) {
    output.error(t("errorPrefix", { message: errorMessage(error) }));
    return 1;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (kernel && session) await kernel.endSession(session).catch((error: unknown) => output.warn(errorMessage(error)));
  }
}

async function readAll(stream: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<string> {
  if (stream.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
