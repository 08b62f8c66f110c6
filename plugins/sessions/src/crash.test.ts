import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleChild, killAtRandom, tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";

const CHILD = fileURLToPath(new URL("./testing/save-loop-child.ts", import.meta.url));
/**
 * Kills per run of the suite: each run lands new ones, so CI's runs add up (300 cost CI's 2-core machine a minute,
 * the suite's longest file); MAIA_CRASH_RUNS raises it for a longer soak.
 */
const RUNS = Number(process.env.MAIA_CRASH_RUNS ?? 200);
const PARALLEL = 4;

interface Confirmed {
  file: string;
  count: number;
}

/** Starts the child, kills it with SIGKILL at a random moment once it has saved, and returns what it confirmed. */
async function runAndKill(cwd: string): Promise<Map<string, Confirmed>> {
  const confirmed = new Map<string, Confirmed>();
  await killAtRandom([await bundleChild(CHILD), cwd], (line) => {
    const [, id, file, count] = /^saved (\S+) (.+) (\d+)$/.exec(line) ?? [];
    if (id && file && count) confirmed.set(id, { file, count: Number(count) });
  });
  return confirmed;
}

/** Every session file parses, and each session's last confirmed save is still there (maybe under its next name). */
async function check(cwd: string, confirmed: Map<string, Confirmed>): Promise<void> {
  const dir = join(cwd, ".maia", ".sessions");
  const entries = await readdir(dir).catch(() => [] as string[]);
  const found = new Map<string, number>();
  for (const entry of entries.filter((name) => name.endsWith(".json"))) {
    const text = await readFile(join(dir, entry), "utf8");
    let saved: { messages: Array<{ content: Array<{ text: string }> }> };
    try {
      saved = JSON.parse(text);
    } catch (error) {
      throw new Error(`${entry} is unreadable after a kill (${text.length} bytes): ${String(error)}`);
    }
    const id = saved.messages[0]?.content[0]?.text.split(":")[0] ?? "?";
    found.set(id, Math.max(found.get(id) ?? 0, saved.messages.length));
  }
  for (const [id, last] of confirmed) {
    const kept = found.get(id) ?? 0;
    if (kept < last.count) throw new Error(`session ${id} lost: ${last.count} messages confirmed in ${last.file}, ${kept} on disk`);
  }
}

describe("saving sessions survives SIGKILL at any moment", () => {
  it(`never leaves a session file unreadable or lost (${RUNS} kills)`, { timeout: 60_000 + RUNS * 2_000 }, async () => {
    let done = 0;
    let confirmedSaves = 0;
    const lane = async () => {
      while (done < RUNS) {
        done += 1;
        const cwd = await tempFolder("maia-crash-");
        const confirmed = await runAndKill(cwd);
        confirmedSaves += [...confirmed.values()].length;
        await check(cwd, confirmed);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
    expect(done).toBeGreaterThanOrEqual(RUNS);
    // Most runs were killed after at least one confirmed save: the check had something to check.
    expect(confirmedSaves).toBeGreaterThan(RUNS / 2);
  });
});
