import path from "node:path";
import type { AgentSession } from "@maia/kernel";
import { mergeRuns, type Effects } from "./effects.ts";
import { MATCHED_ON, type HookEvent, type HookInput } from "./events.ts";
import type { LoadedHooks } from "./load-hooks.ts";
import { matchingHooks, runHooks, type HookRun } from "./run-hooks.ts";

/** What the sessions plugin tells about a session's file; the plugin may be disabled. */
export interface SessionFiles {
  fileOf(session: AgentSession): string | undefined;
}

export interface FireOptions {
  /** The value the event's matcher is compared with (tool name, source, trigger). */
  match?: string;
  signal?: AbortSignal;
}

export interface Firing {
  loaded(): LoadedHooks;
  sessions(): SessionFiles | undefined;
  onRun(run: HookRun, session: AgentSession | undefined): void;
}

export const NO_EFFECTS: Effects = Object.freeze({ warnings: [], blocks: [], stdout: [], context: [], permissionReasons: [] }) as Effects;

/** Runs the hooks of one event for a session and merges what they said; no matching hook costs nothing. */
export async function fire(
  firing: Firing,
  event: HookEvent,
  session: AgentSession,
  fields: Record<string, unknown>,
  options: FireOptions = {},
): Promise<Effects> {
  const matched = MATCHED_ON[event] === undefined ? undefined : (options.match ?? "");
  const hooks = matchingHooks(firing.loaded(), event, matched);
  if (hooks.length === 0) return NO_EFFECTS;
  const input: HookInput = { ...baseInput(firing, session, event), ...fields };
  const runs = await runHooks(hooks, input, {
    cwd: session.cwd,
    env: session.setup.env,
    ...(options.signal ? { signal: options.signal } : {}),
    onRun: (run) => firing.onRun(run, session),
  });
  return mergeRuns(runs);
}

export function baseInput(firing: Pick<Firing, "sessions">, session: AgentSession, event: HookEvent): HookInput {
  let transcript: string | undefined;
  try {
    transcript = firing.sessions()?.fileOf(session);
  } catch {
    transcript = undefined;
  }
  return {
    session_id: session.id,
    transcript_path: transcript === undefined ? "" : path.resolve(session.cwd, transcript),
    cwd: session.cwd,
    hook_event_name: event,
  };
}
