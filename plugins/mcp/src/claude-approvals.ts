import { readSettingsLayers, settingsFilesOf, type SettingsLayer } from "@maia/claude-code";
import type { DoctorIgnored } from "@maia/kernel";
import { t } from "./messages.ts";

/**
 * Claude Code's switches for the servers of a project's `.mcp.json`, read from its settings files (its MCP page):
 * `disabledMcpjsonServers` in any file keeps a server off; `enabledMcpjsonServers` and `enableAllProjectMcpServers`
 * approve servers, but only from the user's own `~/.claude/settings.json` — "a cloned repository can't approve its
 * own servers", so the same keys in the project's files are left out (and said by `maia doctor`).
 */
export interface ClaudeMcpSwitches {
  approves(key: string): boolean;
  disabled: ReadonlySet<string>;
  /** Per settings file: what was left out, for `maia doctor`. */
  ignored: Array<{ file: string } & DoctorIgnored>;
  /** Per settings file: what was taken. */
  taken: Array<{ file: string; item: string }>;
}

export async function claudeMcpSwitches(cwd: string, homeDir: string): Promise<ClaudeMcpSwitches> {
  const layers = await readSettingsLayers(settingsFilesOf("claude", cwd, homeDir));
  const approved = new Set<string>();
  let all = false;
  const disabled = new Set<string>();
  const ignored: ClaudeMcpSwitches["ignored"] = [];
  const taken: ClaudeMcpSwitches["taken"] = [];
  for (const layer of layers) {
    const data = layer.data;
    if (!data) continue;
    const line = (key: string) => layer.positions?.keyLine([key]);
    for (const key of names(data.disabledMcpjsonServers)) {
      disabled.add(key);
      taken.push({ file: layer.path, item: `disabledMcpjsonServers ${key}` });
    }
    const enabled = names(data.enabledMcpjsonServers);
    const everything = data.enableAllProjectMcpServers === true;
    if (enabled.length === 0 && !everything) continue;
    if (!layer.personal) {
      if (enabled.length > 0) ignored.push({ file: layer.path, item: "enabledMcpjsonServers", reason: t("doctorRepoApproval"), ...lineOf(line("enabledMcpjsonServers")) });
      if (everything) ignored.push({ file: layer.path, item: "enableAllProjectMcpServers", reason: t("doctorRepoApproval"), ...lineOf(line("enableAllProjectMcpServers")) });
      continue;
    }
    for (const key of enabled) approved.add(key);
    if (everything) all = true;
    taken.push(...enabled.map((key) => ({ file: layer.path, item: `enabledMcpjsonServers ${key}` })));
    if (everything) taken.push({ file: layer.path, item: "enableAllProjectMcpServers" });
  }
  return { approves: (key) => !disabled.has(key) && (all || approved.has(key)), disabled, ignored, taken };
}

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function lineOf(line: number | undefined): { line?: number } {
  return line === undefined ? {} : { line };
}

export type { SettingsLayer };
