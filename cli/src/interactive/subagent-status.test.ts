import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { setActiveLocale, type AgentSession, type CommandContext } from "@maia/kernel";
import { commandContext, createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import litellm from "@maia/plugin-litellm";
import subagents from "@maia/plugin-subagents";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UIStore } from "../ui/ui-store.ts";
import { followSubagents } from "./subagent-status.ts";

/** MAIA's entry in this source tree: the sub-agent's process is the real `maia --subagent`. */
const CLI_SOURCE = fileURLToPath(new URL("../main.ts", import.meta.url));

const AGENT = [
  "---",
  "name: helper",
  "description: Helps",
  "---",
  "# Instructions system",
  "You help.",
  "# Missions",
  "Do the task.",
  "# Output",
  "One line.",
  "",
].join("\n");

let server: FakeLiteLLM;
beforeEach(async () => {
  server = await startFakeLiteLLM();
});
afterEach(async () => {
  setActiveLocale(undefined);
  await server.close();
});

/** `&…` typed at the prompt: the prefix gets the whole input, its output is not looked at here. */
function prefixContext(session: AgentSession, input: string): CommandContext & { input: string } {
  return { ...commandContext(session, input.slice(1), scriptedInteraction([])).context, input };
}

describe.each(["en", "fr"] as const)("the status line while a sub-agent works (seed § 20.3b, %s)", (lang) => {
  it("shows the sub-agent's label from the start of its run to its end, then nothing", { timeout: 60_000 }, async () => {
    setActiveLocale(lang);
    const { kernel, cwd, homeDir } = await createTestKernel([litellm, { plugin: subagents, options: { program: CLI_SOURCE, execArgv: [] } }], {
      frontEnd: "tui",
      env: { MAIA_LANG: lang },
    });
    await mkdir(path.join(cwd, ".maia", "agents", "helper"), { recursive: true });
    await writeFile(path.join(cwd, ".maia", "agents", "helper", "AGENT.md"), AGENT);
    server.writeSettings(homeDir);
    const store = new UIStore();
    const stop = followSubagents(kernel, { beginActivity: (label) => store.beginActivity(label) });
    let whileWorking: string | undefined;
    server.enqueue(() => {
      // The sub-agent's own request to the model: it is at work.
      whileWorking = store.getSnapshot().activity;
      return { text: "Done." };
    });
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    expect(store.getSnapshot().activity).toBeUndefined();
    await kernel.plugins.prefixes.get("&")?.run(prefixContext(session, "&helper check"));
    expect(whileWorking).toBe(lang === "fr" ? "Sous-agent « helper » au travail" : 'Sub-agent "helper" at work');
    expect(store.getSnapshot().activity).toBeUndefined();
    stop();
  });
});

describe("without the subagents plugin", () => {
  it("follows nothing", async () => {
    const { kernel } = await createTestKernel([litellm]);
    const store = new UIStore();
    const stop = followSubagents(kernel, { beginActivity: (label) => store.beginActivity(label) });
    stop();
    expect(store.getSnapshot().activity).toBeUndefined();
  });
});
