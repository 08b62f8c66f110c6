import type { DoctorEntry, DoctorPlace } from "@maia/kernel";
import { defaultSources, loadRules } from "./settings-files.ts";

/**
 * What `maia doctor` shows of the permission rules: for each settings file found, MAIA's or Claude Code's, what
 * its `permissions` became (each Claude Code rule with the MAIA rules it was written as, the starting mode, the
 * extra folders) and what was left out, with why.
 */
export async function permissionsDoctor(place: DoctorPlace): Promise<DoctorEntry[]> {
  const loaded = await loadRules(defaultSources(place.cwd, place.homeDir, []), place);
  const entries: DoctorEntry[] = [];
  for (const file of loaded.files) {
    if (!file.found) continue;
    const became: string[] = [];
    const translated = new Map<string, { kind: string; written: string; texts: string[] }>();
    for (const rule of file.rules) {
      if (rule.written === undefined) {
        became.push(`${rule.kind} ${rule.text}`);
        continue;
      }
      const kind = rule.writtenKind ?? rule.kind;
      const key = `${rule.line ?? ""}\u0000${kind}\u0000${rule.written}`;
      let entry = translated.get(key);
      if (!entry) translated.set(key, (entry = { kind, written: rule.written, texts: [] }));
      entry.texts.push(rule.kind === kind ? rule.text : `${rule.kind} ${rule.text}`);
    }
    for (const { kind, written, texts } of translated.values()) became.push(`${kind} ${written} → ${texts.join(", ")}`);
    const settings = file.settings;
    if (settings?.defaultMode !== undefined) became.push(`defaultMode ${settings.defaultMode}`);
    for (const folder of settings?.additionalDirectories ?? []) became.push(`additionalDirectories ${folder}`);
    const ignored = (settings?.notes ?? []).map((note) => ({ item: note.item, reason: note.reason, ...(note.line === undefined ? {} : { line: note.line }) }));
    // MAIA's own files: a rule left out is a warning naming the file (MAIA's rules are read without their line).
    if (file.format !== "claude") {
      for (const warning of loaded.warnings) {
        if (warning.startsWith(`${file.path}:`) || warning.startsWith(`${file.path} :`)) ignored.push({ item: "permissions", reason: warning.slice(file.path.length).replace(/^\s*:\s*/, "") });
      }
    }
    if (settings === undefined && file.rules.length === 0) continue;
    entries.push({ path: file.path, format: file.format ?? "maia", kind: "permissions", became, ignored, keys: ["permissions"] });
  }
  return entries;
}
