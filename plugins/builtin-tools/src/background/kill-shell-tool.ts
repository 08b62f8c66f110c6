import type { Tool } from "@maia/kernel";
import { describeEnd, oneLine } from "./background-shells.ts";
import { findShell } from "./bash-output-tool.ts";
import { t } from "./messages.ts";

export interface KillShellInput extends Record<string, unknown> {
  shell_id: string;
}

/**
 * Claude Code's KillShell: stops a background command of this conversation and everything it started (SIGTERM to
 * its process group, SIGKILL a grace later). Only the commands MAIA started can be named: no permission is needed.
 */
export function createKillShellTool(): Tool<KillShellInput> {
  return {
    spec: {
      name: "KillShell",
      description: t("killShell"),
      inputSchema: {
        type: "object",
        properties: { shell_id: { type: "string", minLength: 1, description: t("killShellId") } },
        required: ["shell_id"],
      },
    },
    permission: "auto",
    kind: "execute",
    normalizeInput: (input) => {
      if (input.shell_id !== undefined || typeof input.bash_id !== "string") return input;
      const { bash_id: id, ...rest } = input;
      return { ...rest, shell_id: id };
    },
    describe: (input) => input.shell_id,
    async execute(input, context) {
      const found = findShell(context.state, input.shell_id);
      if ("error" in found) return { content: found.error, isError: true };
      const { shell } = found;
      if (!shell.running && shell.end) {
        shell.endTold = true;
        return t("alreadyEnded", { id: shell.id, how: describeEnd(shell.end) });
      }
      shell.endTold = true;
      await shell.kill("model");
      return t("killed", { id: shell.id, command: oneLine(shell.command) });
    },
  };
}
