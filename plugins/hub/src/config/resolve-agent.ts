import { statSync } from "node:fs";
import path from "node:path";
import { isObject, list, text, type Checker } from "./checker.ts";
import { findCommand } from "./find-command.ts";
import type { AgentDefinition } from "./hub-config.ts";
import { describePath, type JsonPath } from "./json-nodes.ts";
import { t } from "./messages.ts";

/** An icon is a path when it looks like one; anything else (an emoji, a letter) is shown as it is. */
const IMAGE_PATH = /\/|\.(png|svg|jpe?g|gif|webp|ico|avif|bmp)$/i;

const COMMAND_MESSAGES = {
  "not-on-path": "commandNotOnPath",
  missing: "commandMissing",
  folder: "commandFolder",
  "not-executable": "commandNotExecutable",
} as const;

/**
 * One entry of `agents`, resolved, with its checks. Decisions on paths (docs/hub.md, "Configuration"): a relative `cwd`
 * and a relative icon path are relative to the configuration file's folder, so that a file means the same
 * wherever `maia hub` is started; an agent without `cwd` works in the folder `maia hub` was started in (the
 * seed's default). A command with a slash is a path relative to the agent's working folder, as for a shell
 * started there, and is made absolute here so that how it starts does not depend on spawn's rules. `~/` is the
 * home folder in all three (spawn would not expand it). A command or a folder that cannot be found is only a
 * warning: it may be installed or created after the file is saved.
 */
export function resolveAgent(entry: unknown, index: number, check: Checker): AgentDefinition | undefined {
  if (!isObject(entry)) return undefined;
  const here: JsonPath = ["agents", index];
  const name = text(entry.name) ?? "";

  const env: Record<string, string> = {};
  if (isObject(entry.env)) {
    for (const [key, raw] of Object.entries(entry.env)) {
      if (typeof raw === "string") env[key] = check.expand(raw, [...here, "env", key]);
    }
  }

  const writtenCwd = text(entry.cwd);
  const cwd = writtenCwd ? path.resolve(check.context.configDir, check.expandHome(writtenCwd)) : check.context.launchDir;
  if (writtenCwd && check.sound([...here, "cwd"])) {
    const kind = fileKind(cwd);
    const where = describePath([...here, "cwd"]);
    if (kind === "missing") check.warning([...here, "cwd"], t("cwdMissing", { where, folder: cwd }));
    else if (kind !== "folder") check.warning([...here, "cwd"], t("cwdNotFolder", { where, folder: cwd }));
  }

  const writtenCommand = text(entry.command) ?? "";
  let command = check.expandHome(writtenCommand);
  if (command.includes("/")) command = path.resolve(cwd, command);
  if (writtenCommand && check.sound([...here, "command"])) {
    // The agent's own PATH when its env sets one: that is where spawn will look.
    const lookup = findCommand(command, cwd, env.PATH ?? check.context.env.PATH);
    if (!lookup.found) {
      const where = describePath([...here, "command"]);
      check.warning([...here, "command"], t(COMMAND_MESSAGES[lookup.reason], { where, command: writtenCommand }));
    }
  }

  let icon = text(entry.icon) ?? "";
  if (icon && IMAGE_PATH.test(icon)) {
    icon = path.resolve(check.context.configDir, check.expandHome(icon));
    if (fileKind(icon) !== "file") check.warning([...here, "icon"], t("iconMissing", { where: describePath([...here, "icon"]), file: icon }));
  }

  return {
    name,
    title: text(entry.title) || name,
    icon,
    description: text(entry.description) ?? "",
    command,
    args: list(entry.args).filter((arg): arg is string => typeof arg === "string"),
    env,
    cwd,
  };
}

function fileKind(file: string): "file" | "folder" | "other" | "missing" {
  try {
    const stats = statSync(file);
    return stats.isDirectory() ? "folder" : stats.isFile() ? "file" : "other";
  } catch {
    return "missing";
  }
}
