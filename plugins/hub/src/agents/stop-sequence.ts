import type { HubTiming } from "../timing.ts";
import type { AgentProcess } from "./agent-process.ts";

/** How often a group whose leader has exited is looked at (there is no event for processes we did not spawn). */
const GROUP_POLL_MS = 20;

type Timing = Pick<HubTiming, "stdinGrace" | "termGrace">;

/**
 * Seed 001, "Arrêt d'un agent": stdin closed; after `stdinGrace` (5 s) SIGTERM to the agent's whole process
 * group (time for a wrapper such as `scripts/agents.sh` to unload its model); `termGrace` (3 s) later, SIGKILL.
 * Resolves once the agent has exited and nothing of its group is left (or the group got its SIGKILL).
 *
 * The group is what counts, not only the agent: an agent that exits politely on EOF may leave children
 * behind, so once the leader is gone its remaining group still gets the SIGTERM → SIGKILL treatment.
 */
export async function stopSequence(agent: AgentProcess, timing: Timing): Promise<void> {
  agent.closeStdin();
  if (await exitedWithin(agent, timing.stdinGrace)) {
    if (!agent.groupAlive()) return;
  }
  await terminateGroup(agent, timing);
}

/** SIGTERM to the group, SIGKILL `termGrace` later unless the leader and its group are gone by then. */
export async function terminateGroup(agent: AgentProcess, timing: Pick<HubTiming, "termGrace">): Promise<void> {
  if (!agent.signalGroup("SIGTERM")) {
    await agent.exited;
    return;
  }
  const deadline = Date.now() + timing.termGrace;
  await exitedWithin(agent, timing.termGrace);
  while (agent.groupAlive() && Date.now() < deadline) await delay(GROUP_POLL_MS);
  // An empty group cannot gain members again (only a member can fork into it), so it is left alone.
  if (agent.groupAlive()) agent.signalGroup("SIGKILL");
  await agent.exited;
}

async function exitedWithin(agent: AgentProcess, ms: number): Promise<boolean> {
  if (agent.exit) return true;
  let timer: NodeJS.Timeout | undefined;
  const exited = await Promise.race([
    agent.exited.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return exited;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
