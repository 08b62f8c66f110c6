import { definePlugin, STAGE, type PermissionCheck } from "@maia/kernel";
import { permissionsSubcommand } from "./check-command.ts";
import { evaluate, type Evaluation, type EvaluationContext } from "./evaluate.ts";
import { formatPermissions, permissionsView, startupMessage, type PermissionsView } from "./permissions-view.ts";
import type { Rule } from "./rule-syntax.ts";
import { defaultSources, loadRules, type LoadedRules } from "./settings-files.ts";

const PLUGIN_NAME = "permissions";

/** What other plugins and front ends may call, through `context.plugins.get("permissions")?.api`. */
export interface PermissionsApi {
  /** The verdict a tool call would get under the current rules (relative paths from the launch folder). */
  evaluate(tool: string, input: Record<string, unknown>, context?: Partial<EvaluationContext>): Promise<Evaluation>;
  /** Every rule loaded, file after file (for the MCP plugin's `selectMcpServers`). */
  rules(): readonly Rule[];
  /** The data of `/permissions`: rules by file, marked ALLOW, ASK or DENY. */
  view(): PermissionsView;
  /** The same as plain text. */
  format(): string;
  /** Reads the settings files again (each new session does). */
  reload(): Promise<PermissionsView>;
}

/**
 * Permission rules (seed § 9): reads `permissions` from the user's and the launch folder's settings.json and
 * `--allow`, and answers `checkPermission` at the POLICY stage (the only tap whose allow counts): deny, then
 * ask, then allow; no rule means ask. Bash commands are analysed on a real syntax tree (tree-sitter-bash),
 * loaded on the first Bash check only.
 */
export default definePlugin<Record<string, never>, PermissionsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Permission rules (settings.json permissions, --allow): deny > ask > allow, Bash analysed on a real parse",
  async apply(context) {
    const { cwd, homeDir, env, allowRules } = context.runtime;
    let loaded: LoadedRules = { files: [], rules: [], warnings: [] };
    const warned = new Set<string>();
    const warnOnce = (message: string) => {
      if (warned.has(message)) return;
      warned.add(message);
      context.log.warn(message);
    };
    const reload = async () => {
      loaded = await loadRules(defaultSources(cwd, homeDir, allowRules));
      for (const warning of loaded.warnings) warnOnce(warning);
      return permissionsView(loaded);
    };
    await reload();
    context.log.info(startupMessage(loaded));

    const api: PermissionsApi = {
      evaluate: (tool, input, overrides = {}) => evaluate(loaded.rules, tool, input, { cwd, homeDir, env, ...overrides }),
      rules: () => loaded.rules,
      view: () => permissionsView(loaded),
      format: () => formatPermissions(permissionsView(loaded)),
      reload,
    };

    // A new session (/clear, /new, /load…) reads the files again, so edited rules apply without a restart.
    context.hooks.sessionStart.tapPromise(PLUGIN_NAME, async () => {
      await reload();
    });

    context.hooks.checkPermission.tapPromise({ name: PLUGIN_NAME, stage: STAGE.POLICY }, async (check: PermissionCheck) => {
      const { session, call, tool } = check;
      const result = await evaluate(loaded.rules, call.name, call.input, {
        cwd: session.cwd,
        homeDir: session.setup.homeDir,
        env: session.setup.env,
        inputSchema: tool.spec.inputSchema,
        report: false,
      });
      if (result.error !== undefined) warnOnce(result.error);
      return { ...check, verdict: result.verdict };
    });

    context.subcommands.register(permissionsSubcommand(() => allowRules));
    return api;
  },
});

export type { Evaluation, EvaluationContext, BashReport } from "./evaluate.ts";
export type { PermissionsView, RuleLabel } from "./permissions-view.ts";
export type { Rule, RuleKind } from "./rule-syntax.ts";
export type { RuleFile, RuleOrigin, LoadedRules } from "./settings-files.ts";
export { PERMISSIONS_SCHEMA } from "./settings-files.ts";
export {
  isMcpToolDenied,
  mcpPatternMatches,
  mcpToolParts,
  parseMcpPattern,
  selectMcpServers,
  type McpPattern,
  type McpRuleLike,
  type McpServerSelection,
} from "./mcp-rules.ts";
