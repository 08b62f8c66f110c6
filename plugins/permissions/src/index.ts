import { definePlugin, STAGE, type PermissionCheck, type ToolUseBlock } from "@maia/kernel";
import type { CallToRemember } from "@maia/permission-rules";
import { readAddedRules, withAdded, type AddedRules, type RuleSet } from "./added-rules.ts";
import { permissionsSubcommand } from "./check-command.ts";
import { evaluate, type Evaluation, type EvaluationContext } from "./evaluate.ts";
import { t } from "./messages.ts";
import { formatPermissions, permissionsView, startupMessage, type PermissionsView } from "./permissions-view.ts";
import { remember, type Remembered } from "./remember.ts";
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
  /** Reads the settings files again (each new session does); added sets stay. */
  reload(): Promise<PermissionsView>;
  /**
   * Adds rules that are in no settings file — a sub-agent's AGENT.md — under their own source name (the
   * AGENT.md's path), for warnings, verdicts and `/permissions`. They are read exactly as a settings file's
   * `permissions` (a bad rule is left out with a warning naming the source; the rest applies), evaluated with
   * every other rule (deny, then ask, then allow, all sources together: an added allow lifts no deny or ask
   * from elsewhere), and kept across reloads. The same source again replaces its set. Returns the rules kept
   * and the warnings, which are logged too. An added allow loosens as `--allow` does: only callers that carry
   * rules the user wrote should add any.
   */
  addRules(source: string, rules: RuleSet): { rules: Rule[]; warnings: string[] };
  /** What `addRules` would warn about for this set, without adding it (a sub-agent's rules, checked at load). */
  checkRules(source: string, rules: RuleSet): string[];
  /**
   * Remembers the user's "always" answer to a call (`maia acp`'s allow_always / reject_always): the narrowest
   * rules that allow or deny it next time go to the launch folder's `.maia/settings.json` (atomically, other
   * keys kept), and the files are read again. What could not be named exactly is said in the result.
   */
  remember(call: CallToRemember, list: "allow" | "deny"): Promise<Remembered>;
  /**
   * Lets this one call (the very object `checkPermission` carries) run without the question that no rule would
   * otherwise ask: a user's PreToolUse hook answered allow. It lifts only the default "ask" (no rule matched):
   * a deny or ask rule still decides, and an evaluation error still asks. Called from a tap that runs before the
   * POLICY stage of the same check; like `addRules`, only callers that carry the user's own decision may use it.
   */
  preApprove(call: ToolUseBlock, source: string): void;
}

/**
 * Permission rules (seed § 9): reads `permissions` from the user's and the launch folder's settings.json and
 * `--allow`, takes the sets other plugins add (a sub-agent's AGENT.md, seed § 20.3.1), and answers
 * `checkPermission` at the POLICY stage (the only tap whose allow counts): deny, then ask, then allow, all
 * sources together; no rule means ask. Bash commands are analysed on a real syntax tree (tree-sitter-bash),
 * loaded on the first Bash check only.
 */
export default definePlugin<Record<string, never>, PermissionsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Permission rules (settings.json permissions, --allow, sub-agents' AGENT.md): deny > ask > allow, Bash analysed on a real parse",
  async apply(context) {
    const { cwd, homeDir, env, allowRules } = context.runtime;
    // The settings files and --allow (read again by each reload), then the sets added through the API.
    let fromFiles: LoadedRules = { files: [], rules: [], warnings: [] };
    const added = new Map<string, AddedRules>();
    let loaded: LoadedRules = fromFiles;
    const warned = new Set<string>();
    const warnOnce = (message: string) => {
      if (warned.has(message)) return;
      warned.add(message);
      context.log.warn(message);
    };
    const reload = async () => {
      fromFiles = await loadRules(defaultSources(cwd, homeDir, allowRules));
      loaded = withAdded(fromFiles, added.values());
      for (const warning of fromFiles.warnings) warnOnce(warning);
      return permissionsView(loaded);
    };
    await reload();
    context.log.info(startupMessage(loaded));

    const preApproved = new WeakMap<ToolUseBlock, string>();
    const api: PermissionsApi = {
      evaluate: (tool, input, overrides = {}) => evaluate(loaded.rules, tool, input, { cwd, homeDir, env, ...overrides }),
      rules: () => loaded.rules,
      view: () => permissionsView(loaded),
      format: () => formatPermissions(permissionsView(loaded)),
      reload,
      addRules(source, rules) {
        const name = typeof source === "string" ? source.trim() : "";
        if (name === "") throw new TypeError(t("addedNoSource"));
        const set = readAddedRules(name, rules);
        added.set(name, set);
        loaded = withAdded(fromFiles, added.values());
        for (const warning of set.warnings) warnOnce(warning);
        return { rules: [...set.file.rules], warnings: [...set.warnings] };
      },
      checkRules: (source, rules) => readAddedRules(source, rules).warnings,
      remember: (call, list) => remember(call, list, { cwd, homeDir, permissions: api, reload }),
      preApprove: (call, source) => void preApproved.set(call, source),
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
      const approvedBy = preApproved.get(call);
      preApproved.delete(call);
      if (approvedBy !== undefined && result.error === undefined && result.verdict.decision === "ask" && result.verdict.rule === undefined) {
        return { ...check, verdict: { decision: "allow", source: approvedBy } };
      }
      return { ...check, verdict: result.verdict };
    });

    context.subcommands.register(permissionsSubcommand(() => allowRules));
    return api;
  },
});

export type { Evaluation, EvaluationContext, BashReport } from "./evaluate.ts";
export type { RuleSet } from "./added-rules.ts";
export type { Remembered } from "./remember.ts";
export type { CallToRemember } from "@maia/permission-rules";
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
} from "@maia/permission-rules";
