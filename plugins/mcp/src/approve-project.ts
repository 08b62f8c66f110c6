import { errorMessage, type InteractionPort } from "@maia/kernel";
import { approvalStorePath, isApproved, rememberApproval } from "./approvals.ts";
import { t } from "./messages.ts";
import { allowsServerExplicitly } from "./rules.ts";
import { APPROVED_ORIGINS, type McpConfigFile, type McpServerConfig } from "./server-config.ts";

export interface ApprovalContext {
  homeDir: string;
  /** `--allow` rules of this run: `Mcp(key)` approves that project server without a question. */
  allowRules: readonly string[];
  interaction: InteractionPort;
  /** Project files refused in this process (path → hash): not asked again at each /clear. */
  refused: Map<string, string>;
  warn(message: string): void;
  /** A server the user's own settings already approve (Claude Code's `enabledMcpjsonServers`). */
  preApproved?(server: McpServerConfig): boolean;
}

/**
 * The gate in front of the servers that need an approval (beyond seed § 22.1): those of a project file (the launch
 * folder's `.maia/mcp.json`, Claude Code's `.mcp.json`) and of Claude Code plugins. Among the selected ones, those
 * that may not start, each with the reason `/mcp` will show. A server starts when an `--allow 'Mcp(key)'` of this
 * run names it, when the user's own Claude Code settings approve it (`enabledMcpjsonServers`,
 * `enableAllProjectMcpServers` in ~/.claude/settings.json, `preApproved`), or when the user approved its file's
 * exact content (asked once per file through the session's interaction port, remembered in ~/.maia). Nobody to ask
 * (headless): no. `askAgain` is `/mcp reconnect`: the user asks explicitly, so a refusal earlier in the process is
 * not final.
 */
export async function blockedProjectServers(
  selected: readonly McpServerConfig[],
  files: readonly McpConfigFile[],
  context: ApprovalContext,
  askAgain = false,
): Promise<Map<string, string>> {
  const blocked = new Map<string, string>();
  const waiting = selected.filter(
    (server) => APPROVED_ORIGINS.has(server.origin) && !allowsServerExplicitly(context.allowRules, server.key) && !(context.preApproved?.(server) ?? false),
  );
  for (const file of files) {
    if (!APPROVED_ORIGINS.has(file.origin) || !file.found || !file.hash) continue;
    const fromFile = waiting.filter((server) => server.file === file.path);
    if (fromFile.length > 0) await gateFile(file as McpConfigFile & { hash: string }, fromFile, context, askAgain, blocked);
  }
  return blocked;
}

/** One file's servers: approved already, or asked about once, or blocked with the reason. */
async function gateFile(
  file: McpConfigFile & { hash: string },
  waiting: readonly McpServerConfig[],
  context: ApprovalContext,
  askAgain: boolean,
  blocked: Map<string, string>,
): Promise<void> {
  const lookup = await isApproved(context.homeDir, file.path, file.hash);
  if (lookup.invalid) context.warn(t("approvalStoreInvalid", { store: approvalStorePath(context.homeDir) }));
  if (lookup.approved) return;

  const plugin = waiting.find((server) => server.plugin !== undefined)?.plugin;
  const block = (reason: (key: string) => string) => {
    for (const server of waiting) blocked.set(server.key, reason(server.key));
  };
  if (!context.interaction.canAsk) {
    block((key) => (plugin ? t("notApprovedHeadlessPlugin", { file: file.path, plugin, key }) : t("notApprovedHeadless", { file: file.path, key })));
    return;
  }
  if (!askAgain && context.refused.get(file.path) === file.hash) {
    block(() => t("approvalRefused"));
    return;
  }
  const servers = waiting.map((server) => t("approvalServer", { key: server.key, display: server.display })).join("\n");
  let yes: boolean;
  try {
    yes = await context.interaction.confirm(plugin ? t("approvalQuestionPlugin", { file: file.path, plugin, servers }) : t("approvalQuestion", { file: file.path, servers }));
  } catch {
    yes = false;
  }
  if (!yes) {
    context.refused.set(file.path, file.hash);
    block(() => t("approvalRefused"));
    return;
  }
  context.refused.delete(file.path);
  try {
    await rememberApproval(context.homeDir, file.path, file.hash);
  } catch (error) {
    // Approved for this session all the same; the question simply comes back next time.
    context.warn(t("approvalSaveFailed", { file: file.path, store: approvalStorePath(context.homeDir), cause: errorMessage(error) }));
  }
}
