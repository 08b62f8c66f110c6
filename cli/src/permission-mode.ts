import type { Kernel } from "@maia/kernel";
import type { PermissionsApi } from "@maia/plugin-permissions";
import type { PermissionModeName } from "./args.ts";

export type ModePeer = Pick<PermissionsApi, "mode" | "setMode" | "cycleMode" | "onModeChange">;

/** The permissions plugin's mode controls, when the plugin is on. */
export function modePeer(kernel: Kernel): ModePeer | undefined {
  return kernel.plugins.get<ModePeer>("permissions")?.api;
}

/**
 * `--permission-mode`: set before the first session is built, so that plan mode's system-prompt section is
 * there from the first request. Without the permissions plugin there is no mode (each tool's default applies).
 */
export function applyLaunchMode(kernel: Kernel, mode: PermissionModeName): void {
  if (mode !== "default") modePeer(kernel)?.setMode(mode);
}
