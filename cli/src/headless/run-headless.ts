import {
  NO_INTERACTION,
  defineMessages,
  errorMessage,
  type AgentSession,
  type Kernel,
  type Message,
  type RunTurnOptions,
  type TurnOutcome,
} from "@maia/kernel";
import type { CliArgs } from "../args.ts";
import { boot } from "../boot.ts";
import { chooseModel } from "../model-choice.ts";
import { t } from "../messages.ts";
import { HeadlessOutput } from "./output.ts";

/** What this runner uses of the sessions plugin's API (--resume, --continue); the plugin may be disabled. */
interface SessionsForResume {
  openForResume(name?: string): Promise<{ messages: Message[]; startContext?: string }>;
  adopt(session: AgentSession, saved: { messages: Message[]; startContext?: string }): void;
}

/** What this runner uses of the compaction plugin's API: a turn with the emergency path of seed § 14.5. */
interface CompactionForTurns {
  runTurnWithRecovery(runner: Kernel, session: AgentSession, text: string, options?: RunTurnOptions): Promise<TurnOutcome>;
}

// TODO(cli): move to cli/src/messages.ts (kept here while that file belongs to another change).
const resumeMessages = defineMessages(
  { resumeNeedsSessions: "--resume and --continue need the sessions plugin, which is disabled" },
  { resumeNeedsSessions: "--resume et --continue demandent le plugin sessions, qui est désactivé" },
);

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
    // --resume <name> / --continue: the saved conversation goes on, its summary (if any) as starting context.
    const sessions = kernel.plugins.get<SessionsForResume>("sessions")?.api;
    let resumed: Awaited<ReturnType<SessionsForResume["openForResume"]>> | undefined;
    if (args.resume !== undefined || args.continue) {
      if (!sessions) throw new Error(resumeMessages("resumeNeedsSessions"));
      resumed = await sessions.openForResume(args.resume);
    }
    const startContext = resumed?.startContext;
    session = await kernel.createSession({ model, ...(startContext === undefined ? {} : { startContext }) }, { interaction: NO_INTERACTION });
    if (resumed) sessions?.adopt(session, resumed);
    if (args.maxIterations) session.maxIterations = args.maxIterations;
    session.events.on(output.onEvent);
    const compaction = kernel.plugins.get<CompactionForTurns>("compaction")?.api;
    const outcome = compaction
      ? await compaction.runTurnWithRecovery(kernel, session, prompt, { signal: controller.signal })
      : await kernel.runTurn(session, prompt, { signal: controller.signal });
    session = outcome.session;
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
