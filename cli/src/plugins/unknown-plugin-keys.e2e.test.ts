import { existsSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

describe("a typo in .maia/config.json plugins", () => {
  it('"sesions": false is a WARN naming the file, the key and "sessions"; sessions stay on and nothing is installed', async () => {
    const file = path.join(bed.cwd, ".maia", "config.json");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ plugins: { sesions: false } }));
    bed.server.enqueue({ text: "ok" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`WARN ${file}: "plugins.sesions" is neither a first-party plugin nor an installed package — did you mean "sessions"?`);
    // The user did not turn sessions off: this conversation is saved.
    expect(await readdir(path.join(bed.cwd, ".maia", ".sessions"))).toHaveLength(1);
    expect(existsSync(path.join(bed.cwd, "node_modules"))).toBe(false);
    expect(existsSync(path.join(bed.home, ".maia", "plugins"))).toBe(false);
  });

  it("names the user's file for a key set there", async () => {
    const file = path.join(bed.home, ".maia", "config.json");
    await writeFile(file, JSON.stringify({ plugins: { skils: false } }));
    bed.server.enqueue({ text: "ok" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(run.stderr).toContain(`WARN ${file}: "plugins.skils" is neither a first-party plugin nor an installed package — did you mean "skills"?`);
  });
});
