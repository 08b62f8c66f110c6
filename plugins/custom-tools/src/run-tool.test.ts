import { cp, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCustomTool } from "./custom-tool.ts";
import { loadCustomTools } from "./load-tools.ts";
import { runCustomTool, TOOL_OUTPUT_LIMIT } from "./run-tool.ts";
import { ECHO_ARGS_JS, echoTool, tempFolder, writeTool } from "./testing/fixtures.ts";
import type { ToolDefinition } from "./tool-definition.ts";

const EXAMPLE = fileURLToPath(new URL("../../../examples/tools/addition", import.meta.url));

let cwd: string;
let home: string;

beforeEach(async () => {
  cwd = await tempFolder("cwd");
  home = await tempFolder("home");
  setActiveLocale("en");
});
afterEach(() => setActiveLocale(undefined));

/** Writes one tool in the launch folder and loads it the way the plugin does. */
async function tool(definition: Record<string, unknown>, files: Record<string, string> = {}): Promise<ToolDefinition> {
  await writeTool(cwd, String(definition.name), definition, files);
  const { tools, warnings } = await loadCustomTools({ cwd, homeDir: home });
  expect(warnings).toEqual([]);
  const loaded = tools.find((entry) => entry.definition.name === definition.name);
  if (!loaded) throw new Error("tool not loaded");
  return loaded.definition;
}

function run(definition: ToolDefinition, values: Record<string, string>, timeoutMs?: number) {
  return runCustomTool(definition, values, { cwd, env: process.env, ...(timeoutMs ? { timeoutMs } : {}) });
}

describe("running a custom tool", () => {
  it("runs the seed's example: examples/tools/addition adds 2 and 3, and uses the default of param2", async () => {
    await cp(EXAMPLE, path.join(cwd, ".maia", "tools", "addition"), { recursive: true });
    const { tools } = await loadCustomTools({ cwd, homeDir: home });
    const addition = createCustomTool((tools[0] as { definition: ToolDefinition }).definition);
    const context = { cwd, env: process.env, state: new Map(), warn: () => undefined };
    expect(await addition.execute({ param1: 2, param2: 3 }, context)).toEqual({ content: "5", isError: false });
    expect(await addition.execute({ param1: 40 }, context)).toEqual({ content: "40", isError: false });
  });

  it("passes each value as one argument, received literally: no shell, no injection", async () => {
    const definition = await tool(echoTool("Echo"), { "echo.js": ECHO_ARGS_JS });
    const attacks = ["; rm -rf /", "$(touch pwned-subst)", "`touch pwned-backtick`", "a\nb; touch pwned-newline", `"quoted" 'single'`, "x && touch pwned-and | cat > out.txt", "*", "$HOME"];
    for (const value of attacks) {
      const result = await run(definition, { value });
      expect(result.isError).toBe(false);
      expect(JSON.parse(result.content).argv).toEqual([value]);
    }
    expect(await readdir(path.join(cwd, ".maia", "tools", "Echo"))).toEqual(["TOOL.json", "echo.js"]);
    expect(await readdir(cwd)).toEqual([".maia"]);
  });

  it("does not let a shell script's argument become a command either", async () => {
    const definition = await tool(
      { name: "Shout", description: "d", command: { parameters: [{ name: "text", type: "string" }], run: "sh ./shout.sh {{text}}" } },
      { "shout.sh": 'printf "%s|" "$@"\n' },
    );
    const result = await run(definition, { text: "$(touch pwned) `touch pwned2` ; touch pwned3" });
    expect(result).toEqual({ content: "$(touch pwned) `touch pwned2` ; touch pwned3|", isError: false });
    expect(await readdir(path.join(cwd, ".maia", "tools", "Shout"))).toEqual(["TOOL.json", "shout.sh"]);
  });

  it("runs in the tool's folder, with MAIA_CWD and MAIA_TOOL_DIR set", async () => {
    const definition = await tool(echoTool("Where", []), { "echo.js": ECHO_ARGS_JS });
    const seen = JSON.parse((await run(definition, {})).content);
    const folder = path.join(cwd, ".maia", "tools", "Where");
    expect(seen).toEqual({ argv: [], cwd: folder, maiaCwd: cwd, toolDir: folder });
  });

  it("starts a program given as ./script from the tool's folder", async () => {
    const definition = await tool(
      { name: "Local", description: "d", command: { parameters: [{ name: "who", type: "string" }], run: "./hello.sh {{who}}" } },
      { "hello.sh": '#!/bin/sh\necho "hello $1"\n' },
    );
    expect(await run(definition, { who: "Ada" })).toEqual({ content: "hello Ada", isError: false });
  });

  it("turns a non-zero exit into an error for the model, with the script's stderr", async () => {
    const definition = await tool(
      { name: "Fails", description: "d", command: { run: "node ./fail.js" } },
      { "fail.js": 'console.log("partial"); console.error("disk full"); process.exit(3);\n' },
    );
    expect(await run(definition, {})).toEqual({ content: "The tool Fails failed (exit code 3):\ndisk full", isError: true });
  });

  it("says so in French when the user speaks French", async () => {
    setActiveLocale("fr");
    const definition = await tool(
      { name: "Echoue", description: "d", command: { run: "node ./fail.js" } },
      { "fail.js": 'console.error("disque plein"); process.exit(2);\n' },
    );
    expect((await run(definition, {})).content).toBe("L'outil Echoue a échoué (code de sortie 2) :\ndisque plein");
  });

  it("stops a tool that runs past its time limit and says so", async () => {
    const definition = await tool(
      { name: "Slow", description: "d", command: { run: "node ./slow.js" } },
      { "slow.js": 'console.log("started"); setTimeout(() => {}, 60_000);\n' },
    );
    // 3 s: long enough for a loaded machine to start node and print "started", which the result must keep.
    const result = await run(definition, {}, 3_000);
    expect(result.isError).toBe(true);
    expect(result.content).toBe("The tool Slow did not finish within 3 s and was stopped.\nstarted");
  });

  it("cuts the output at 30,000 characters and says so", async () => {
    const definition = await tool(
      { name: "Chatty", description: "d", command: { run: "node ./chatty.js" } },
      { "chatty.js": 'process.stdout.write("x".repeat(100_000));\n' },
    );
    const result = await run(definition, {});
    expect(result.isError).toBe(false);
    expect(result.content).toBe(`${"x".repeat(TOOL_OUTPUT_LIMIT)}\n[output cut at 30,000 characters]`);
  });

  it("reports a program that does not exist", async () => {
    const definition = await tool({ name: "Ghost", description: "d", command: { run: "maia-no-such-program --x" } });
    expect(await run(definition, {})).toEqual({
      content: 'The tool Ghost could not start "maia-no-such-program": program not found (is it installed and on the PATH?)',
      isError: true,
    });
  });

  it("says when a tool printed nothing", async () => {
    const definition = await tool({ name: "Quiet", description: "d", command: { run: "node -e 0" } });
    expect(await run(definition, {})).toEqual({ content: "(no output)", isError: false });
  });

  it("stops the program and rethrows the abort when the turn is interrupted", async () => {
    const definition = await tool(
      { name: "Long", description: "d", command: { run: "node ./long.js" } },
      { "long.js": "setTimeout(() => {}, 60_000);\n" },
    );
    const controller = new AbortController();
    const running = runCustomTool(definition, {}, { cwd, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
  });
});
