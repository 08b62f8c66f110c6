import { mkdir } from "node:fs/promises";
import { applyLaunchMode, modePeer } from "../permission-mode.ts";
import path from "node:path";
import type { SandboxApi } from "@maia/plugin-sandbox";
import { Conversation, errorMessage, type AgentEvents } from "@maia/kernel";
import type { CliArgs } from "../args.ts";
import type { Booted } from "../boot.ts";
import { t as cliT } from "../messages.ts";
import { chooseModel } from "../model-choice.ts";
import type { InkUI } from "../ui/ink-ui.ts";
import type { ExitControl } from "./exit-control.ts";
import { t } from "./messages.ts";
import { pickModel } from "./model-picker.ts";
import { peer, type LiteLLMPeer } from "./peers.ts";

export interface StartupOptions {
  booted: Booted;
  args: CliArgs;
  env: NodeJS.ProcessEnv;
  ui: InkUI;
  events: AgentEvents;
  exit: ExitControl;
}

/**
 * Seed § 5.4, after the plugins are loaded: settings (a clear error with an example, and MAIA stops), the model
 * (chosen from LiteLLM's list when none is configured), ./.maia and its sessions folder, then the agent. The
 * context size is the context plugin's business: it asks in the background and reports through the events.
 * Returns the conversation, or the exit code when MAIA cannot go on.
 */
export async function startConversation(options: StartupOptions): Promise<Conversation | number> {
  const { booted, args, env, ui, events, exit } = options;
  const { kernel } = booted;
  const litellm = peer<LiteLLMPeer>(kernel, "litellm");
  try {
    await litellm?.settings();
  } catch (error) {
    ui.error(errorMessage(error));
    return 1;
  }
  if (exit.requested) return exit.code;

  let model = chooseModel(args.model, env, booted.config.model);
  if (model === undefined) {
    model = await pickModel(ui, litellm, undefined, exit.signal);
    if (exit.requested) return exit.code;
    if (model === undefined) {
      ui.error(t("noModelChosen"));
      return 1;
    }
  }

  if (kernel.plugins.get("sessions")) {
    const folder = path.join(booted.cwd, ".maia", ".sessions");
    try {
      await mkdir(folder, { recursive: true });
    } catch (error) {
      ui.warn(t("sessionsFolderFailed", { path: folder, reason: (error as NodeJS.ErrnoException).code ?? errorMessage(error) }));
    }
  }

  // The approval mode: --permission-mode first (plan's prompt section is in the first session), then Shift+Tab.
  applyLaunchMode(kernel, args.permissionMode);
  const modes = modePeer(kernel);
  if (modes) {
    ui.store.setMode(modes.mode());
    modes.onModeChange((mode) => ui.store.setMode(mode));
    ui.store.setModeCycler(() => modes.cycleMode());
  }
  // Whether Bash is sandboxed, on the status line: the machine is probed once the screen is up, not before.
  const sandbox = kernel.plugins.get<SandboxApi>("sandbox")?.api;
  if (sandbox) {
    sandbox.onChange((state) => ui.store.setSandbox(state));
    setTimeout(() => void sandbox.state().catch(() => undefined), 0).unref();
  }

  try {
    return await Conversation.start({
      kernel,
      model,
      interaction: ui.interaction,
      events,
      ...(args.maxIterations ? { maxIterations: args.maxIterations } : {}),
      // --resume / --continue go on through /load (run-interactive.ts), which keeps this session while untouched.
      ...(args.resume !== undefined || args.continue ? { resuming: true } : {}),
    });
  } catch (error) {
    ui.error(cliT("errorPrefix", { message: errorMessage(error) }));
    return 1;
  }
}
