import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleChild, killAtRandom, tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { writeTrace } from "./trace.ts";

const CHILD = fileURLToPath(new URL("./trace-kill-child.ts", import.meta.url));
/** Kills per run of the suite; MAIA_CRASH_RUNS raises it for a longer soak. */
const RUNS = Number(process.env.MAIA_CRASH_RUNS ?? 25);

async function runAndKill(cwd: string): Promise<string[]> {
  const written: string[] = [];
  await killAtRandom([await bundleChild(CHILD), cwd], (line) => {
    const name = /^trace (\S+) \d+$/.exec(line)?.[1];
    if (name) written.push(name);
  });
  return written;
}

describe("SIGKILL at any moment of a sub-agent trace", () => {
  it(`leaves every trace complete or absent, never half-written, and the next trace works (${RUNS} kills)`, { timeout: 60_000 + RUNS * 3_000 }, async () => {
    const cwd = await tempFolder("maia-trace-kill-");
    const folder = path.join(cwd, ".maia", ".sessions");
    const confirmed = new Set<string>();
    for (let run = 0; run < RUNS; run += 1) {
      for (const name of await runAndKill(cwd)) confirmed.add(name);
      const files = (await readdir(folder).catch(() => [] as string[])).filter((entry) => entry.endsWith(".json"));
      for (const file of files) {
        const text = await readFile(path.join(folder, file), "utf8");
        expect(() => JSON.parse(text), `${file} is half-written (${text.length} bytes)`).not.toThrow();
        expect(JSON.parse(text)).toMatchObject({ version: 1, agent: "reviewer", parentSession: "parent" });
      }
      for (const name of confirmed) expect(files).toContain(`${name}.json`);
    }
    expect(confirmed.size).toBeGreaterThan(RUNS / 3);
    // The next trace takes the next free name, never one a killed write left behind.
    const next = await writeTrace({ cwd, parentSession: "parent", agent: "reviewer", model: "m", messages: [], startedAt: new Date(), endedAt: new Date() });
    expect(confirmed.has(next)).toBe(false);
    expect(JSON.parse(await readFile(path.join(folder, `${next}.json`), "utf8"))).toMatchObject({ name: next });
  });
});
