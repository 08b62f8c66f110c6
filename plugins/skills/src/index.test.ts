import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { NO_INTERACTION, type AgentSession, type CommandContext, type Kernel } from "@maia/kernel";
import { createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import skills from "./index.ts";
import { skillFile, writeSkill } from "./testing/fixtures.ts";

const litellm = await firstParty("litellm");

let server: FakeLiteLLM;
beforeEach(async () => {
  server = await startFakeLiteLLM();
});
afterEach(async () => {
  await server.close();
});

async function setup() {
  const test = await createTestKernel([litellm, skills]);
  server.writeSettings(test.homeDir);
  return test;
}

type ChatBody = { messages: Array<{ role: string; content: string | null }>; tools?: Array<{ function: { name: string; parameters: unknown } }> };
const body = (index: number) => server.chatBodies()[index] as ChatBody;

/** Runs an input line through the `§` prefix the way a front end does, with submit starting a real turn. */
async function typeLine(kernel: Kernel, session: AgentSession, line: string) {
  const printed: Array<{ level: string; text: string }> = [];
  const prefix = kernel.plugins.prefixes.list().find((candidate) => line.startsWith(candidate.prefix));
  if (!prefix) throw new Error(`no prefix for ${line}`);
  const context: CommandContext & { input: string } = {
    session,
    host: { current: session, restart: async () => session },
    args: line.slice(prefix.prefix.length).trim(),
    input: line,
    output: {
      info: (text) => printed.push({ level: "info", text }),
      warn: (text) => printed.push({ level: "warn", text }),
      error: (text) => printed.push({ level: "error", text }),
      text: (text) => printed.push({ level: "text", text }),
    },
    interaction: NO_INTERACTION,
    signal: new AbortController().signal,
    submit: async (prompt) => {
      await kernel.runTurn(session, prompt);
    },
  };
  await prefix.run(context);
  return printed;
}

describe("the skills plugin in a session", () => {
  it("lists the skills in the system prompt and offers the Skill tool, only when there are skills", async () => {
    const { kernel, cwd } = await setup();
    const bare = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    expect(bare.tools.has("Skill")).toBe(false);
    expect(bare.system).not.toContain("# Skills");

    await writeSkill(path.join(cwd, ".maia", "skills"), "review", skillFile("Reviews the current diff", "Read the diff."));
    await writeSkill(path.join(cwd, ".claude", "skills"), "commit", skillFile("Writes a commit message", "Summarise."));
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    expect(session.system).toContain(
      "# Skills\nSkills are instructions for specific kinds of tasks. When a task matches a skill's description, load the skill with the Skill tool before starting, then follow it.\n- commit: Writes a commit message\n- review: Reviews the current diff",
    );
    expect(session.tools.get("Skill")?.spec.inputSchema).toMatchObject({ properties: { name: { enum: ["commit", "review"] } }, required: ["name"] });
  });

  it("lets the model load a skill with the Skill tool, after the user allows it", async () => {
    const { kernel, cwd } = await setup();
    const folder = path.join(cwd, ".maia", "skills", "review");
    await writeSkill(path.join(cwd, ".maia", "skills"), "review", skillFile("Reviews a file", "Review $ARGUMENTS line by line."));
    server.enqueue({ toolCalls: [{ id: "s1", name: "Skill", arguments: { name: "review", arguments: "src/a.ts" } }] }, { text: "Reviewed." });
    const interaction = scriptedInteraction(["yes"]);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction });
    await kernel.runTurn(session, "review src/a.ts");
    expect(interaction.questions).toEqual(["Allow Skill: review src/a.ts?"]);
    const result = body(1).messages.find((message) => message.role === "tool");
    expect(result?.content).toBe(`Skill "review" (folder ${folder}):\n\nReview src/a.ts line by line.`);
  });

  it("names the rule that would allow it, Skill(name), when nobody can answer", async () => {
    const { kernel, cwd } = await setup();
    await writeSkill(path.join(cwd, ".maia", "skills"), "review", skillFile("Reviews", "Body"));
    server.enqueue({ toolCalls: [{ id: "s1", name: "Skill", arguments: { name: "review" } }] }, { text: "ok" });
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    await kernel.runTurn(session, "go");
    expect(body(1).messages.find((message) => message.role === "tool")?.content).toContain("--allow 'Skill(review)'");
  });

  it("runs §name with its arguments as the user's request, lists with § alone, and lists on an unknown name", async () => {
    const { kernel, cwd } = await setup();
    await writeSkill(path.join(cwd, ".maia", "skills"), "explain", skillFile("Explains code", "Explain this code simply."));
    await writeSkill(path.join(cwd, ".maia", "skills"), "fix", skillFile("Fixes a bug", "Fix the bug in $ARGUMENTS."));
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });

    expect(await typeLine(kernel, session, "§")).toEqual([
      { level: "info", text: "Skills (§<name> [arguments]):\n  §explain — Explains code\n  §fix — Fixes a bug" },
    ]);
    expect(await typeLine(kernel, session, "§nope x")).toEqual([{ level: "error", text: "Unknown skill: nope. Available skills: explain, fix" }]);
    expect(server.chatBodies()).toHaveLength(0);

    server.enqueue({ text: "Fixed." }, { text: "Explained." });
    await typeLine(kernel, session, "§fix src/parser.ts");
    await typeLine(kernel, session, "§ explain main.ts");
    const last = (index: number) => body(index).messages.at(-1)?.content;
    expect(last(0)).toBe("Fix the bug in src/parser.ts.");
    expect(last(1)).toBe("Explain this code simply.\n\nARGUMENTS: main.ts");
  });

  it("registers § after ! (order 20), and finds skills added since the last session", async () => {
    const { kernel, cwd } = await setup();
    expect(kernel.plugins.prefixes.get("§")?.order).toBe(20);
    const before = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    expect(await typeLine(kernel, before, "§")).toEqual([
      { level: "info", text: "No skills. A skill is a folder <name>/SKILL.md in .maia/skills (project), ~/.maia/skills or .claude/skills." },
    ]);
    await writeSkill(path.join(cwd, ".maia", "skills"), "late", skillFile("Added later", "Hi."));
    const after = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    expect(after.tools.has("Skill")).toBe(true);
  });
});
