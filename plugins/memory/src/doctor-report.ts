import path from "node:path";
import type { DoctorEntry, DoctorPlace } from "@maia/kernel";
import { isMissing } from "@maia/util";
import { findInstructions, INSTRUCTIONS_FILES, LOCAL_INSTRUCTIONS_FILE } from "./instructions-file.ts";
import { t } from "./messages.ts";

/**
 * What `maia doctor` shows of the memory: the instructions file used, CLAUDE.local.md, every file they import
 * (and by whom), what was left out (a missing import, a cycle, the cap) — and the other instructions files of the
 * launch folder that are not read because an earlier one wins.
 */
export async function memoryDoctor(place: DoctorPlace): Promise<DoctorEntry[]> {
  const found = await findInstructions(place.cwd, place.homeDir);
  const entries: DoctorEntry[] = found.pieces.map((piece) => ({
    path: piece.file,
    format: formatOf(piece.file),
    kind: "memory",
    became: [piece.importedBy === undefined ? t("doctorInstructions") : t("doctorImported", { from: piece.importedBy })],
    ignored: [],
  }));
  for (const warning of found.warnings) {
    const owner = entries.find((entry) => warning.startsWith(`${entry.path}:`) || warning.startsWith(entry.path));
    const line = owner ? /^:(\d+)/.exec(warning.slice(owner.path.length))?.[1] : undefined;
    (owner ?? entries[0])?.ignored.push({ item: "@import", reason: owner ? warning.slice(owner.path.length).replace(/^(:\d+)?\s*:?\s*/, "") : warning, ...(line === undefined ? {} : { line: Number(line) }) });
  }
  const used = found.pieces.find((piece) => piece.importedBy === undefined)?.file;
  for (const name of INSTRUCTIONS_FILES) {
    const file = path.join(place.cwd, name);
    if (file === used || found.pieces.some((piece) => piece.file === file) || isMissing(file)) continue;
    entries.push({ path: file, format: formatOf(file), kind: "memory", became: [], ignored: [{ item: name, reason: t("doctorShadowed", { file: used ?? "" }) }] });
  }
  return entries;
}

function formatOf(file: string): string {
  const name = path.basename(file);
  return name === "CLAUDE.md" || name === LOCAL_INSTRUCTIONS_FILE ? "claude" : name === "MAIA.md" ? "maia" : "markdown";
}

