import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { definePlugin, NO_INTERACTION, type Tool } from "@maia/kernel";
import { createTestKernel, recordEvents, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import customTools from "./index.ts";
import { ECHO_ARGS_JS, echoTool, writeTool } from "./testing/fixtures.ts";

const litellm = await firstParty("litellm");
const permissions = await firstParty("permissions");

const EXAMPLE = fileURLToPath(new URL("../../../examples/tools/addition", import.meta.url));

let server: FakeLiteLLM;
beforeEach(async () => {
  server = await startFakeLiteLLM();
});
afterEach(async () => {
  await server.close();
});

async function kernelWithAddition(extraPlugins: Array<Parameters<typeof createTestKernel>[0][number]> = [], allowRules: string[] = []) {
  const test = await createTestKernel([litellm, ...extraPlugins, customTools], { allowRules });
  server.writeSettings(test.homeDir);
  await cp(EXAMPLE, path.join(test.cwd, ".maia", "tools", "addition"), { recursive: true });
  return test;
}

/** What the model was sent back for a tool call, from the second chat request. */
function toolMessages(index: number): Array<{ role: string; content: string; tool_call_id: string }> {
  const body = server.chatBodies()[index] as { messages: Array<{ role: string; content: string; tool_call_id: string }> };
  return body.messages.filter((message) => message.role === "tool");
}

describe("the custom tools plugin in a session", () => {
  it("offers Addition to the model, asks before running it, and gives the sum back to the model", async () => {
    const { kernel, logs } = await kernelWithAddition();
    server.enqueue({ toolCalls: [{ id: "c1", name: "Addition", arguments: { param1: 2, param2: 3 } }] }, { text: "2 + 3 = 5" });
    const interaction = scriptedInteraction(["yes"]);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction });
    const events = recordEvents(session.events);
    const outcome = await kernel.runTurn(session, "What is 2 + 3?");

    expect(outcome.status).toBe("done");
    const offered = (server.chatBodies()[0]?.tools ?? []) as Array<{ function: { name: string; parameters: unknown } }>;
    expect(offered.find((tool) => tool.function.name === "Addition")?.function.parameters).toMatchObject({
      properties: { param1: { type: "number" }, param2: { type: "number", default: 0 } },
      required: ["param1"],
    });
    expect(interaction.questions).toHaveLength(1);
    expect(interaction.questions[0]).toBe("Allow Addition: param1=2, param2=3?");
    expect(toolMessages(1)).toEqual([{ role: "tool", tool_call_id: "c1", content: "5" }]);
    expect(events).toContainEqual({ type: "tool_result", id: "c1", name: "Addition", output: "5", isError: false });
    expect(logs).toContainEqual({ level: "info", message: "Custom tools loaded:\n  Addition" });
  });

  it("does not run it when the user says no, nor in headless mode without a rule", async () => {
    const { kernel } = await kernelWithAddition();
    server.enqueue({ toolCalls: [{ id: "n1", name: "Addition", arguments: { param1: 1 } }] }, { text: "refused" });
    const refusing = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction(["no"]) });
    await kernel.runTurn(refusing, "add");
    expect(toolMessages(1)[0]?.content).toBe("The user refused this action.");

    server.enqueue({ toolCalls: [{ id: "h1", name: "Addition", arguments: { param1: 1 } }] }, { text: "refused" });
    const headless = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    await kernel.runTurn(headless, "add");
    expect(toolMessages(3)[0]?.content).toContain("--allow 'Addition'");
  });

  it("follows permission rules that name the tool: Addition allowed runs without a question, denied never runs", async () => {
    const allowed = await kernelWithAddition([permissions], ["Addition"]);
    server.enqueue({ toolCalls: [{ id: "p1", name: "Addition", arguments: { param1: 4, param2: 4 } }] }, { text: "8" });
    const interaction = scriptedInteraction([]);
    await allowed.kernel.runTurn(await allowed.kernel.createSession({ model: "fake-model" }, { interaction }), "4 + 4");
    expect(interaction.questions).toEqual([]);
    expect(toolMessages(1)[0]?.content).toBe("8");

    const denied = await kernelWithAddition([permissions], []);
    await writeFile(path.join(denied.cwd, ".maia", "settings.json"), JSON.stringify({ permissions: { deny: ["Addition"] } }));
    server.enqueue({ toolCalls: [{ id: "p2", name: "Addition", arguments: { param1: 1 } }] }, { text: "denied" });
    const asked = scriptedInteraction(["yes"]);
    await denied.kernel.runTurn(await denied.kernel.createSession({ model: "fake-model" }, { interaction: asked }), "1 + 0");
    expect(asked.questions).toEqual([]);
    expect(toolMessages(3)[0]?.content).toContain("Addition");
    expect(toolMessages(3)[0]?.content).not.toBe("1");
  });

  it("reads the definitions again for each new session (/clear, /new), and warns about a broken one", async () => {
    const { kernel, cwd, logs } = await kernelWithAddition();
    const first = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    expect([...first.tools.keys()]).toContain("Addition");
    expect([...first.tools.keys()]).not.toContain("Echo");

    await writeTool(cwd, "echo", echoTool("Echo"), { "echo.js": ECHO_ARGS_JS });
    await writeTool(cwd, "addition", '{ "name": "Addition", "command": { "run": "node ./test.js" } }');
    const second = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    expect([...second.tools.keys()]).toContain("Echo");
    expect([...second.tools.keys()]).not.toContain("Addition");
    expect(logs).toContainEqual({
      level: "warn",
      message: `${path.join(cwd, ".maia", "tools", "addition", "TOOL.json")} (line 1): "description" is missing: describe what the tool does, for the model — this tool is not loaded.`,
    });
  });

  it("leaves the name of another plugin's tool to that plugin", async () => {
    const hello: Tool = {
      spec: { name: "Hello", description: "Greets", inputSchema: { type: "object", properties: {} } },
      permission: "auto",
      execute: async () => "hello from the plugin",
    };
    const other = definePlugin({
      name: "hello-plugin",
      version: "1.0.0",
      kernel: "^1.0.0",
      apply(context) {
        context.hooks.tools.tapPromise("hello-plugin", async (tools) => [...tools, hello]);
      },
    });
    const { kernel, cwd, logs } = await kernelWithAddition([other]);
    await writeTool(cwd, "hello", echoTool("Hello"), { "echo.js": ECHO_ARGS_JS });
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    expect(session.tools.get("Hello")).toBe(hello);
    expect(logs.some((log) => log.level === "warn" && log.message.includes('"Hello" is already the name of another tool'))).toBe(true);
  });
});
