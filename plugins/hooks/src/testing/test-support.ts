import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { runMaia, streamEvents } from "@maia/testing-maia";

/** A real shell script in the test's home, made executable; returns its path for a hook's `command`. */
export async function script(home: string, name: string, body: string): Promise<string> {
  const folder = path.join(home, "hook-scripts");
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  await writeFile(file, `#!/bin/bash\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

export const bash = (id: string, command: string) => ({ id, name: "Bash", arguments: { command } });

/**
 * A test that starts `maia` several times: on a loaded machine (two cores shared) each start may take seconds, so
 * these get more than vitest's 30 s. It bounds a hang; it measures nothing.
 */
export const SLOW_TEST_MS = 180_000;

/** `maia -p` with stream-json, in the test's folders. */
export async function maia(folders: { cwd: string; home: string }, prompt: string, extra: string[] = []) {
  const run = await runMaia(["-p", prompt, "--model", "fake-model", "--output-format", "stream-json", ...extra], {
    cwd: folders.cwd,
    home: folders.home,
    timeoutMs: 90_000,
  });
  const events = streamEvents(run.stdout);
  // stream-json reports warnings as events on stdout; the other formats on stderr.
  const warnings = [run.stderr, ...events.filter((event) => event.type === "warning").map((event) => String(event.message))].join("\n");
  return { ...run, events, warnings };
}

/** What the model was sent as tool results, in order. */
export function toolResults(server: { chatBodies(): unknown[] }): string[] {
  const last = server.chatBodies().at(-1) as { messages?: Array<{ role: string; content?: unknown }> } | undefined;
  return (last?.messages ?? []).filter((message) => message.role === "tool").map((message) => String(message.content));
}

/** The user messages of the last request. */
export function userMessages(server: { chatBodies(): unknown[] }, index = -1): string[] {
  const body = server.chatBodies().at(index) as { messages?: Array<{ role: string; content?: unknown }> } | undefined;
  return (body?.messages ?? []).filter((message) => message.role === "user").map((message) => String(message.content));
}

export async function readJsonLines(file: string): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(file, "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export function hooksBlock(event: string, command: string, extra: { matcher?: string; timeout?: number } = {}) {
  const { timeout, matcher } = extra;
  return { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: "command", command, ...(timeout ? { timeout } : {}) }] }] };
}
