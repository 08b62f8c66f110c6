import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// The CLI's own helper to run the built bundle (`pnpm build` first; `pnpm test` does it), and its plugin list.
import { BUILTIN_PLUGINS } from "../../../cli/src/plugins/builtin-plugins.ts";
import { runMaia } from "@maia/testing-maia";
import { skillFile, writeSkill } from "./test-fixtures.ts";

/** `--allow` rules are read by the permissions plugin; without it a headless run can only refuse. */
const permissionsOn = BUILTIN_PLUGINS.some((plugin) => plugin.name === "permissions");

let server: FakeLiteLLM;
let cwd: string;
let home: string;
beforeEach(async () => {
  server = await startFakeLiteLLM();
  cwd = await mkdtemp(path.join(os.tmpdir(), "maia-e2e-cwd-"));
  home = await mkdtemp(path.join(os.tmpdir(), "maia-e2e-home-"));
  server.writeSettings(home);
  await writeSkill(path.join(cwd, ".maia", "skills"), "haiku", skillFile("Writes a haiku about a subject", "Write a haiku about $ARGUMENTS."));
  await writeSkill(path.join(home, ".claude", "skills"), "limerick", skillFile("Writes a limerick", "Write a limerick."));
});
afterEach(async () => {
  await server.close();
});

type Body = { messages: Array<{ role: string; content: string | null }>; tools?: Array<{ function: { name: string } }> };
const body = (index: number) => server.chatBodies()[index] as Body;

describe("maia -p with skills (end to end, real process)", () => {
  it("lists MAIA's and Claude Code's skills in the system prompt and offers the Skill tool", async () => {
    server.enqueue({ text: "ok" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], { cwd, home });
    expect(run.code).toBe(0);
    const system = String(body(0).messages[0]?.content);
    expect(system).toContain("- haiku: Writes a haiku about a subject\n- limerick: Writes a limerick");
    expect((body(0).tools ?? []).map((tool) => tool.function.name)).toContain("Skill");
  });

  it.runIf(permissionsOn)("lets the model load a skill with the Skill tool when --allow 'Skill(haiku)' allows it", async () => {
    server.enqueue({ toolCalls: [{ id: "s1", name: "Skill", arguments: { name: "haiku", arguments: "the sea" } }] }, { text: "Waves..." });
    const run = await runMaia(["-p", "a haiku about the sea", "--model", "fake-model", "--allow", "Skill(haiku)"], { cwd, home });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Waves...\n");
    const result = body(1).messages.find((message) => message.role === "tool")?.content;
    expect(result).toBe(`Skill "haiku" (folder ${path.join(cwd, ".maia", "skills", "haiku")}):\n\nWrite a haiku about the sea.`);
  });
});
