import type { Kernel } from "@maia/kernel";
import type { SessionModeState, SessionUpdate } from "@agentclientprotocol/sdk";
import { modePeer } from "../permission-mode.ts";
import { t } from "./messages.ts";

const MODE_IDS = ["default", "acceptEdits", "plan"] as const;
type ModeId = (typeof MODE_IDS)[number];

/**
 * The permissions plugin's approval modes as ACP session modes (`modes` in session/new and session/load).
 * The mode belongs to the folder's kernel, so every session of one folder shares it; undefined without the
 * permissions plugin.
 */
export function modeState(kernel: Kernel): SessionModeState | undefined {
  const modes = modePeer(kernel);
  if (!modes) return undefined;
  return {
    currentModeId: modes.mode(),
    availableModes: MODE_IDS.map((id) => ({ id, name: t(`mode-${id}`), description: t(`modeHelp-${id}`) })),
  };
}

/** session/set_mode: false when the mode is unknown or there is no permissions plugin. */
export function setMode(kernel: Kernel, modeId: string): boolean {
  const modes = modePeer(kernel);
  if (!modes || !(MODE_IDS as readonly string[]).includes(modeId)) return false;
  modes.setMode(modeId as ModeId);
  return true;
}

/** Tells a session each mode change (from set_mode or anything else), as `current_mode_update`; returns the unsubscribe. */
export function followMode(kernel: Kernel, push: (update: SessionUpdate) => void): () => void {
  return modePeer(kernel)?.onModeChange((mode) => push({ sessionUpdate: "current_mode_update", currentModeId: mode })) ?? (() => undefined);
}
