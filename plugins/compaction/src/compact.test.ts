import { existsSync } from "node:fs";
import { join } from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { describe, expect, it } from "vitest";
import { lastUserText, readSession, runCommand, setUpPerTest, systemText, type SetUpOptions } from "./testing/setup.ts";

const SUMMARY = "## Contexte du projet\n- MAIA\n## Objectif actuel\n- tester\n## Fichiers pertinents\n- a.ts\n## Décisions/Conclusions\n- rien\n## Prochaines étapes\n- continuer";
const SEED_PROMPT_FR = [
  "Faire un résumé compacté de nos échanges. Retourne le résultat sous le format suivant :",
  "## Contexte du projet",
  "- [Description brève du projet]",
  "## Objectif actuel",
  "- [Ce qu'on cherche à faire]",
  "## Fichiers pertinents",
  "- [Liste des fichiers importants]",
  "## Décisions/Conclusions",
  "- [Points clés établis]",
  "## Prochaines étapes",
  "- [Ce qui reste à faire]",
].join("\n");

const setUp = setUpPerTest();

async function withConversation(options: SetUpOptions = {}) {
  const setup = await setUp(options);
  const { kernel, server, session, host } = setup;
  server.enqueue({ text: "First answer." });
  expect((await kernel.runTurn(session, "First request")).status).toBe("done");
  await runCommand(kernel, host, "rename", "work");
  return setup;
}

describe("/compact (seed § 14.2)", () => {
  it("sends the conversation with the seed's prompt in the user's language, without tools, 4000 tokens at most", async () => {
    setActiveLocale("fr");
    const { kernel, server, session, host } = await withConversation();
    session.pendingContext.push("$ ls\nsrc");
    server.enqueue({ text: SUMMARY });
    await runCommand(kernel, host, "compact");
    const body = server.chatBodies().at(-1) as { max_tokens?: number; messages: Array<{ role: string }> };
    expect(body.max_tokens).toBe(4_000);
    expect(lastUserText(body)).toBe(`$ ls\nsrc\n\n${SEED_PROMPT_FR}`);
    expect(systemText(body)).toContain("n'appelle aucun outil");
    expect(body.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
  });

  it("replaces the conversation by the summary, keeps the old file intact and writes xxx__1, and says what it replaced", async () => {
    const { kernel, server, host, cwd } = await withConversation();
    server.enqueue({ text: SUMMARY });
    const output = await runCommand(kernel, host, "compact");
    expect(output.all("error")).toEqual([]);
    expect(output.all("text")).toEqual([`Summary:\n\n${SUMMARY}`]);
    const [record, renamed] = output.all("info");
    expect(record).toMatch(/^Compacted 2 messages \(\d+ tokens\) into a summary of \d+ tokens\. The full conversation stays in \.maia\/\.sessions\/work\.json\.$/);
    expect(renamed).toBe("New session: « work__1 ».");

    const next = host.current;
    expect(next.messages).toEqual([]);
    expect(next.pendingContext).toEqual([]);
    expect(next.startContext).toBe(SUMMARY);
    expect(next.system).toContain("# Starting context: compacted summary of the previous conversation");
    expect(next.system).toContain(SUMMARY);
    expect(next.state.get("sessions:name")).toBe("work__1");
    expect((await readSession(cwd, "work")).messages).toHaveLength(2);
    expect(await readSession(cwd, "work__1")).toMatchObject({ name: "work__1", messages: [], startContext: SUMMARY });

    server.enqueue({ text: "Continuing." });
    await kernel.runTurn(next, "Next request");
    expect(systemText(server.chatBodies().at(-1))).toContain(SUMMARY);
    expect((await readSession(cwd, "work__1")).messages).toHaveLength(2);
  });

  it("sends images as their stand-ins, never their bytes, and keeps the stand-ins after the summary (issue 38)", async () => {
    const { kernel, server, host, session } = await withConversation();
    const image = (name: string) => ({ type: "image" as const, mediaType: "image/png" as const, hash: "0".repeat(64), name, width: 1280, height: 720, size: 4, data: "QUJDRA==" });
    session.messages.push(
      { role: "user", content: [{ type: "text", text: "look" }, image("shot.png")] },
      { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "Read", input: { path: "b.png" } }] },
      { role: "user", content: [{ type: "tool_result", toolUseId: "c1", content: "Image b.png", images: [image("b.png")] }] },
      { role: "assistant", content: [{ type: "text", text: "Two pictures." }] },
    );
    server.enqueue({ text: SUMMARY });
    await runCommand(kernel, host, "compact");
    const body = JSON.stringify(server.chatBodies().at(-1));
    expect(server.imageParts()).toEqual([]);
    expect(body).not.toContain("QUJDRA==");
    expect(body).toContain("look\\n\\n[image: shot.png, 1280×720]");
    expect(body).toContain("Image b.png\\n[image: b.png, 1280×720]");
    expect(host.current.startContext).toBe(`${SUMMARY}\n\nImages shown in the conversation before this summary (not kept):\n[image: shot.png, 1280×720]\n[image: b.png, 1280×720]`);
  });

  it("numbers successive compactions and restarts the numbering after a rename", async () => {
    const { kernel, server, host, cwd } = await withConversation();
    for (const expected of ["work__1", "work__2"]) {
      server.enqueue({ text: SUMMARY });
      await runCommand(kernel, host, "compact");
      expect(host.current.state.get("sessions:name")).toBe(expected);
      server.enqueue({ text: "More." });
      await kernel.runTurn(host.current, "more");
    }
    await runCommand(kernel, host, "rename", "foo");
    server.enqueue({ text: SUMMARY });
    await runCommand(kernel, host, "compact");
    expect(host.current.state.get("sessions:name")).toBe("foo__1");
    expect(existsSync(join(cwd, ".maia", ".sessions", "foo__1.json"))).toBe(true);
  });

  it("has nothing to compact in an empty session", async () => {
    const setup = await setUp();
    const output = await runCommand(setup.kernel, setup.host, "compact");
    expect(output.all("info")).toEqual(["Nothing to compact."]);
    expect(setup.server.chatBodies()).toHaveLength(0);
  });

  it("leaves the conversation unchanged when the summary fails", async () => {
    const { kernel, server, host, session } = await withConversation();
    server.enqueue({ error: { status: 400, body: { error: { message: "model overloaded" } } } });
    const output = await runCommand(kernel, host, "compact");
    expect(output.all("error")[0]).toMatch(/^Compaction failed: .*model overloaded.*\. The conversation is unchanged\.$/);
    expect(host.current).toBe(session);
    expect(session.messages).toHaveLength(2);
    server.enqueue({ text: "   " });
    expect((await runCommand(kernel, host, "compact")).all("error")).toEqual([
      "Compaction failed: the model returned an empty summary. The conversation is unchanged.",
    ]);
    expect(session.messages).toHaveLength(2);
  });

  it("leaves the conversation unchanged on Ctrl+C during the summary", async () => {
    const { kernel, server, host, session } = await withConversation();
    server.enqueue({ hang: true, text: "## Contexte" });
    const command = kernel.plugins.commands.get("compact");
    const controller = new AbortController();
    const warnings: string[] = [];
    const running = command?.run({
      session,
      host,
      args: "",
      interaction: session.interaction,
      signal: controller.signal,
      output: { info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined, text: () => undefined },
      submit: async () => undefined,
    });
    setTimeout(() => controller.abort(), 100);
    await running;
    expect(warnings).toEqual(["Compaction interrupted: the conversation is unchanged."]);
    expect(host.current).toBe(session);
    expect(session.messages).toHaveLength(2);
  });

  it("warns when the summary stopped at max_tokens", async () => {
    const { kernel, server, host } = await withConversation();
    server.enqueue({ text: SUMMARY, finishReason: "length" });
    const output = await runCommand(kernel, host, "compact");
    expect(output.all("warn")).toEqual(["The summary was cut by the token limit (max_tokens): the summary may be incomplete."]);
    expect(host.current.startContext).toBe(SUMMARY);
  });

  it("joins the prompt to the last message when it is already the user's, so that roles alternate", async () => {
    const { kernel, server, host, session } = await withConversation();
    session.messages.push({ role: "user", content: [{ type: "text", text: "A request left without answer" }] });
    server.enqueue({ text: SUMMARY });
    await runCommand(kernel, host, "compact");
    const body = server.chatBodies().at(-1) as { messages: Array<{ role: string }> };
    expect(body.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(lastUserText(body)).toMatch(/^A request left without answer\n\nMake a compacted summary of our exchanges\./);
  });

  it("ignores tool calls in the summary answer; the tools stay declared", async () => {
    const { kernel, server, host } = await withConversation();
    server.enqueue({ text: SUMMARY, toolCalls: [{ name: "Read", arguments: { path: "x" } }] });
    const output = await runCommand(kernel, host, "compact");
    expect(output.all("error")).toEqual([]);
    const body = server.chatBodies().at(-1) as { tools?: Array<{ function: { name: string } }> };
    expect(body.tools?.map((tool) => tool.function.name)).toEqual(["Echo"]);
    expect(host.current.startContext).toBe(SUMMARY);
    expect(host.current.messages).toEqual([]);
  });
});
