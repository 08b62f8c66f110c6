import { cp } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { beforeEach, describe, expect, it } from "vitest";
import { builtinPlugin, maiaPerTest, runMaia } from "@maia/testing-maia";
// The CLI's own helper to run the built bundle (`pnpm build` first; `pnpm test` does it), and its plugin list.
import { writeTool } from "./testing/fixtures.ts";

const EXAMPLE = fileURLToPath(new URL("../../../examples/tools/addition", import.meta.url));
/** `--allow` rules are read by the permissions plugin; without it a headless run can only refuse. */
const permissionsOn = builtinPlugin("permissions");

const bed = maiaPerTest(() => startFakeLiteLLM());
beforeEach(async () => {
  await cp(EXAMPLE, path.join(bed.cwd, ".maia", "tools", "addition"), { recursive: true });
});

type Body = { messages: Array<{ role: string; content: string | null }>; tools?: Array<{ function: { name: string } }> };
const toolResult = (index: number) => (bed.server.chatBodies()[index] as Body).messages.find((message) => message.role === "tool")?.content;

describe("maia -p with a custom tool (end to end, real process)", () => {
  it.runIf(permissionsOn)("lets the model call Addition when --allow Addition allows it, and gives it the sum", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "a1", name: "Addition", arguments: { param1: 2, param2: 3 } }] }, { text: "2 + 3 = 5" });
    const run = await runMaia(["-p", "What is 2 + 3?", "--model", "fake-model", "--allow", "Addition", "--output-format", "json"], bed);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ result: "2 + 3 = 5", toolCalls: 1 });
    expect(toolResult(1)).toBe("5");
  });

  it("offers Addition to the model, and refuses to run it unasked in headless mode", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "a1", name: "Addition", arguments: { param1: 2, param2: 3 } }] }, { text: "I could not add." });
    const run = await runMaia(["-p", "What is 2 + 3?", "--model", "fake-model", "--output-format", "stream-json"], bed);
    expect(run.code).toBe(0);
    expect(((bed.server.chatBodies()[0] as Body).tools ?? []).map((tool) => tool.function.name)).toContain("Addition");
    expect(toolResult(1)).toContain("--allow 'Addition'");
    expect(toolResult(1)).not.toBe("5");
  });

  it("reports a broken TOOL.json on stderr with its file and line, and still answers", async () => {
    await writeTool(bed.cwd, "broken", '{\n  "description": "d",\n  "command": { "run": "node {{n}}" }\n}');
    bed.server.enqueue({ text: "fine" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(run.stdout).toBe("fine\n");
    expect(run.stderr).toContain(
      `WARN ${path.join(bed.cwd, ".maia", "tools", "broken", "TOOL.json")} (line 3): "run" uses {{n}}, which is not a declared parameter`,
    );
  });
});
