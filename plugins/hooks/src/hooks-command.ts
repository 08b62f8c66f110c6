import { parseArgs } from "node:util";
import { errorMessage, type CommandContext, type SlashCommand, type Subcommand } from "@maia/kernel";
import { approveProjectHooks } from "./approve.ts";
import { t } from "./command-messages.ts";
import { formatHooks, type LastRunView } from "./describe-hooks.ts";
import { HOOK_EVENTS, isHookEvent } from "./events.ts";
import { loadHooks, type HookFile, type HookSource, type LoadedHooks } from "./load-hooks.ts";
import { sampleInput, testEvent } from "./test-event.ts";

/** `maia hooks [list | approve | test EVENT [--input JSON]]`: no LiteLLM settings needed, nothing of the agent runs. */
export function hooksSubcommand(sources: () => HookSource[]): Subcommand {
  return {
    name: "hooks",
    description: t("subcommandDescription"),
    async run(argv, io) {
      const args = argv[0] === "--" ? argv.slice(1) : argv;
      const [action = "list", ...rest] = args;
      const usage = t("usage", { events: HOOK_EVENTS.join(", ") });
      // Its warnings were printed when the plugin loaded, from these same files.
      const loaded = await loadHooks(sources(), io.homeDir);
      if (action === "list") {
        io.stdout.write(`${formatHooks(loaded)}\n`);
        return 0;
      }
      if (action === "approve") {
        io.stdout.write(`${describeApproved(await approveProjectHooks(loaded, io.homeDir))}\n`);
        return 0;
      }
      if (action === "test") {
        let parsed;
        try {
          parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: { input: { type: "string" } } });
        } catch (error) {
          io.stderr.write(`${errorMessage(error)}\n${usage}\n`);
          return 2;
        }
        const event = parsed.positionals[0] ?? "";
        if (!isHookEvent(event)) {
          io.stderr.write(`${t("unknownEvent", { event })}\n${usage}\n`);
          return 2;
        }
        let extra: Record<string, unknown> = {};
        if (parsed.values.input !== undefined) {
          try {
            const value = JSON.parse(parsed.values.input) as unknown;
            if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(typeof value);
            extra = value as Record<string, unknown>;
          } catch (error) {
            io.stderr.write(`${t("badInput", { reason: errorMessage(error) })}\n`);
            return 2;
          }
        }
        const input = { ...sampleInput(event, io.cwd), ...extra, hook_event_name: event };
        io.stdout.write(`${await testEvent(loaded, input, { cwd: io.cwd, env: io.env })}\n`);
        return 0;
      }
      if (action === "help" || action === "--help" || action === "-h") {
        io.stdout.write(`${usage}\n`);
        return 0;
      }
      io.stderr.write(`${t("unknownAction", { action })}\n${usage}\n`);
      return 2;
    },
  };
}

export interface SlashHooks {
  loaded(): LoadedHooks;
  lastRuns(): ReadonlyMap<string, LastRunView>;
  reload(): Promise<LoadedHooks>;
  homeDir: string;
}

/** `/hooks` lists; `/hooks approve` approves the waiting project files (typed by the user: that is the answer). */
export function hooksSlashCommand(hooks: SlashHooks): SlashCommand {
  return {
    name: "hooks",
    description: t("slashDescription"),
    usage: "[approve]",
    async run(context: CommandContext) {
      if (context.args === "approve") {
        const approved = await approveProjectHooks(await hooks.reload(), hooks.homeDir);
        await hooks.reload();
        context.output.info(describeApproved(approved));
        return;
      }
      if (context.args !== "" && context.args !== "list") {
        context.output.error(t("unknownAction", { action: context.args }));
        return;
      }
      context.output.info(formatHooks(hooks.loaded(), hooks.lastRuns()));
    },
  };
}

function describeApproved(files: readonly HookFile[]): string {
  if (files.length === 0) return t("nothingToApprove");
  return files
    .flatMap((file) => [t("approved", { file: file.path }), ...file.commands.map((command) => t("approvedCommand", { event: command.event, command: command.command }))])
    .join("\n");
}
