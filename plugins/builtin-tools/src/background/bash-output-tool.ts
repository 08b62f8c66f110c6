import { errorMessage, type Tool, type ToolContext, type ToolOutput } from "@maia/kernel";
import { LineMatcher } from "../line-matcher.ts";
import type { BackgroundShell } from "./background-shell.ts";
import { BackgroundShells, describeEnd } from "./background-shells.ts";
import { t } from "./messages.ts";

export interface BashOutputInput extends Record<string, unknown> {
  bash_id: string;
  filter?: string;
}

/**
 * Claude Code's BashOutput: what a background command wrote since the last read (stdout and stderr merged in
 * order, its middle cut beyond Bash's budget) and its status — running, or completed / failed / killed with its
 * exit code. A filter keeps the new lines that match a regular expression and drops the others for good, as
 * Claude Code's does. Only the commands of this conversation can be read: no permission is needed.
 */
export function createBashOutputTool(maxChars: number): Tool<BashOutputInput> {
  return {
    spec: {
      name: "BashOutput",
      description: t("bashOutput", { chars: maxChars }),
      inputSchema: {
        type: "object",
        properties: {
          bash_id: { type: "string", minLength: 1, description: t("bashOutputId") },
          filter: { type: "string", description: t("bashOutputFilter") },
        },
        required: ["bash_id"],
      },
    },
    permission: "auto",
    kind: "execute",
    normalizeInput: (input) => (input.bash_id === undefined && typeof input.shell_id === "string" ? { ...withoutKey(input, "shell_id"), bash_id: input.shell_id } : input),
    describe: (input) => (input.filter ? `${input.bash_id} /${input.filter}/` : input.bash_id),
    execute: async (input, context) => readOutput(input, context),
  };
}

function readOutput(input: BashOutputInput, context: ToolContext): ToolOutput {
  const found = findShell(context.state, input.bash_id);
  if ("error" in found) return { content: found.error, isError: true };
  const shell = found.shell;
  let matcher: LineMatcher | undefined;
  if (input.filter !== undefined && input.filter !== "") {
    try {
      matcher = new LineMatcher(input.filter, false);
    } catch (error) {
      return { content: t("badFilter", { filter: input.filter, error: errorMessage(error) }), isError: true };
    }
  }
  // The end is read from before the output is taken: a command that ends in between is read again next time.
  const end = shell.end;
  let output = shell.takeUnread();
  if (matcher && output !== "") {
    const kept: string[] = [];
    const text = output;
    matcher.forEachLine(text, (start, stop) => void kept.push(text.slice(start, stop)));
    output = kept.join("\n");
  }
  if (end) shell.endTold = true;
  const lines = [`<status>${statusWord(shell)}</status>`];
  if (end?.kind === "exit") lines.push(`<exit_code>${end.code}</exit_code>`);
  else if (end) lines.push(`<end>${describeEnd(end)}</end>`);
  if (matcher) lines.push(t("filtered", { filter: input.filter ?? "" }));
  const body = output.endsWith("\n") ? output.slice(0, -1) : output;
  lines.push(body === "" ? t("noNewOutput") : `<output>\n${body}\n</output>`);
  return lines.join("\n");
}

/** running, completed (exit 0), failed (another code, a signal, a launch failure) or killed. */
function statusWord(shell: BackgroundShell): string {
  const end = shell.end;
  if (!end) return "running";
  if (end.kind === "killed") return "killed";
  return end.kind === "exit" && end.code === 0 ? "completed" : "failed";
}

/** The conversation's command of that ID, or the error the model reads (with the IDs it may use). */
export function findShell(state: Map<string, unknown>, id: string): { shell: BackgroundShell } | { error: string } {
  const shells = BackgroundShells.existing(state)?.list() ?? [];
  const shell = shells.find((candidate) => candidate.id === id.trim());
  if (shell) return { shell };
  if (shells.length === 0) return { error: t("noShells") };
  return { error: t("unknownShell", { id, ids: shells.map((candidate) => candidate.id).join(", ") }) };
}

function withoutKey(input: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = input;
  return rest;
}
