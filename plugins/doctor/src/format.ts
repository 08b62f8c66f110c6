import path from "node:path";
import type { DoctorReport } from "./collect.ts";
import { t } from "./messages.ts";

/**
 * The report as a terminal reads it: one block per file — its path (relative to the launch folder, or `~/…`), its
 * format and kinds — then a `✓` line per thing it became and a `✗` line per thing left out, with the line when
 * known and why.
 */
export function formatDoctor(report: DoctorReport): string {
  const shown = (file: string) => shortPath(file, report.cwd, report.homeDir);
  const lines = [t("heading", { cwd: report.cwd, home: report.homeDir }), ""];
  if (report.files.length === 0) lines.push(t("nothing"));
  for (const file of report.files) {
    const format = t(`format-${file.format}` as "format-maia") === `format-${file.format}` ? file.format : t(`format-${file.format}` as "format-maia");
    lines.push(`${shown(file.path)}  (${format} · ${file.kinds.join(", ")})`);
    const width = Math.max(0, ...file.became.map((item) => item.kind.length), ...file.ignored.map((item) => label(item).length));
    for (const item of file.became) lines.push(`  ✓ ${item.kind.padEnd(width)}  ${item.item}`);
    for (const item of file.ignored) lines.push(`  ✗ ${label(item).padEnd(width)}  ${item.item}: ${item.reason}`);
    lines.push("");
  }
  for (const problem of report.problems) lines.push(`! ${problem}`);
  return lines.join("\n").trimEnd();
}

function label(item: { kind: string; line?: number }): string {
  return item.line === undefined ? item.kind : `${item.kind}:${item.line}`;
}

/** `src/x` inside the launch folder, `~/x` in the home folder, the absolute path otherwise. */
export function shortPath(file: string, cwd: string, homeDir: string): string {
  const inside = path.relative(cwd, file);
  if (inside !== "" && !inside.startsWith("..") && !path.isAbsolute(inside)) return inside;
  const home = path.relative(homeDir, file);
  if (home !== "" && !home.startsWith("..") && !path.isAbsolute(home)) return `~/${home}`;
  return file;
}
