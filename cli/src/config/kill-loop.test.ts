import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleChild, killAtRandom } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { addPermissionRules } from "@maia/permission-rules";
import { loadConfig } from "./load-config.ts";
import { setPluginEnabled } from "./write-config.ts";

const CHILD = fileURLToPath(new URL("./kill-loop-child.ts", import.meta.url));
/** Kills per run of the suite; MAIA_CRASH_RUNS raises it for a longer soak. */
const RUNS = Number(process.env.MAIA_CRASH_RUNS ?? 40);
/** Big files, so that a kill often lands while one is being written. */
const NOTES = "n".repeat(400_000);

interface Confirmed {
  config: number;
  settings: number;
}

async function runAndKill(configFile: string, settingsFile: string): Promise<Confirmed> {
  const confirmed: Confirmed = { config: 0, settings: 0 };
  await killAtRandom(
    [await bundleChild(CHILD), configFile, settingsFile],
    (line) => {
      const [, which, round] = /^(config|settings) (\d+)$/.exec(line) ?? [];
      if (which === "config" || which === "settings") confirmed[which] = Number(round);
    },
    200,
  );
  return confirmed;
}

describe("SIGKILL at any moment of `maia plugins enable` or an ACP « always allow »", () => {
  it(`leaves each file old or new, never half-written, and the next start works (${RUNS} kills)`, { timeout: 60_000 + RUNS * 3_000 }, async () => {
    const home = await mkdtemp(path.join(tmpdir(), "maia-kill-home-"));
    const cwd = await mkdtemp(path.join(tmpdir(), "maia-kill-proj-"));
    const configFile = path.join(cwd, ".maia", "config.json");
    const settingsFile = path.join(cwd, ".maia", "settings.json");
    await mkdir(path.dirname(configFile), { recursive: true });
    await writeFile(configFile, `${JSON.stringify({ model: "m", notes: NOTES, plugins: { skills: { enabled: true, options: { x: 1 } } } }, null, 2)}\n`);
    await writeFile(settingsFile, `${JSON.stringify({ notes: NOTES, permissions: { deny: ["Bash(rm *)"] } }, null, 2)}\n`);
    let rules = 0;
    let edits = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const confirmed = await runAndKill(configFile, settingsFile);
      edits += confirmed.config + confirmed.settings;
      const config = JSON.parse(await readFile(configFile, "utf8")) as { model: string; notes: string; plugins: Record<string, unknown> };
      expect(config).toMatchObject({ model: "m", notes: NOTES, plugins: { skills: { enabled: true, options: { x: 1 } } } });
      expect(typeof config.plugins.mcp === "boolean" || config.plugins.mcp === undefined).toBe(true);
      const settings = JSON.parse(await readFile(settingsFile, "utf8")) as { notes: string; permissions: { allow?: string[]; deny: string[] } };
      expect(settings.notes).toBe(NOTES);
      expect(settings.permissions.deny).toEqual(["Bash(rm *)"]);
      // Every rule whose edit completed is there: a later run starts its rounds again, so count what is unique.
      const allow = new Set(settings.permissions.allow ?? []);
      for (let round = 1; round <= confirmed.settings; round += 1) expect(allow.has(`Bash(tool-${round} *)`)).toBe(true);
      rules = allow.size;
      // The next start reads both files without a word, and the next edits work.
      const loaded = await loadConfig(cwd, home);
      expect(loaded.warnings).toEqual([]);
      expect(loaded.model).toBe("m");
    }
    await setPluginEnabled(configFile, "mcp", false);
    expect(await addPermissionRules(settingsFile, "allow", ["Bash(after *)"])).toEqual(["Bash(after *)"]);
    expect(JSON.parse(await readFile(configFile, "utf8")).plugins.mcp).toBe(false);
    // Most runs were killed after edits completed: the checks had something to check.
    expect(edits).toBeGreaterThan(RUNS);
    expect(rules).toBeGreaterThan(0);
  });
});
