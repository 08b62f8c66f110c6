import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { setActiveLocale, type MaiaPlugin } from "@maia/kernel";
import { createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { serverPerTest, tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fileRefs from "./index.ts";

const builtinTools = await firstParty("builtin-tools");
const litellm = await firstParty("litellm");

const llm = serverPerTest(() => startFakeLiteLLM({ script: [] }));
beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

describe("@ references never send raw control characters", () => {
  it("the request carries ESC, BEL and a NUL of the file as visible stand-ins", async () => {
    const cwd = await tempFolder();
    const { kernel, homeDir } = await createTestKernel([litellm, builtinTools, fileRefs] as Array<MaiaPlugin<never, unknown>>, { cwd, frontEnd: "tui" });
    llm.server.writeSettings(homeDir);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    const padding = `${"y".repeat(99)}\n`.repeat(100);
    await writeFile(path.join(cwd, "log.txt"), `${padding}\u001b[2J\u001b[Hclear screen\u0007 then a nul:\u0000.\n`);
    llm.server.enqueue({ text: "Seen." });
    await kernel.runTurn(session, "what is in @log.txt?");
    const messages = (llm.server.chatBodies()[0] as { messages: Array<{ role: string; content: string }> }).messages;
    const sent = messages.filter((message) => message.role === "user").at(-1)?.content ?? "";
    expect(sent).toContain("\u241b[2J\u241b[Hclear screen\u2407 then a nul:\u2400.");
    expect(/[\u0000-\u0008\u000b-\u001f\u007f]/.test(sent)).toBe(false);
  });
});
