import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { beforeEach, describe, expect, it } from "vitest";
import { builtinPlugin, maiaPerTest, runMaia } from "@maia/testing-maia";
// The CLI's own helper to run the built bundle (`pnpm build` first; `pnpm test` does it), and its plugin list.
import { skillFile, writeSkill } from "./testing/fixtures.ts";

/** `--allow` rules are read by the permissions plugin; without it a headless run can only refuse. */
const permissionsOn = builtinPlugin("permissions");

const bed = maiaPerTest(() => startFakeLiteLLM());
beforeEach(async () => {
  await writeSkill(path.join(bed.cwd, ".maia", "skills"), "haiku", skillFile("Writes a haiku about a subject", "Write a haiku about $ARGUMENTS."));
  await writeSkill(path.join(bed.home, ".claude", "skills"), "limerick", skillFile("Writes a limerick", "Write a limerick."));
});

type Body = { messages: Array<{ role: string; content: string | null }>; tools?: Array<{ function: { name: string } }> };
const body = (index: number) => bed.server.chatBodies()[index] as Body;

describe("maia -p with skills (end to end, real process)", () => {
  it("lists MAIA's and Claude Code's skills in the system prompt and offers the Skill tool", async () => {
    bed.server.enqueue({ text: "ok" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(run.code).toBe(0);
    const system = String(body(0).messages[0]?.content);
    expect(system).toContain("- haiku: Writes a haiku about a subject\n- limerick: Writes a limerick");
    expect((body(0).tools ?? []).map((tool) => tool.function.name)).toContain("Skill");
  });

  it.runIf(permissionsOn)("lets the model load a skill with the Skill tool when --allow 'Skill(haiku)' allows it", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "s1", name: "Skill", arguments: { name: "haiku", arguments: "the sea" } }] }, { text: "Waves..." });
    const run = await runMaia(["-p", "a haiku about the sea", "--model", "fake-model", "--allow", "Skill(haiku)"], bed);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Waves...\n");
    const result = body(1).messages.find((message) => message.role === "tool")?.content;
    expect(result).toBe(`Skill "haiku" (folder ${path.join(bed.cwd, ".maia", "skills", "haiku")}):\n\nWrite a haiku about the sea.`);
  });
});
