import { errorMessage, type InteractionPort } from "@maia/kernel";
import { approvalStorePath, isApproved, rememberApproval } from "./approvals.ts";
import { t } from "./messages.ts";
import { allowsServerExplicitly } from "./rules.ts";
import type { McpConfigFile, McpServerConfig } from "./server-config.ts";

export interface ApprovalContext {
  homeDir: string;
  /** `--allow` rules of this run: `Mcp(key)` approves that project server without a question. */
  allowRules: readonly string[];
  interaction: InteractionPort;
  /** Project files refused in this process (path → hash): not asked again at each /clear. */
  refused: Map<string, string>;
  warn(message: string): void;
}

/**
 * The gate in front of project servers (beyond seed § 22.1): among the selected servers that come from the
 * launch folder's `.maia/mcp.json`, those that may not start, each with the reason `/mcp` will show. A server
 * starts when an `--allow 'Mcp(key)'` of this run names it, or when the user approved this exact file content
 * (asked once through the session's interaction port, remembered in ~/.maia). Nobody to ask (headless): no.
 * `askAgain` is `/mcp reconnect`: the user asks explicitly, so a refusal earlier in the process is not final.
 */
export async function blockedProjectServers(
  selected: readonly McpServerConfig[],
  files: readonly McpConfigFile[],
  context: ApprovalContext,
  askAgain = false,
): Promise<Map<string, string>> {
  const blocked = new Map<string, string>();
  const waiting = selected.filter((server) => server.origin === "project" && !allowsServerExplicitly(context.allowRules, server.key));
  const file = files.find((candidate) => candidate.origin === "project" && candidate.found);
  if (waiting.length === 0 || !file?.hash) return blocked;

  const lookup = await isApproved(context.homeDir, file.path, file.hash);
  if (lookup.invalid) context.warn(t("approvalStoreInvalid", { store: approvalStorePath(context.homeDir) }));
  if (lookup.approved) return blocked;

  const block = (reason: (key: string) => string) => {
    for (const server of waiting) blocked.set(server.key, reason(server.key));
    return blocked;
  };
  if (!context.interaction.canAsk) return block((key) => t("notApprovedHeadless", { file: file.path, key }));
  if (!askAgain && context.refused.get(file.path) === file.hash) return block(() => t("approvalRefused"));

  const servers = waiting.map((server) => t("approvalServer", { key: server.key, display: server.display })).join("\n");
  let yes: boolean;
  try {
    yes = await context.interaction.confirm(t("approvalQuestion", { file: file.path, servers }));
  } catch {
    yes = false;
  }
  if (!yes) {
    context.refused.set(file.path, file.hash);
    return block(() => t("approvalRefused"));
  }
  context.refused.delete(file.path);
  try {
    await rememberApproval(context.homeDir, file.path, file.hash);
  } catch (error) {
    // Approved for this session all the same; the question simply comes back next time.
    context.warn(t("approvalSaveFailed", { file: file.path, store: approvalStorePath(context.homeDir), cause: errorMessage(error) }));
  }
  return blocked;
}
