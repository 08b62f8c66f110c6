import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { runMaia, tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { acpPerTest, initialize } from "../../acp/testing/test-client.ts";
import { writeFixturePlugin } from "./testing/fixtures.ts";

/** An editor's view of a Claude Code plugin: `maia acp` announces its commands and skills, and runs them. */
const bed = acpPerTest(() => startFakeLiteLLM());

describe("maia acp with a Claude Code plugin", { timeout: 120_000 }, () => {
  it("available_commands_update lists /formatter:check, its namespaced command and skill; the command runs", async () => {
    const scratch = await tempFolder("maia-claude-plugin-");
    const folder = await writeFixturePlugin(path.join(scratch, "formatter"), { hookMarker: path.join(scratch, "hook-ran") });
    // bed's folders are getters of its prototype: named one by one (a spread would copy none of them).
    const added = await runMaia(["plugins", "add", folder], { cwd: bed.cwd, home: bed.home, timeoutMs: 90_000 });
    expect(added.code, added.stderr).toBe(0);

    const agent = bed.start({ args: ["--model", "fake-model"] });
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await agent.waitFor((notification) => notification.sessionId === sessionId && notification.update.sessionUpdate === "available_commands_update");
    const commands = agent.updates(sessionId, "available_commands_update").at(-1)?.availableCommands ?? [];
    const byName = new Map(commands.map((command) => [command.name, command]));
    expect(byName.get("formatter:check")).toMatchObject({ description: "Check the formatting of a path (plugin formatter@inline)", input: { hint: "<path>" } });
    expect(byName.get("formatter:git:sync")?.description).toBe("Sync the formatter's git hooks (plugin formatter@inline)");
    expect(byName.get("formatter:style-guide")?.description).toBe("The team style guide: tabs, 100 columns");

    bed.server.enqueue({ text: "Checked." });
    const answer = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "/formatter:check src" }] });
    expect(answer).toEqual({ stopReason: "end_turn" });
    const installPath = path.join(bed.home, ".maia", "plugins", "cache", "inline", "formatter", "1.2.0");
    expect(bed.server.chatBodies()[0]?.messages?.at(-1)).toEqual({ role: "user", content: `Check the formatting of src with the rules in ${installPath}/rules.txt.` });
    expect(await agent.close()).toBe(0);
  });
});
