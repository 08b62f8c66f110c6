import { HOOK_EVENTS } from "./events.ts";
import type { LoadedHooks } from "./load-hooks.ts";
import { t } from "./command-messages.ts";

export interface LastRunView {
  outcome: string;
  durationMs: number;
}

/** `/hooks` and `maia hooks list`: by event, each command with its matcher, file and line, trust and last result. */
export function formatHooks(loaded: LoadedHooks, lastRuns: ReadonlyMap<string, LastRunView> = new Map()): string {
  const lines: string[] = [];
  for (const event of HOOK_EVENTS) {
    const entries = loaded.files.flatMap((file) => file.commands.filter((command) => command.event === event).map((command) => ({ file, command })));
    if (entries.length === 0) continue;
    lines.push(`${event}:`);
    for (const { file, command } of entries) {
      const matcher = command.matcher === "" ? "" : ` [${command.matcher}]`;
      const plugin = file.plugin ? ` ${t("listPlugin", { id: file.plugin.id })}` : "";
      const where = `${file.path}${command.line === undefined ? "" : `:${command.line}`}${plugin}`;
      const last = lastRuns.get(command.command);
      const state = !file.trusted ? t("listNotApproved") : last ? t("listLast", { outcome: last.outcome, ms: last.durationMs }) : t("listNeverRan");
      lines.push(`  ${command.command}${matcher}`, `      ${where} — ${state}`);
    }
  }
  if (lines.length === 0) lines.push(t("listNone"));
  const waiting = loaded.files.filter((file) => !file.trusted && file.commands.length > 0);
  if (waiting.length > 0) lines.push("", t("listApproveHint", { files: waiting.map((file) => file.path).join(", ") }));
  return lines.join("\n");
}
