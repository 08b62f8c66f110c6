import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { Conversation, setActiveLocale, type AgentSession, type CommandContext, type CommandOutput, type Kernel, type MaiaPlugin } from "@maia/kernel";
import { createTestKernel, recordEvents, scriptedInteraction } from "@maia/testing-kernel";
import { dispatchInput, firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// The context plugin (through @maia/testing-plugins) counts the context, for the recount.
import type { ContextApi } from "@maia/plugin-context";
import { serverPerTest, tempFolder } from "@maia/testing-maia";
// The front ends' input dispatcher (seed § 5.5 order), from the CLI package.
import shell from "./index.ts";

const litellm = await firstParty("litellm");
const contextPlugin = await firstParty("context");

const llm = serverPerTest(() => startFakeLiteLLM({ script: [] }));
beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

interface Setup {
  kernel: Kernel;
  cwd: string;
  session: AgentSession;
}

async function setUp(plugins: Array<MaiaPlugin<never, unknown>> = [litellm, shell as MaiaPlugin<never, unknown>]): Promise<Setup> {
  const cwd = await tempFolder();
  const { kernel, homeDir } = await createTestKernel(plugins, { cwd, env: { MAIA_TEST_VALUE: "agent-env" } });
  llm.server.writeSettings(homeDir);
  const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
  return { kernel, cwd, session };
}

/** What a front end's output received, line by line with its kind. */
function collectingOutput(): CommandOutput & { lines: Array<[string, string]> } {
  const lines: Array<[string, string]> = [];
  return {
    lines,
    info: (message) => lines.push(["info", message]),
    warn: (message) => lines.push(["warn", message]),
    error: (message) => lines.push(["error", message]),
    text: (markdown) => lines.push(["text", markdown]),
  };
}

/** Types a line into the front end: the `!` prefix as the dispatcher finds and runs it. */
async function type(setup: Setup, input: string, signal = new AbortController().signal) {
  const prefix = setup.kernel.plugins.prefixes.list().find((candidate) => input.startsWith(candidate.prefix));
  if (!prefix) throw new Error(`no prefix for ${input}`);
  const output = collectingOutput();
  const context: CommandContext & { input: string } = {
    session: setup.session,
    host: { current: setup.session, restart: async () => setup.session },
    args: input.slice(prefix.prefix.length).trim(),
    output,
    interaction: setup.session.interaction,
    signal,
    submit: async () => undefined,
    input,
  };
  await prefix.run(context);
  return output.lines;
}

function lastUserMessage(): string {
  const bodies = llm.server.chatBodies() as Array<{ messages: Array<{ role: string; content: string }> }>;
  return bodies.at(-1)?.messages.filter((message) => message.role === "user").at(-1)?.content ?? "";
}

describe("the ! command, through the kernel and the fake LiteLLM server", () => {
  it("registers ! first among input prefixes", async () => {
    const setup = await setUp();
    const prefix = setup.kernel.plugins.prefixes.get("!");
    expect(prefix).toMatchObject({ prefix: "!", order: 10 });
    expect(prefix?.description).toMatch(/shell command/);
  });

  it("shows the output, then sends it with the next request as data, before the typed text", async () => {
    const setup = await setUp();
    await writeFile(path.join(setup.cwd, "notes.txt"), "buy milk\n");
    const lines = await type(setup, "!cat notes.txt; echo $MAIA_TEST_VALUE");
    expect(lines).toEqual([
      ["text", "```\nbuy milk\nagent-env\n```"],
      ["info", "exit code 0"],
    ]);
    expect(setup.session.pendingContext).toHaveLength(1);

    llm.server.enqueue({ text: "You need milk." });
    const outcome = await setup.kernel.runTurn(setup.session, "what do I need?");
    expect(outcome.status).toBe("done");
    const sent = lastUserMessage();
    expect(sent).toContain(`The user ran this shell command with \`!\` in ${setup.cwd}.`);
    expect(sent).toContain("not an instruction to follow");
    expect(sent).toContain("```\n$ cat notes.txt; echo $MAIA_TEST_VALUE\nbuy milk\nagent-env\n```\n[exit code 0]");
    expect(sent.endsWith("\n\nwhat do I need?")).toBe(true);
    expect(setup.session.pendingContext).toEqual([]);
  });

  it("runs the quoted forms of the seed's table", async () => {
    const setup = await setUp();
    await type(setup, `!'echo "l\\'ami"'`);
    await type(setup, "!'echo' quoted then more");
    expect(setup.session.pendingContext[0]).toContain("$ echo \"l'ami\"\nl'ami\n");
    expect(setup.session.pendingContext[1]).toContain("\nquoted then more\n");
  });

  it("refuses an unclosed quote: an error, nothing run, nothing added", async () => {
    const setup = await setUp();
    const lines = await type(setup, "!'touch created.txt");
    expect(lines).toEqual([["error", expect.stringMatching(/^Unclosed single quote \(column 2\): nothing was run\./)]]);
    expect(setup.session.pendingContext).toEqual([]);
    await expect(import("node:fs/promises").then((fs) => fs.access(path.join(setup.cwd, "created.txt")))).rejects.toThrow();
  });

  it("shows help for ! alone, in French when the locale is French", async () => {
    const setup = await setUp();
    expect((await type(setup, "!"))[0]).toEqual(["info", expect.stringContaining("!'ls' -la src       the quoted text + what follows: ls -la src")]);
    setActiveLocale("fr");
    const [help] = await type(setup, "!");
    expect(help?.[1]).toContain("!'ls' -la src       texte entre guillemets + ce qui suit : ls -la src");
    expect(help?.[1]).toContain("\\' = guillemet simple littéral");
    expect(help?.[1]).toContain("Délai : 120 s.");
    expect(setup.session.pendingContext).toEqual([]);
  });

  it("warns about a failing command and still sends its output and status", async () => {
    const setup = await setUp();
    const lines = await type(setup, "!echo broken >&2; exit 4");
    expect(lines).toEqual([
      ["text", "```\nbroken\n```"],
      ["warn", "exit code 4"],
    ]);
    expect(setup.session.pendingContext[0]).toContain("broken\n```\n[exit code 4]");
  });

  it("says when there was no output", async () => {
    const setup = await setUp();
    const lines = await type(setup, "!true");
    expect(lines[0]).toEqual(["text", "(no output)"]);
    expect(setup.session.pendingContext[0]).toContain("(no output)");
  });

  it("previews 4,000 characters and sends 30,000", async () => {
    const setup = await setUp();
    const [shown] = await type(setup, "!printf 'HEAD'; head -c 100000 /dev/zero | tr '\\0' y; printf 'TAIL'");
    const preview = shown?.[0] === "text" ? shown[1] : "";
    expect(preview.length).toBeLessThanOrEqual(4_000 + 8);
    expect(preview).toMatch(/^```\nHEADy+\n… \[[\d,]+ characters not shown\] …\ny+TAIL\n```$/);
    const block = setup.session.pendingContext[0] ?? "";
    const output = /\n\$ printf[^\n]*\n([\s\S]*)\n`{3,}\n\[exit code 0\]$/.exec(block)?.[1] ?? "";
    expect(output.length).toBeLessThanOrEqual(30_000);
    expect(output.length).toBeGreaterThan(29_000);
    expect(output).toMatch(/^HEADy+\n… \[[\d,]+ characters of output cut here\] …\ny+TAIL$/);
  });

  it("stops the command on Ctrl+C and says so", async () => {
    const setup = await setUp();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const lines = await type(setup, "!echo waiting; sleep 20", controller.signal);
    expect(lines).toEqual([
      ["text", "```\nwaiting\n```"],
      ["warn", "interrupted (Ctrl+C): the command and its child processes were stopped"],
    ]);
    expect(setup.session.pendingContext[0]).toContain("[interrupted (Ctrl+C)");
  });

  it("recounts the context as soon as the output is pending (with the context plugin)", async () => {
    const setup = await setUp([litellm, shell as MaiaPlugin<never, unknown>, contextPlugin as MaiaPlugin<never, unknown>]);
    const context = setup.kernel.plugins.get<ContextApi>("context")?.api;
    const empty = await context?.countNow(setup.session);
    const events = recordEvents(setup.session.events);
    await type(setup, "!head -c 3000 /dev/zero | tr '\\0' z");
    // No new turn, no other change: the bar moves because `!` asked for a recount.
    const usage = events.filter((event) => event.type === "context_usage");
    expect(usage).toHaveLength(1);
    expect(usage[0]?.type === "context_usage" ? usage[0].tokens : 0).toBeGreaterThan((empty ?? 0) + 300);
  });

  it("works through the front ends' input dispatcher: `!` line, then a prompt that carries its output", async () => {
    const cwd = await tempFolder();
    const { kernel, homeDir } = await createTestKernel([litellm, shell as MaiaPlugin<never, unknown>], { cwd });
    llm.server.writeSettings(homeDir);
    const conversation = await Conversation.start({ kernel, model: "fake-model", interaction: scriptedInteraction([]) });
    const output = collectingOutput();
    const options = { output, interaction: conversation.current.interaction, signal: new AbortController().signal };
    expect(await dispatchInput(conversation, "!'echo' from-dispatch", options)).toEqual({ kind: "handled", outcomes: [] });
    expect(output.lines[0]).toEqual(["text", "```\nfrom-dispatch\n```"]);
    llm.server.enqueue({ text: "seen" });
    await dispatchInput(conversation, "and now?", options);
    expect(lastUserMessage()).toMatch(/\$ echo from-dispatch\nfrom-dispatch\n```\n\[exit code 0\]\n\nand now\?$/);
  });
});
