import { rememberApprovalIn } from "@maia/util";
import { approvalStore, type HookFile, type LoadedHooks } from "./load-hooks.ts";

/**
 * Approves the project files whose hooks wait (`/hooks approve`, `maia hooks approve`): the answer is kept in
 * ~/.maia/hooks-approvals.json for this path and this exact `hooks` content; any change asks again.
 */
export async function approveProjectHooks(loaded: LoadedHooks, homeDir: string): Promise<HookFile[]> {
  const waiting = loaded.files.filter((file) => !file.trusted && file.commands.length > 0);
  for (const file of waiting) await rememberApprovalIn(approvalStore(homeDir), file.path, file.hash);
  return waiting;
}
