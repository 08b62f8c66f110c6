import type { CommandContext, SlashCommand } from "@maia/kernel";
import type { PermissionsApi } from "@maia/plugin-permissions";
import { expandArguments } from "./expand-arguments.ts";
import type { CustomCommand } from "./load-commands.ts";
import { t } from "./messages.ts";

/** What running a command needs beyond its context: the permissions plugin's API, when it is on. */
export interface RunDependencies {
  permissions(): Pick<PermissionsApi, "addRules" | "removeRules"> | undefined;
}

/**
 * A custom command as a slash command: its body, placeholders replaced, is sent as the user's own request —
 * origin "user", so that `@` references in it are resolved as if typed (the file is the user's own text, and
 * the user chose to run it). `model` runs that one request with another model and goes back to the session's
 * model afterwards, whatever the request's end; `allowed-tools` adds allow rules for that request only (they
 * are taken back out even on Ctrl+C or an error). The rules lift no deny or ask from the settings files.
 */
export function customSlashCommand(command: CustomCommand, label: string, dependencies: RunDependencies): SlashCommand {
  return {
    name: command.name,
    description: t("describe", { description: command.description, source: label }),
    ...(command.argumentHint === undefined ? {} : { usage: command.argumentHint }),
    run: (context) => runCustomCommand(command, context, dependencies),
  };
}

async function runCustomCommand(command: CustomCommand, context: CommandContext, dependencies: RunDependencies): Promise<void> {
  const prompt = expandArguments(command.body, context.args);
  const permissions = dependencies.permissions();
  const source = t("rulesSource", { name: command.name, file: command.file });
  let rulesAdded = false;
  if (command.allowedTools.length > 0) {
    if (permissions) {
      permissions.addRules(source, { allow: command.allowedTools });
      rulesAdded = true;
    } else context.output.warn(t("noPermissions", { name: command.name }));
  }
  let previousModel: string | undefined;
  try {
    const current = context.host.current;
    if (command.model !== undefined && bareModel(command.model) !== bareModel(current.setup.model)) {
      // The way /model switches (reason "model" keeps the session's name): the conversation goes on.
      await context.host.restart({ reason: "model", model: command.model, ...kept(current) });
      previousModel = current.setup.model;
      context.output.info(t("usingModel", { name: command.name, model: bareModel(command.model) }));
    }
    await context.submit(prompt, { origin: "user" });
  } finally {
    if (previousModel !== undefined) await context.host.restart({ reason: "model", model: previousModel, ...kept(context.host.current) });
    if (rulesAdded) permissions?.removeRules(source);
  }
}

function kept(session: CommandContext["session"]) {
  return {
    messages: session.messages,
    pendingContext: session.pendingContext,
    ...(session.startContext === undefined ? {} : { startContext: session.startContext }),
  };
}

/** `litellm:name` and `name` are the same model (the LiteLLM plugin reads both). */
function bareModel(model: string): string {
  return model.replace(/^litellm:/, "");
}
