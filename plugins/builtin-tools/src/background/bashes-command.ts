import type { CommandContext, SlashCommand } from "@maia/kernel";
import type { BackgroundShell } from "./background-shell.ts";
import { BackgroundShells, describeEnd, oneLine } from "./background-shells.ts";
import { t } from "./messages.ts";

/** Lines of output shown under each command in the list. */
const LAST_LINES = 3;

/**
 * `/bashes` (Claude Code's name): the background commands of the conversation — ID, command, running time, state
 * and last lines. Where the front end offers lists (the terminal), one is chosen, then its whole output is shown or
 * it is stopped; elsewhere (`maia -p`, an editor over ACP) the list is printed and `/bashes output <id>` and
 * `/bashes kill <id>` do the same.
 */
export function bashesCommand(): SlashCommand {
  return {
    name: "bashes",
    description: t("describeBashes"),
    usage: t("bashesUsage"),
    async run(context) {
      const shells = BackgroundShells.existing(context.session.state);
      const [action, id, ...extra] = context.args.split(/\s+/).filter((word) => word !== "");
      if (action !== undefined) {
        if ((action !== "output" && action !== "kill") || id === undefined || extra.length > 0) return context.output.error(t("bashesBadUsage"));
        const shell = shells?.get(id);
        if (!shell) return context.output.error(t("bashesUnknown", { id }));
        return action === "output" ? showOutput(context, shell) : stop(context, shell);
      }
      const list = shells?.list() ?? [];
      if (list.length === 0) return context.output.info(t("bashesNone"));
      const interaction = context.interaction;
      if (!interaction.canAsk || !interaction.select) return context.output.text(fenced(list.map(entry).join("\n\n")));
      for (;;) {
        const current = shells?.list() ?? [];
        const options = current.map((shell) => ({ label: row(shell), value: shell, hint: shell.lastLines(1)[0] ?? "" }));
        const chosen = await interaction.select<BackgroundShell>(t("bashesTitle"), options, context.signal);
        if (chosen === undefined) return;
        const actions: { label: string; value: "output" | "kill" | "back" }[] = [{ label: t("bashesShowOutput"), value: "output" }];
        if (chosen.running) actions.push({ label: t("bashesStop"), value: "kill" });
        actions.push({ label: t("bashesBack"), value: "back" });
        const what = await interaction.select<"output" | "kill" | "back">(t("bashesWhich", { id: chosen.id }), actions, context.signal);
        if (what === undefined) return;
        if (what === "output") return showOutput(context, chosen);
        if (what === "kill") return stop(context, chosen);
      }
    },
  };
}

async function stop(context: CommandContext, shell: BackgroundShell): Promise<void> {
  if (!shell.running && shell.end) return context.output.info(t("bashesAlreadyEnded", { id: shell.id, how: describeEnd(shell.end) }));
  await shell.kill("user");
  context.output.info(t("bashesStopped", { id: shell.id }));
}

function showOutput(context: CommandContext, shell: BackgroundShell): void {
  const { text } = shell.output();
  const command = oneLine(shell.command);
  if (text === "") return context.output.info(t("bashesOutputEmpty", { id: shell.id, command }));
  context.output.text(`${t("bashesOutputOf", { id: shell.id, command })}\n\n${fenced(text.endsWith("\n") ? text.slice(0, -1) : text)}`);
}

/** "bash_1 · running · 2m 03s · npm run dev" */
function row(shell: BackgroundShell): string {
  const state = shell.running || !shell.end ? t("bashesRunning") : describeEnd(shell.end);
  return `${shell.id} · ${state} · ${formatElapsed((shell.endedAt ?? Date.now()) - shell.startedAt)} · ${oneLine(shell.command, 60)}`;
}

function entry(shell: BackgroundShell): string {
  const lines = shell.lastLines(LAST_LINES);
  return lines.length === 0 ? row(shell) : [row(shell), `  ${t("bashesLastLines")}`, ...lines.map((line) => `    ${oneLine(line, 200)}`)].join("\n");
}

/** 45s, 2m 03s, 1h 02m. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, "0")}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;
}

/** A fenced block that no line of the text can close early. */
function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`{3,}/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}
