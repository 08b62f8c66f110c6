import { definePlugin, PROMPT_ORDER, STAGE, type AlwaysScope, type DoctorEntry, type DoctorPlace, type PermissionCheck, type ToolUseBlock } from "@maia/kernel";
import { permissionsDoctor } from "./doctor-report.ts";
import { createWarnOnce } from "@maia/util";
import { applyMode, isPermissionMode, nextMode, OWN_COMMAND_TOOLS, OWN_STATE_TOOLS, PROMPT_SECTION_ID, type PermissionMode } from "./modes.ts";
import type { CallToRemember } from "@maia/permission-rules";
import { readAddedRules, withAdded, type AddedRules, type RuleSet } from "./added-rules.ts";
import { permissionsSubcommand } from "./check-command.ts";
import { loadEngine } from "./engine-loader.ts";
import type { Evaluation, EvaluationContext } from "./evaluate.ts";
import { t } from "./messages.ts";
import { formatPermissions, permissionsView, startupMessage, type PermissionsView } from "./permissions-view.ts";
import type { Remembered } from "./remember.ts";
import type { Rule } from "./rule-syntax.ts";
import { sandboxVerdict, type SandboxPlanner } from "./sandbox-verdict.ts";
import { additionalDirectories, defaultSources, loadRules, startingMode, type LoadedRules } from "./settings-files.ts";

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
  /** Takes back a set `addRules` added (a custom command's allowed-tools, after its request); false when none. */
  removeRules(source: string): boolean;
  /** What `addRules` would warn about for this set, without adding it (a sub-agent's rules, checked at load). */
  checkRules(source: string, rules: RuleSet): string[];
  /**
   * Remembers the user's "always" answer to a call (`maia acp`'s allow_always / reject_always, the terminal's
   * `a` / `p`): the narrowest rules that allow or deny it next time go to the launch folder's
   * `.maia/settings.json` (scope "project", the default: atomically, other keys kept, the files read again) or
   * to a set kept until MAIA exits (scope "session", shown in `/permissions`). What could not be named exactly
   * is said in the result.
   */
  remember(call: CallToRemember, list: "allow" | "deny", scope?: AlwaysScope): Promise<Remembered>;
  /**
   * Lets this one call (the very object `checkPermission` carries) run without the question that no rule would
   * otherwise ask: a user's PreToolUse hook answered allow. It lifts only the default "ask" (no rule matched):
   * a deny or ask rule still decides, and an evaluation error still asks. Called from a tap that runs before the
   * POLICY stage of the same check; like `addRules`, only callers that carry the user's own decision may use it.
   */
  preApprove(call: ToolUseBlock, source: string): void;
  /** The approval mode in force (`default` at start). */
  mode(): PermissionMode;
  /** Sets it (`--permission-mode`, Shift+Tab, ACP's session/set_mode); an unknown name throws a TypeError. */
  setMode(mode: PermissionMode): void;
  /** Shift+Tab: default → acceptEdits → plan → default; returns the new mode. */
  cycleMode(): PermissionMode;
  /** Called after each change; returns the function that stops listening. */
  onModeChange(listener: (mode: PermissionMode) => void): () => void;
  /** `maia doctor`: each settings file's `permissions`, MAIA's and Claude Code's, what it became and what was left out. */
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
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
    const warnOnce = createWarnOnce((message) => context.log.warn(message));
    const reload = async () => {
      fromFiles = await loadRules(defaultSources(cwd, homeDir, allowRules), { cwd, homeDir });
      loaded = withAdded(fromFiles, added.values());
      for (const warning of fromFiles.warnings) warnOnce(warning);
      return permissionsView(loaded);
    };
    await reload();
    context.log.info(startupMessage(loaded));
    // `defaultMode` of the settings (Claude Code's key): the mode the first session starts in; `--permission-mode`
    // and Shift+Tab change it afterwards, and a reload (/clear) keeps the mode the user is in.
    const starting = startingMode(loaded);

    const preApproved = new WeakMap<ToolUseBlock, string>();
    // "Always, this session": rules kept in memory under their own source name, until MAIA exits.
    const sessionRules: Record<"allow" | "deny", string[]> = { allow: [], deny: [] };
    const keepForSession = (list: "allow" | "deny", rules: readonly string[]) => {
      const added = rules.filter((rule) => !sessionRules[list].includes(rule));
      sessionRules[list].push(...added);
      api.addRules(t("sessionSource"), { allow: [...sessionRules.allow], deny: [...sessionRules.deny] });
      return { source: t("sessionSource"), added };
    };

    let mode: PermissionMode = starting?.mode ?? "default";
    const modeListeners = new Set<(mode: PermissionMode) => void>();
    const setMode = (next: PermissionMode) => {
      if (!isPermissionMode(next)) throw new TypeError(t("badMode", { mode: String(next) }));
      if (next === mode) return;
      mode = next;
      for (const listener of modeListeners) listener(mode);
    };

    const api: PermissionsApi = {
      evaluate: async (tool, input, overrides = {}) => (await loadEngine()).evaluate(loaded.rules, tool, input, { cwd, homeDir, env, ...overrides }),
      rules: () => loaded.rules,
      view: () => permissionsView(loaded, mode),
      format: () => formatPermissions(permissionsView(loaded, mode)),
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
      removeRules(source) {
        const removed = added.delete(source.trim());
        if (removed) loaded = withAdded(fromFiles, added.values());
        return removed;
      },
      checkRules: (source, rules) => readAddedRules(source, rules).warnings,
      remember: async (call, list, scope) => (await loadEngine()).remember(call, list, { cwd, homeDir, permissions: api, reload, keepForSession }, scope),
      mode: () => mode,
      setMode,
      cycleMode() {
        setMode(nextMode(mode));
        return mode;
      },
      onModeChange(listener) {
        modeListeners.add(listener);
        return () => modeListeners.delete(listener);
      },
      preApprove: (call, source) => void preApproved.set(call, source),
      doctor: permissionsDoctor,
    };

    // Plan mode tells the model up front; a switch in mid-conversation is told by the refusals themselves.
    context.hooks.systemPrompt.tapPromise(PLUGIN_NAME, async (sections) =>
      mode === "plan" ? [...sections, { id: PROMPT_SECTION_ID, order: PROMPT_ORDER.EXTRA, text: t("planPrompt") }] : sections,
    );

    // A new session (/clear, /new, /load…) reads the files again, so edited rules apply without a restart.
    context.hooks.sessionStart.tapPromise(PLUGIN_NAME, async () => {
      await reload();
    });

    context.hooks.checkPermission.tapPromise({ name: PLUGIN_NAME, stage: STAGE.POLICY }, async (check: PermissionCheck) => {
      const { session, call, tool } = check;
      const { evaluate, adviceFor } = await loadEngine();
      const result = await evaluate(loaded.rules, call.name, call.input, {
        cwd: session.cwd,
        homeDir: session.setup.homeDir,
        env: session.setup.env,
        inputSchema: tool.spec.inputSchema,
        report: false,
      });
      if (result.error !== undefined) warnOnce(result.error);
      let verdict = applyMode(mode, result.verdict, call.name, call.input, session.cwd, additionalDirectories(loaded));
      // Bash and the OS sandbox: auto-allow inside it, always ask to leave it (sandbox-verdict.ts).
      const sandbox = call.name === "Bash" ? context.plugins.get<SandboxPlanner>("sandbox")?.api : undefined;
      if (sandbox) verdict = await sandboxVerdict(sandbox, call.input, { verdict, rules: result.rules, ...(result.error !== undefined ? { error: result.error } : {}) }, session.setup.frontEnd);
      // A user's PreToolUse hook answered allow: it lifts only the default "ask" (no rule matched, no error), and
      // never what the approval mode refused.
      const approvedBy = preApproved.get(call);
      preApproved.delete(call);
      // Leaving the OS sandbox is asked of the person every time: a hook's allow does not lift that question.
      const leavesSandbox = verdict.decision === "ask" && verdict.source === t("sandboxSource");
      if (approvedBy !== undefined && !leavesSandbox && result.error === undefined && verdict.decision === "ask" && verdict.rule === undefined) {
        return { ...check, verdict: { decision: "allow", source: approvedBy } };
      }
      // BashOutput and KillShell reach only what MAIA started in this conversation: no rule needed (issue 39).
      if (OWN_COMMAND_TOOLS.has(call.name) && result.error === undefined && verdict.decision === "ask" && verdict.rule === undefined) {
        return { ...check, verdict: { decision: "allow", source: t("ownCommandsSource") } };
      }
      // ToolSearch reads the session's own list of deferred MCP tools; what it finds is checked when called.
      if (OWN_STATE_TOOLS.has(call.name) && result.error === undefined && verdict.decision === "ask" && verdict.rule === undefined) {
        return { ...check, verdict: { decision: "allow", source: t("ownStateSource") } };
      }
      if (verdict.decision !== "ask") return { ...check, verdict };
      // What the confirmation shows, and the rules "always" would add; where nobody can answer (headless), the
      // refusal reports the same (the `permission` event of stream-json).
      const asked = { name: call.name, input: call.input, inputSchema: tool.spec.inputSchema };
      const advice = await adviceFor(asked, result, { cwd, homeDir, permissions: api, remember: (what, list, scope) => api.remember(what, list, scope) });
      return { ...check, verdict: { ...verdict, advice } };
    });

    context.subcommands.register(permissionsSubcommand(() => allowRules));
    return api;
  },
});

export type { Evaluation, EvaluationContext, BashReport } from "./evaluate.ts";
export type { RuleSet } from "./added-rules.ts";
export type { Remembered } from "./remember.ts";
export type { PermissionMode } from "./modes.ts";
export { PERMISSION_MODES, isPermissionMode } from "./modes.ts";
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
