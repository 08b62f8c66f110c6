import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
// The CLI's own helper to run the built bundle (`pnpm build` first; `pnpm test` does it).
import { runMaia } from "@maia/testing-maia";

type Body = { messages: Array<{ role: string; content: string | null }> };

describe("maia -p with a MAIA.md (end to end, real process)", () => {
  it("sends MAIA.md's instructions to the model, which follows them", async () => {
    // A model that obeys the instruction only if it was actually given it.
    const server = await startFakeLiteLLM({
      script: [(body) => ({ text: String((body as Body).messages[0]?.content).includes("End every answer with: -- Captain") ? "Hello. -- Captain" : "Hello." })],
    });
    try {
      const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-e2e-cwd-"));
      const home = await mkdtemp(path.join(os.tmpdir(), "maia-e2e-home-"));
      server.writeSettings(home);
      await writeFile(path.join(cwd, "MAIA.md"), "End every answer with: -- Captain\n");
      const run = await runMaia(["-p", "hi", "--model", "fake-model"], { cwd, home });
      expect(run.stdout).toBe("Hello. -- Captain\n");
      expect(run.code).toBe(0);
      const system = (server.chatBodies()[0] as Body).messages[0];
      expect(system?.role).toBe("system");
      expect(system?.content).toContain(`# Instructions (${path.join(cwd, "MAIA.md")})\n\nEnd every answer with: -- Captain`);
    } finally {
      await server.close();
    }
  });

  it("uses CLAUDE.md when there is no MAIA.md, and writes the prompt in French for a French user", async () => {
    const server = await startFakeLiteLLM({ script: [{ text: "ok" }] });
    try {
      const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-e2e-cwd-"));
      const home = await mkdtemp(path.join(os.tmpdir(), "maia-e2e-home-"));
      server.writeSettings(home);
      await writeFile(path.join(cwd, "CLAUDE.md"), "Réponds en vers.\n");
      const run = await runMaia(["-p", "salut", "--model", "fake-model"], { cwd, home, env: { MAIA_LANG: "fr" } });
      expect(run.code).toBe(0);
      const system = String((server.chatBodies()[0] as Body).messages[0]?.content);
      expect(system).toContain("Tu es MAIA");
      expect(system).toContain(`Dossier de travail : ${cwd}`);
      expect(system).toContain(`# Instructions (${path.join(cwd, "CLAUDE.md")})\n\nRéponds en vers.`);
    } finally {
      await server.close();
    }
  });
});
