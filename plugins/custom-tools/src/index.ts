import { definePlugin, type DoctorEntry, type DoctorPlace } from "@maia/kernel";
import type { SandboxApi } from "@maia/plugin-sandbox";
import { createCustomTool } from "./custom-tool.ts";
import { loadCustomTools, type LoadOptions, type LoadResult } from "./load-tools.ts";
import { t } from "./messages.ts";

const PLUGIN_NAME = "custom-tools";

export interface CustomToolsApi {
  /** Reads the definitions from disk, as each new session does (sub-agents reload them the same way). */
  load(options: LoadOptions): Promise<LoadResult>;
  /** `maia doctor`: each TOOL.json found, the tool it became, or why it was left out. */
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
}

const api: CustomToolsApi = {
  load: loadCustomTools,
  async doctor(place) {
    const { tools, warnings } = await loadCustomTools({ cwd: place.cwd, homeDir: place.homeDir });
    const entries: DoctorEntry[] = tools.map((tool) => ({ path: tool.file, format: "maia", kind: "tools", became: [`tool ${tool.definition.name}`], ignored: [] }));
    // A definition left out is a warning that starts with its file (or its folder when it has no TOOL.json).
    for (const warning of warnings) {
      const file = /^(.+?)(?::\d+)?: /.exec(warning)?.[1] ?? "";
      entries.push({ path: file, format: "maia", kind: "tools", became: [], ignored: [{ item: "tool", reason: warning.slice(file.length).replace(/^(:\d+)?\s*:\s*/, "") }] });
    }
    return entries;
  },
};

/**
 * Custom tools (seed § 10): each `.maia/tools/<folder>/TOOL.json` of the project or the user becomes a tool that
 * runs a program without a shell. They are read again whenever a session is built — start-up, /clear, /new —
 * so a fixed definition is picked up without restarting MAIA.
 */
export default definePlugin<Record<string, never>, CustomToolsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Custom tools: programs declared in .maia/tools/<name>/TOOL.json, run without a shell",
  apply(context) {
    // The programs run in the OS sandbox when the sandbox plugin is on (looked up at each call).
    const sandbox = () => context.plugins.get<SandboxApi>("sandbox")?.api;
    context.hooks.tools.tapPromise(PLUGIN_NAME, async (tools, setup) => {
      const loaded = await loadCustomTools({ cwd: setup.cwd, homeDir: setup.homeDir, taken: tools.map((tool) => tool.spec.name) });
      for (const warning of loaded.warnings) context.log.warn(warning);
      if (loaded.tools.length > 0) {
        context.log.info(t("loaded", { list: loaded.tools.map((tool) => `  ${tool.definition.name}`).join("\n") }));
      }
      return [...tools, ...loaded.tools.map((tool) => createCustomTool(tool.definition, { sandbox }))];
    });
    return api;
  },
  api,
});

export { loadCustomTools, BUILTIN_TOOL_NAMES, type LoadedTool, type LoadResult, type LoadOptions } from "./load-tools.ts";
export { parseToolDefinition, type ToolDefinition, type ToolParameter, type DefinitionProblem } from "./tool-definition.ts";
export { createCustomTool } from "./custom-tool.ts";
export { TOOL_SCHEMA } from "./tool-schema.ts";
