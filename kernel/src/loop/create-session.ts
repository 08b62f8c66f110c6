import { randomUUID } from "@maia/util/random";
import { AgentEvents } from "../contracts/events.ts";
import type { InteractionPort } from "../contracts/interaction.ts";
import type { AgentSession, PromptSection, SessionSetup } from "../contracts/session.ts";
import type { AnyTool } from "../contracts/tool.ts";
import { ERROR_CODES, MaiaError } from "@maia/util/maia-error";
import type { HookTable } from "../hooks/hooks.ts";
import { t } from "./messages.ts";
import { MAX_ITERATIONS } from "./run-turn.ts";

export interface CreateSessionOptions {
  interaction: InteractionPort;
  /** Shared with the previous session when a front end rebuilds the agent but keeps listening (/clear). */
  events?: AgentEvents;
  maxIterations?: number;
}

/** The system prompt made of the plugins' sections (the `systemPrompt` hook's): in order, blank ones dropped. */
export function joinPromptSections(sections: readonly PromptSection[]): string {
  return [...sections]
    .map((section, index) => ({ section, index }))
    .sort((a, b) => a.section.order - b.section.order || a.index - b.index)
    .map(({ section }) => section.text.trim())
    .filter((text) => text.length > 0)
    .join("\n\n");
}

/**
 * Builds a session from the plugins: the provider for the model, the tools (in tap order, first of a name
 * wins), the system prompt's sections, then `sessionStart`.
 */
export async function createSession(
  hooks: HookTable,
  setup: SessionSetup,
  options: CreateSessionOptions,
): Promise<AgentSession> {
  const provider = await hooks.resolveProvider.promise({
    model: setup.model,
    cwd: setup.cwd,
    homeDir: setup.homeDir,
    env: setup.env,
  });
  if (!provider) throw new MaiaError(ERROR_CODES.NO_PROVIDER, t("noProvider", { model: setup.model }));

  const tools = new Map<string, AnyTool>();
  for (const tool of await hooks.tools.promise([], setup)) {
    if (!tools.has(tool.spec.name)) tools.set(tool.spec.name, tool);
  }
  const system = joinPromptSections(await hooks.systemPrompt.promise([], setup));

  const session: AgentSession = {
    id: randomUUID(),
    setup,
    cwd: setup.cwd,
    provider,
    system,
    tools,
    messages: [],
    pendingContext: [],
    ...(setup.startContext === undefined ? {} : { startContext: setup.startContext }),
    events: options.events ?? new AgentEvents(),
    interaction: options.interaction,
    maxIterations: options.maxIterations ?? MAX_ITERATIONS,
    state: new Map(),
  };
  await hooks.sessionStart.promise(session);
  hooks.contextChanged.call(session, "session_start");
  return session;
}
