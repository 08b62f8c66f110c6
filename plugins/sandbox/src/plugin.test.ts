import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { setActiveLocale, type Kernel } from "@maia/kernel";
import { commandContext, createTestKernel, recordEvents, scriptedInteraction } from "@maia/testing-kernel";
import { tempFolder } from "@maia/testing-maia";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import sandboxPlugin from "./index.ts";

// A real kernel with the real litellm, builtin-tools, permissions and sandbox plugins, in a front end that can ask
// (the terminal's), the real bubblewrap: what is asked, what runs, and where.
const plugins = await Promise.all([firstParty("litellm"), firstParty("builtin-tools"), firstParty("permissions")]);

let server: FakeLiteLLM;
let kernel: Kernel;
let cwd: string;
let homeDir: string;

async function boot(sandbox: Record<string, unknown>, permissions: Record<string, unknown> = {}) {
  const test = await createTestKernel([...plugins, sandboxPlugin], { frontEnd: "tui" });
  kernel = test.kernel;
  cwd = test.cwd;
  homeDir = test.homeDir;
  server.writeSettings(homeDir, { sandbox, permissions });
}

async function turn(calls: Array<Record<string, unknown>>, answers: Array<"yes" | "no"> = []) {
  server.enqueue({ toolCalls: calls.map((args, index) => ({ id: `c${index}`, name: "Bash", arguments: args })) }, { text: "done" });
  const interaction = scriptedInteraction(answers);
  const session = await kernel.createSession({ model: "fake-model" }, { interaction });
  const events = recordEvents(session.events);
  await kernel.runTurn(session, "go");
  return { questions: interaction.questions, events };
}

beforeEach(async () => {
  setActiveLocale("en");
  server = await startFakeLiteLLM({ script: [] });
});
afterEach(async () => {
  setActiveLocale(undefined);
  await server.close();
});

describe.runIf(process.platform === "linux")("the sandbox and the permission rules, where someone can answer", () => {
  it("autoAllowBashIfSandboxed: no question for a command no rule covers; an ask rule still asks; a deny rule still denies", async () => {
    await boot({ autoAllowBashIfSandboxed: true }, { ask: ["Bash(git push *)"], deny: ["Bash(rm *)"] });
    const free = await turn([{ command: "touch free.txt" }]);
    expect(free.questions).toEqual([]);
    expect(existsSync(path.join(cwd, "free.txt"))).toBe(true);
    expect(free.events.find((event) => event.type === "tool_result")).toMatchObject({ sandboxed: true });

    const asked = await turn([{ command: "git push origin main" }], ["no"]);
    expect(asked.questions).toHaveLength(1);
    await writeFile(path.join(cwd, "keep.txt"), "");
    const denied = await turn([{ command: "rm keep.txt" }]);
    expect(denied.questions).toEqual([]);
    expect(existsSync(path.join(cwd, "keep.txt"))).toBe(true);
  });

  it("dangerouslyDisableSandbox always asks, even under an allow rule and auto-allow, and runs outside once allowed", async () => {
    const outside = await tempFolder("maia-sbx-plugin-out-");
    await boot({ autoAllowBashIfSandboxed: true }, { allow: ["Bash(touch *)"] });
    const no = await turn([{ command: `touch ${outside}/a`, dangerouslyDisableSandbox: true }], ["no"]);
    expect(no.questions).toHaveLength(1);
    expect(existsSync(path.join(outside, "a"))).toBe(false);
    const yes = await turn([{ command: `touch ${outside}/b`, dangerouslyDisableSandbox: true }], ["yes"]);
    expect(yes.questions).toHaveLength(1);
    expect(existsSync(path.join(outside, "b"))).toBe(true);
    expect(yes.events.find((event) => event.type === "tool_result")).toMatchObject({ sandboxed: false });
  });

  it("without auto-allow, the rules ask as before; excludedCommands run outside and are asked too", async () => {
    const outside = await tempFolder("maia-sbx-plugin-out-");
    await boot({ excludedCommands: ["touch"] });
    const asked = await turn([{ command: `touch ${outside}/excluded` }], ["yes"]);
    expect(asked.questions).toHaveLength(1);
    expect(existsSync(path.join(outside, "excluded"))).toBe(true);
  });

  it("/sandbox shows the state, the boundary, the settings and the last refusals", async () => {
    await boot({ network: { allowedDomains: ["registry.npmjs.org"] }, filesystem: { allowWrite: ["~/cache"] } });
    await mkdir(path.join(homeDir, "cache"));
    await turn([{ command: "touch /etc/nope" }], ["yes"]);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    const { context, lines: printed } = commandContext(session, "");
    await kernel.plugins.commands.get("sandbox")?.run(context);
    const lines = printed.join("\n");
    expect(lines).toContain("Sandbox: on (bubblewrap)");
    expect(lines).toContain(`Writes: ${cwd}, ~/cache, $TMPDIR`);
    expect(lines).toContain("Network: only registry.npmjs.org, through MAIA's proxy");
    expect(lines).toContain("touch /etc/nope: The sandbox refused writing /etc/nope");
  });
});
