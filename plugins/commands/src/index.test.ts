import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { Conversation, NO_INTERACTION, type CommandOutput, type SlashCommand } from "@maia/kernel";
import { createTestKernel } from "@maia/testing-kernel";
import { dispatchInput, firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import commands from "./index.ts";
import { tempFolder, writeCommand } from "./testing/commands.ts";

const [builtinTools, fileRefs, litellm, permissions] = await Promise.all([firstParty("builtin-tools"), firstParty("file-refs"), firstParty("litellm"), firstParty("permissions")]);

let server: FakeLiteLLM;
beforeEach(async () => {
  server = await startFakeLiteLLM({ models: ["fake-model", "big-model"] });
});
afterEach(async () => {
  await server.close();
});

type Body = { model: string; messages: Array<{ role: string; content: string | null }> };
const body = (index: number) => server.chatBodies()[index] as Body;
const userText = (index: number) => body(index).messages.filter((message) => message.role === "user").map((message) => String(message.content)).join("\n");

/** A kernel over a launch folder and home that already hold the commands (they are read when the plugin loads). */
async function start(write: (folders: { project: string; user: string; cwd: string }) => Promise<unknown>, extra: SlashCommand[] = []) {
  const cwd = await tempFolder("cwd");
  const homeDir = await tempFolder("home");
  await write({ cwd, project: path.join(cwd, ".maia", "commands"), user: path.join(homeDir, ".maia", "commands") });
  const taken = {
    name: "taken-plugin",
    version: "1.0.0",
    kernel: "^1.0.0",
    apply(context: { commands: { register(command: SlashCommand): void } }) {
      for (const command of extra) context.commands.register(command);
    },
  };
  const test = await createTestKernel([litellm, builtinTools, permissions, fileRefs, commands, taken], { cwd, homeDir });
  server.writeSettings(homeDir);
  const conversation = await Conversation.start({ kernel: test.kernel, model: "fake-model", interaction: NO_INTERACTION });
  const printed: string[] = [];
  const output: CommandOutput = {
    info: (text) => printed.push(`info: ${text}`),
    warn: (text) => printed.push(`warn: ${text}`),
    error: (text) => printed.push(`error: ${text}`),
    text: (text) => printed.push(`text: ${text}`),
  };
  const type = (line: string) => dispatchInput(conversation, line, { output, interaction: NO_INTERACTION, signal: new AbortController().signal });
  return { ...test, conversation, printed, type };
}

describe("custom commands in a real kernel", () => {
  it("sends the body with $ARGUMENTS and $1 replaced and its @ references read, as the user's request", async () => {
    const { type } = await start(async ({ project, cwd }) => {
      await writeFile(path.join(cwd, "notes.md"), "NOTE CONTENT 42\n");
      await writeCommand(project, "review.md", "---\ndescription: Review files\n---\nReview $ARGUMENTS (first: $1) against @notes.md\n");
    });
    server.enqueue({ text: "Reviewed." });
    const result = await type("/review a.ts b.ts");
    expect(result.kind).toBe("handled");
    const sent = userText(0);
    expect(sent).toContain("Review a.ts b.ts (first: a.ts) against @notes.md");
    expect(sent).toContain("NOTE CONTENT 42");
  });

  it("runs one request with the header's model, then the session's model again", async () => {
    const { type, conversation, printed } = await start(({ project }) => writeCommand(project, "deep.md", "---\nmodel: big-model\n---\nThink hard.\n"));
    server.enqueue({ text: "Deep." }, { text: "Plain." });
    await type("/deep");
    await type("hello");
    expect(body(0).model).toBe("big-model");
    expect(body(1).model).toBe("fake-model");
    expect(conversation.current.setup.model).toBe("fake-model");
    // The conversation went on: the second request carries the first one.
    expect(userText(1)).toContain("Think hard.");
    expect(printed).toContain("info: /deep runs with the model big-model.");
  });

  it("allows the header's allowed-tools for that request only", async () => {
    const { type, cwd } = await start(({ project }) => writeCommand(project, "mark.md", "---\nallowed-tools: Bash(touch *)\n---\nMake the mark.\n"));
    const touch = (id: string, file: string) => ({ toolCalls: [{ id, name: "Bash", arguments: { command: `touch ${file}` } }] });
    server.enqueue(touch("t1", "first"), { text: "Done." }, touch("t2", "second"), { text: "Refused." });
    await type("/mark");
    await type("again");
    expect(existsSync(path.join(cwd, "first"))).toBe(true);
    // Outside the command no rule allows it and nobody can be asked: refused.
    expect(existsSync(path.join(cwd, "second"))).toBe(false);
  });

  it("never overrides a built-in or another plugin's command, and says so", async () => {
    const other: SlashCommand = { name: "compact", description: "the plugin's", run: async () => {} };
    const { logs, kernel } = await start(async ({ project }) => {
      await writeCommand(project, "help.md", "mine");
      await writeCommand(project, "compact.md", "mine too");
      await writeCommand(project, "ok.md", "fine");
    }, [other]);
    const warnings = logs.filter((log) => log.level === "warn").map((log) => log.message);
    expect(warnings.some((warning) => warning.includes("/help is a command of MAIA itself"))).toBe(true);
    expect(warnings.some((warning) => warning.includes("/compact is already a command of a plugin"))).toBe(true);
    expect(kernel.plugins.commands.get("compact")?.description).toBe("the plugin's");
    expect(kernel.plugins.commands.get("ok")?.description).toBe("fine (project)");
  });
});
