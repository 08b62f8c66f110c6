import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type Message } from "@maia/kernel";
import { createFileExclusive } from "@maia/util";

/** Seed § 12.2: the longest session name. */
const MAX_NAME_LENGTH = 100;
/** A guard against a folder where every suffix is taken; far beyond any real use. */
const MAX_ATTEMPTS = 10_000;

export interface TraceInput {
  cwd: string;
  parentSession: string;
  agent: string;
  model: string;
  messages: Message[];
  startedAt: Date;
  endedAt: Date;
}

/**
 * Seed § 20.5, subAgentSessionName: `{parent session}-{agent}`, cut to the session name limit, with no character
 * a session name refuses (a name may not end with a dot). `attempt` 1 is the name itself, then `_2`, `_3`…
 */
export function traceName(parentSession: string, agent: string, attempt = 1): string {
  const suffix = attempt > 1 ? `_${attempt}` : "";
  const base = `${parentSession}-${agent}`.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_");
  const cut = [...base].slice(0, MAX_NAME_LENGTH - suffix.length).join("");
  return `${cut.replace(/\.+$/, (dots) => "_".repeat(dots.length))}${suffix}`;
}

/**
 * Writes a sub-agent's conversation as a saved session of the launch folder (`.maia/.sessions/<name>.json`, the
 * sessions plugin's SavedSession format with `agent` and `parentSession`), so `/load` lists it as « sub-agent x ».
 * The file appears complete or not at all, and an existing file is never replaced: a taken name moves on to the
 * next suffix. Returns the name used.
 */
export async function writeTrace(input: TraceInput): Promise<string> {
  const folder = path.join(input.cwd, ".maia", ".sessions");
  await mkdir(folder, { recursive: true });
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const name = traceName(input.parentSession, input.agent, attempt);
    const saved = {
      version: 1,
      name,
      createdAt: input.startedAt.toISOString(),
      updatedAt: input.endedAt.toISOString(),
      model: input.model,
      cwd: input.cwd,
      messages: input.messages,
      pendingContext: [],
      agent: input.agent,
      parentSession: input.parentSession,
    };
    if (await createFileExclusive(path.join(folder, `${name}.json`), `${JSON.stringify(saved, null, 2)}\n`)) return name;
  }
  throw new Error(`no free name for ${traceName(input.parentSession, input.agent)}`);
}
