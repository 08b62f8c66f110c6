import path from "node:path";
import { isApprovedIn, rememberApprovalIn, type ApprovalLookup } from "@maia/util";

/**
 * Approvals of project `.maia/mcp.json` files (beyond seed § 22.1): its servers start only once the user said yes
 * to that exact file (path and content hash). The store itself is @maia/util's, shared with the hooks plugin.
 */
export function approvalStorePath(homeDir: string): string {
  return path.join(homeDir, ".maia", "mcp-approvals.json");
}

export type { ApprovalLookup };

export function isApproved(homeDir: string, file: string, hash: string): Promise<ApprovalLookup> {
  return isApprovedIn(approvalStorePath(homeDir), file, hash);
}

export function rememberApproval(homeDir: string, file: string, hash: string): Promise<void> {
  return rememberApprovalIn(approvalStorePath(homeDir), file, hash);
}
