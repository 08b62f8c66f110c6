import type { DoctorEntry, DoctorPlace } from "@maia/kernel";
import type { ContributedSources } from "@maia/util";
import { t } from "./command-messages.ts";
import { allSources, loadHooks } from "./load-hooks.ts";

/**
 * What `maia doctor` shows of the hooks: each settings file with a `hooks` block, MAIA's or Claude Code's, its
 * commands by event (and whether they run: the user's files at once, a project's once approved), and what was
 * left out with why (a bad entry, a Claude Code event MAIA has no moment for); and the hooks files of the Claude
 * Code plugins that are on (`contributed`, the claude-plugins plugin's for that place).
 */
export async function hooksDoctor(place: DoctorPlace, contributed?: ContributedSources): Promise<DoctorEntry[]> {
  const loaded = await loadHooks(allSources(place.cwd, place.homeDir, contributed), place.homeDir);
  return loaded.files.map((file) => {
    const state = file.trusted ? "" : ` (${t("doctorNotApproved")})`;
    const ignored = (file.claudeOnly ?? []).map((event) => ({ item: `hooks.${event}`, reason: t("doctorClaudeOnly") }));
    for (const warning of loaded.warnings) {
      const at = warning.indexOf(file.path);
      if (at === -1 || warning.includes("Claude Code events")) continue;
      const rest = warning.slice(at + file.path.length);
      const line = /^:(\d+)/.exec(rest)?.[1];
      ignored.push({ item: "hooks", reason: rest.replace(/^(:\d+)?\s*:?\s*/, ""), ...(line === undefined ? {} : { line: Number(line) }) });
    }
    return {
      path: file.path,
      format: file.origin === "plugin" ? "claude-plugin" : file.origin === "claude" ? "claude" : "maia",
      kind: "hooks",
      became: file.commands.map((command) => `${command.event}${command.matcher === "" ? "" : ` [${command.matcher}]`}: ${command.command}${state}`),
      ignored,
      keys: ["hooks"],
    };
  });
}
