import { definePlugin, type DoctorEntry, type DoctorPlace } from "@maia/kernel";
import { contributedSources } from "@maia/util";
import type { PermissionsApi } from "@maia/plugin-permissions";
import { loadCommands, type CommandSource, type CustomCommand } from "./load-commands.ts";
import { t } from "./messages.ts";
import { customSlashCommand } from "./run-command.ts";

const PLUGIN_NAME = "commands";

/**
 * The front ends' own commands (the interactive UI's, which headless and ACP share by name): dispatch tries
 * them before any plugin's, so a file named after one would never run; it is refused with a warning instead.
 */
export const FRONT_END_COMMANDS: ReadonlySet<string> = new Set(["help", "permissions", "model", "clear", "exit"]);

const SOURCE_LABELS: Record<Exclude<CommandSource, "plugin">, "sourceProject" | "sourceUser" | "sourceClaudeProject" | "sourceClaudeUser"> = {
  project: "sourceProject",
  user: "sourceUser",
  "claude-project": "sourceClaudeProject",
  "claude-user": "sourceClaudeUser",
};

/** What `/help` shows after a command's description: where it comes from. */
function sourceLabel(command: CustomCommand): string {
  return command.source === "plugin" ? t("sourcePlugin", { plugin: command.plugin ?? "?" }) : t(SOURCE_LABELS[command.source]);
}

export interface CommandsApi {
  /** The custom commands registered at start-up, for completion lists. */
  commands(): readonly CustomCommand[];
  /** `maia doctor`: every command file found (MAIA's, Claude Code's, its plugins'), what it became, what was left out. */
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
}

/**
 * Custom slash commands: Markdown files in `.maia/commands`, `~/.maia/commands` (and Claude Code's
 * `.claude/commands`, and its plugins' `commands/` as `/plugin:name`), the file name being the command and
 * sub-folders namespaces (`frontend/test.md` is `/frontend:test`). Read once at start-up; applied after every
 * other plugin (`enforce: "post"`) so that a plugin's own command keeps its name and a custom file of that name is
 * the one refused, with a warning.
 */
export default definePlugin<Record<string, never>, CommandsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  enforce: "post",
  description: "Custom slash commands: .maia/commands/<name>.md (and ~/.maia/commands, .claude/commands)",
  async apply(context) {
    const { cwd, homeDir } = context.runtime;
    // Claude Code plugins' commands (`/plugin:command`), when the claude-plugins plugin is on: it is applied first.
    const contributed = contributedSources(context.plugins)?.folders("commands") ?? [];
    const { commands, warnings } = await loadCommands(cwd, homeDir, contributed);
    for (const warning of warnings) context.log.warn(warning);
    const registered: CustomCommand[] = [];
    const dependencies = { permissions: () => context.plugins.get<PermissionsApi>("permissions")?.api };
    for (const command of commands) {
      if (FRONT_END_COMMANDS.has(command.name)) {
        context.log.warn(t("reserved", { file: command.file, name: command.name }));
        continue;
      }
      try {
        context.commands.register(customSlashCommand(command, sourceLabel(command), dependencies));
        registered.push(command);
      } catch {
        context.log.warn(t("taken", { file: command.file, name: command.name }));
      }
    }
    if (registered.length > 0) context.log.info(t("loaded", { list: registered.map((command) => `/${command.name}`).join(", ") }));
    return {
      commands: () => registered,
      async doctor(place) {
        const contributed = (await contributedSources(context.plugins)?.at(place))?.folders("commands") ?? [];
        const { files } = await loadCommands(place.cwd, place.homeDir, contributed);
        return files.map((file) => ({ path: file.path, format: file.format, kind: "commands", became: file.became, ignored: file.ignored }));
      },
    };
  },
});

export { loadCommands, commandLocations, commandName, type CustomCommand, type CommandSource, type CommandLoadResult } from "./load-commands.ts";
export { expandArguments, splitArguments } from "./expand-arguments.ts";
export { readAllowedTools, splitRules } from "./allowed-tools.ts";
