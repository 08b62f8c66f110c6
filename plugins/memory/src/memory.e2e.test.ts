import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
// The CLI's own helper to run the built bundle (`pnpm build` first; `pnpm test` does it).
import { maiaPerTest, runMaia } from "@maia/testing-maia";

type Body = { messages: Array<{ role: string; content: string | null }> };

const bed = maiaPerTest(() => startFakeLiteLLM());

describe("maia -p with a MAIA.md (end to end, real process)", () => {
  it("sends MAIA.md's instructions to the model, which follows them", async () => {
    const { server, cwd } = bed;
    // A model that obeys the instruction only if it was actually given it.
    server.enqueue((body) => ({ text: String((body as Body).messages[0]?.content).includes("End every answer with: -- Captain") ? "Hello. -- Captain" : "Hello." }));
    await writeFile(path.join(cwd, "MAIA.md"), "End every answer with: -- Captain\n");
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(run.stdout).toBe("Hello. -- Captain\n");
    expect(run.code).toBe(0);
    const system = (server.chatBodies()[0] as Body).messages[0];
    expect(system?.role).toBe("system");
    expect(system?.content).toContain(`# Instructions (${path.join(cwd, "MAIA.md")})\n\nEnd every answer with: -- Captain`);
  });

  it("uses CLAUDE.md when there is no MAIA.md, and writes the prompt in French for a French user", async () => {
    const { server, cwd } = bed;
    server.enqueue({ text: "ok" });
    await writeFile(path.join(cwd, "CLAUDE.md"), "Réponds en vers.\n");
    const run = await runMaia(["-p", "salut", "--model", "fake-model"], { ...bed, env: { MAIA_LANG: "fr" } });
    expect(run.code).toBe(0);
    const system = String((server.chatBodies()[0] as Body).messages[0]?.content);
    expect(system).toContain("Tu es MAIA");
    expect(system).toContain(`Dossier de travail : ${cwd}`);
    expect(system).toContain(`# Instructions (${path.join(cwd, "CLAUDE.md")})\n\nRéponds en vers.`);
  });
});
