import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());
/** Far past any stack: JSON.stringify of this overflows in Node. */
const DEPTH = 20_000;
const deepArray = `${"[".repeat(DEPTH)}1${"]".repeat(DEPTH)}`;

const maia = (...args: string[]) => runMaia(["-p", ...args, "--model", "fake-model"], { ...bed, timeoutMs: 30_000 });

describe("deep nesting never overflows the stack", () => {
  it("a tool input nested 20,000 levels: that call is refused with a message naming it, the turn goes on", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "deep1", name: "Read", arguments: `{"path":${deepArray}}` }] }, { text: "I will not do that again." });
    const run = await maia("go", "--output-format", "json");
    expect(run.stderr).not.toContain("Maximum call stack");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ result: "I will not do that again." });
    const sent = bed.server.chatBodies()[1]?.messages ?? [];
    const result = sent.find((message) => message.role === "tool");
    expect(result).toMatchObject({ tool_call_id: "deep1" });
    expect(String(result?.content)).toContain("Read");
    expect(String(result?.content)).toContain("deeper than 512 levels");
    // The session was saved, without the deep input.
    const folder = path.join(bed.cwd, ".maia", ".sessions");
    const [file] = await readdir(folder);
    expect((await readFile(path.join(folder, String(file)), "utf8")).length).toBeLessThan(10_000);
  });

  it("a session file nested 20,000 levels: --resume names the file, nothing overflows", async () => {
    const folder = path.join(bed.cwd, ".maia", ".sessions");
    await mkdir(folder, { recursive: true });
    const text = `{"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"x","name":"Read","input":{"a":${deepArray}}}]}]}`;
    await writeFile(path.join(folder, "deep.json"), text);
    const run = await maia("hi", "--resume", "deep");
    expect(run.stderr).not.toContain("Maximum call stack");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(".maia/.sessions/deep.json");
    expect(run.stderr).toContain("deeper than 512 levels (at /messages/0/content/0/input/a/");
    // The file is the user's: untouched.
    expect(await readFile(path.join(folder, "deep.json"), "utf8")).toBe(text);
  });

  it("settings.json and .maia/config.json nested 20,000 levels: a message naming the file, never a stack overflow", async () => {
    const settings = path.join(bed.home, ".maia", "settings.json");
    const original = JSON.parse(await readFile(settings, "utf8")) as Record<string, unknown>;
    await writeFile(settings, JSON.stringify(original).replace(/}$/, `,"permissions":{"allow":${deepArray}}}`));
    await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
    await writeFile(path.join(bed.cwd, ".maia", "config.json"), `{"plugins":{"mcp":{"options":${deepArray.replace(/^\[/, "{\"a\":[").replace(/\]$/, "]}")}}}}`);
    bed.server.enqueue({ text: "still here" });
    const run = await maia("hi");
    expect(run.stderr).not.toContain("Maximum call stack");
    expect(run.stderr).toContain(settings);
    expect(run.stderr).toContain(path.join(bed.cwd, ".maia", "config.json"));
  });
});
