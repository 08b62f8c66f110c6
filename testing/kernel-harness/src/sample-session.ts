import { AgentEvents, type AgentSession } from "@maia/kernel";

/**
 * A session as the kernel would build one, without a kernel: a provider that cannot chat, no tools, nobody to
 * ask, no messages yet. What the keeper's tests, their child processes and the bench save and load. Plain
 * objects only: the children run under Node's type stripping, outside vitest, so they import it by its own
 * path (`@maia/testing-kernel/sample-session`), not with the rest of the harness.
 */
export function sampleSession(cwd: string, id = "sample"): AgentSession {
  return {
    id,
    setup: { cwd, homeDir: cwd, env: {}, model: "fake-model", frontEnd: "headless" },
    cwd,
    provider: { id: "none", model: "fake-model", capabilities: { tools: false }, chat: async function* () {} },
    system: "",
    tools: new Map(),
    messages: [],
    pendingContext: [],
    events: new AgentEvents(),
    interaction: { canAsk: false, confirm: async () => false },
    maxIterations: 50,
    state: new Map(),
  };
}
