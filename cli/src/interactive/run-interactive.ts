import type { Conversation, PluginLogger } from "@maia/kernel";
import type { CliArgs } from "../args.ts";
import { attributed } from "../plugin-log.ts";
import { resolveLaunchFolder } from "../launch-folder.ts";
import { t as cliT } from "../messages.ts";
import { InkUI } from "../ui/ink-ui.ts";
import { homedir } from "node:os";
import { imageHandlers } from "./image-input.ts";
import { loadMarkdown } from "../ui/markdown.ts";
import { ExitControl, SIGNAL_EXIT_CODES } from "./exit-control.ts";
import { peer, type HooksPeer, type SessionsPeer } from "./peers.ts";
import { t } from "./messages.ts";

export interface InteractiveIO {
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  env: NodeJS.ProcessEnv;
  /** The banner is already on the screen (main.ts wrote it before loading Ink: first-paint.ts). */
  bannerPainted?: boolean;
  /** The input zone drawn before Ink loaded (early-input.ts), given up for Ink's first frame: what it echoed. */
  earlyInput?: { release(): string };
}

/** How long plugins get to save and close at exit before the process ends anyway. */
const SHUTDOWN_DEADLINE_MS = 3_000;

/**
 * `maia` with no arguments: the Ink UI and the conversation loop. The input box is drawn first, before anything
 * slow (plugins, settings, the model list, the tokenizer): typing can start while the agent gets ready.
 * Returns the exit code.
 */
export async function runInteractive(args: CliArgs, io: InteractiveIO): Promise<number> {
  const { env } = io;
  const ui = new InkUI({ stdout: io.stdout, stdin: io.stdin, env });
  if (!io.bannerPainted) ui.banner(resolveLaunchFolder(env));
  // Reading before the first frame: that frame already has the input box, ready for typing.
  const firstInput = ui.readInput();
  // Ink's first frame shows what the early box showed; the keys after it (an Enter) reach Ink's input.
  ui.store.prefill(io.earlyInput?.release() ?? "");
  // A pasted image path and Ctrl+V attach images to the request being typed (issue 38), from the first frame on:
  // the launch folder and home folder as boot will find them.
  ui.store.setImageHandlers(imageHandlers(ui, resolveLaunchFolder(env), env.HOME?.trim() || homedir()));
  ui.mount();
  const exit = new ExitControl();
  exit.signal.addEventListener("abort", () => ui.store.cancelInput(), { once: true });
  // The Markdown renderer is loaded while the first request goes to the model, not at start-up: an idle session
  // never pays for it (the log waits for it if Markdown comes first, e.g. a --resume history).
  void firstInput.then((input) => (input.kind === "exit" ? exit.request(0) : void loadMarkdown()));
  // A terminal that goes away (SIGHUP) makes writes fail: that must not crash the save on the way out.
  const ignore = () => undefined;
  io.stdout.on("error", ignore);
  const removeSignals = installSignals(exit, ui);
  // An input that ends (the terminal closed it) is a Ctrl+D nobody can type any more.
  const onEnd = () => exit.request(0);
  io.stdin.once("end", onEnd);

  let conversation: Conversation | undefined;
  let unfollow: (() => void) | undefined;
  let code = 1;
  const saveSync = () => {
    if (!conversation) return;
    try {
      peer<SessionsPeer>(conversation.kernel, "sessions")?.saveSync?.(conversation.current);
    } catch {
      // Nothing left to tell it to: the process is ending.
    }
  };
  process.on("exit", saveSync);
  // Imported once the first frame is drawn (session-parts.ts).
  const parts = import("./session-parts.ts");
  try {
    const { AgentEvents, boot, conversationLoop, startConversation, followSubagents, followBackground } = await parts;
    const events = new AgentEvents();
    events.on(ui.onEvent);
    const log: PluginLogger = {
      info: (message, origin) => ui.info(attributed(message, origin)),
      warn: (message, origin) => ui.warn(attributed(message, origin)),
      error: (message) => ui.error(message),
      debug: () => undefined,
    };
    const booted = await boot({ frontEnd: "tui", log, env, strictPlugins: args.strictPlugins, conversation: true });
    // From here on a hook that sleeps (SessionStart included) gives way to Ctrl+C or Esc.
    const hooks = peer<HooksPeer>(booted.kernel, "hooks");
    if (hooks) ui.store.setHookInterrupter(() => hooks.interrupt());
    const started = exit.requested ? exit.code : await startConversation({ booted, args, env, ui, events, exit });
    if (typeof started === "number") {
      code = started;
    } else {
      conversation = started;
      const unfollowSubagents = followSubagents(conversation.kernel, ui);
      const unfollowBackground = followBackground(conversation, ui);
      unfollow = () => {
        unfollowSubagents();
        unfollowBackground();
      };
      const resume = await resumeCommand(args, conversation, ui);
      if (resume === null) {
        code = 1;
      } else {
        await conversationLoop({ conversation, ui, exit, firstInput, ...(resume ? { initialCommands: [resume] } : {}) });
        code = exit.code;
      }
    }
  } catch (error) {
    const { errorMessage } = await parts;
    ui.error(cliT("errorPrefix", { message: errorMessage(error) }));
    code = 1;
  } finally {
    // Whatever hangs (a plugin that does not close), the user asked to leave.
    const deadline = setTimeout(() => process.exit(code), SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    saveSync();
    unfollow?.();
    if (conversation) {
      const { errorMessage } = await parts;
      await conversation.close().catch((error: unknown) => ui.warn(errorMessage(error)));
    }
    await ui.close();
    process.off("exit", saveSync);
    removeSignals();
    io.stdin.off("end", onEnd);
    io.stdout.off("error", ignore);
    io.stdin.pause();
  }
  return code;
}

/**
 * `--resume <name>` and `--continue` (the latest session): the conversation goes on through `/load`, which resumes
 * as every front end does (the sessions plugin's `resume`) and shows the history here. Undefined when not asked,
 * null (after the error is shown) when it cannot be done.
 */
async function resumeCommand(args: CliArgs, conversation: Conversation, ui: InkUI): Promise<string | undefined | null> {
  if (args.resume === undefined && !args.continue) return undefined;
  const sessions = peer<SessionsPeer>(conversation.kernel, "sessions");
  if (!sessions?.openForResume || !conversation.kernel.plugins.commands.get("load")) {
    ui.error(t("resumeNeedsSessions"));
    return null;
  }
  try {
    return `/load ${args.resume ?? (await sessions.openForResume()).name}`;
  } catch (error) {
    ui.error((await import("./session-parts.ts")).errorMessage(error));
    return null;
  }
}

/** SIGTERM and SIGHUP end the session (saved); a SIGINT from outside acts as Ctrl+C does. */
function installSignals(exit: ExitControl, ui: InkUI): () => void {
  const onTerm = () => exit.request(SIGNAL_EXIT_CODES.SIGTERM);
  const onHup = () => exit.request(SIGNAL_EXIT_CODES.SIGHUP);
  const onInt = () => ui.store.handleKey({ input: "c", ctrl: true });
  process.on("SIGTERM", onTerm);
  process.on("SIGHUP", onHup);
  process.on("SIGINT", onInt);
  return () => {
    process.off("SIGTERM", onTerm);
    process.off("SIGHUP", onHup);
    process.off("SIGINT", onInt);
  };
}
