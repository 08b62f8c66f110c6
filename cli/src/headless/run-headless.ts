import path from "node:path";
import { Conversation, NO_INTERACTION, errorMessage, type ImageBlock, type LogOrigin, type TurnOutcome } from "@maia/kernel";
import type { SavedSession, SessionsApi } from "@maia/plugin-sessions";
import { applyLaunchMode } from "../permission-mode.ts";
import type { CliArgs } from "../args.ts";
import { boot } from "../boot.ts";
import { resolveLaunchFolder } from "../launch-folder.ts";
import { chooseModel } from "../model-choice.ts";
import { t } from "../messages.ts";
import { HeadlessOutput } from "./output.ts";
import { dispatchInput } from "../dispatch-input.ts";

/** What this runner uses of the sessions plugin's API (--resume, --continue); the plugin may be disabled. */
type SessionsPeer = Pick<SessionsApi, "openForResume" | "resume">;

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
  // `--image`: read (and scaled down if need be) before anything boots; @maia/images only for a run that has images.
  const images = await readImages(args.images, io.env);
  if (typeof images === "string") {
    output.error(t("errorPrefix", { message: t("imageProblem", { message: images }) }));
    return 1;
  }
  const log = {
    info: () => undefined,
    debug: () => undefined,
    warn: (message: string, origin?: LogOrigin) => output.warn(message, origin),
    error: (message: string) => output.error(message),
  };
  let conversation: Conversation | undefined;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= conversation?.close().catch((error: unknown) => output.warn(errorMessage(error))) ?? Promise.resolve());
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  // `on`, not `once`: signal-exit (loaded with execa by the first command) kills the process on a signal when it is
  // the only listener left, which a `once` listener that already ran no longer counts as (MAIA would die before it
  // stopped its background commands).
  for (const name of signals) process.on(name, onSignal);
  try {
    const { kernel, config } = await boot({
      frontEnd: "headless",
      conversation: true,
      log,
      env: io.env,
      strictPlugins: args.strictPlugins,
      allowRules: args.allow,
    });
    applyLaunchMode(kernel, args.permissionMode);
    const model = chooseModel(args.model, io.env, config.model);
    if (!model) {
      output.error(t("noModel", { models: "" }));
      return 1;
    }
    // --resume <name> / --continue: the saved conversation goes on. It is read first, so that the agent is built
    // once, with the saved summary (if any) as starting context; `resume` then keeps that session.
    const sessions = kernel.plugins.get<SessionsPeer>("sessions")?.api;
    let resumed: SavedSession | undefined;
    if (args.resume !== undefined || args.continue) {
      if (!sessions) throw new Error(t("resumeNeedsSessions"));
      resumed = await sessions.openForResume(args.resume);
    }
    conversation = await Conversation.start({
      kernel,
      model,
      interaction: NO_INTERACTION,
      ...(args.maxIterations ? { maxIterations: args.maxIterations } : {}),
      ...(resumed?.startContext === undefined ? {} : { startContext: resumed.startContext }),
      ...(resumed ? { resuming: true } : {}),
    });
    if (resumed) await sessions?.resume(conversation, resumed);
    conversation.events.on(output.onEvent);

    // Prefixes (`§skill`, `!cmd`) and slash commands work here as in the interface.
    const result = await dispatchInput(conversation, prompt, {
      output: output.commandOutput,
      interaction: NO_INTERACTION,
      signal: controller.signal,
      ...(images.length > 0 ? { turn: { images } } : {}),
    });
    if (result.kind === "unknown_command") return 2;
    const outcome: TurnOutcome | undefined = result.kind === "turn" ? result.outcome : result.outcomes.at(-1);
    if (outcome?.status === "error") {
      output.error(t("errorPrefix", { message: errorMessage(outcome.error) }));
      return 1;
    }
    if (outcome?.status === "aborted" || controller.signal.aborted) {
      output.error(t("aborted"));
      return 1;
    }
    const sessionName = conversation.current.state.get("sessions:name");
    const extra = typeof sessionName === "string" ? { sessionName } : {};
    const finished = outcome ?? { session: conversation.current, status: "done" as const, stopReason: "end_turn" as const };
    // Left before the last line: what the session's end says (the background commands it stopped) comes first.
    await close();
    output.finish(finished, extra);
    return outcome?.status === "max_iterations" ? 1 : 0;
  } catch (error) {
    output.error(t("errorPrefix", { message: errorMessage(error) }));
    return 1;
  } finally {
    for (const name of signals) process.off(name, onSignal);
    await close();
  }
}

/** The `--image` files as image blocks, or the first problem as a sentence. Paths are relative to the launch folder. */
async function readImages(paths: readonly string[], env: NodeJS.ProcessEnv): Promise<ImageBlock[] | string> {
  if (paths.length === 0) return [];
  const { readImageFile } = await import("@maia/images");
  const cwd = resolveLaunchFolder(env);
  const images: ImageBlock[] = [];
  for (const given of paths) {
    const prepared = await readImageFile(path.resolve(cwd, given), given);
    if (!prepared.ok) return prepared.message;
    images.push(prepared.image);
  }
  return images;
}

async function readAll(stream: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<string> {
  if (stream.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
