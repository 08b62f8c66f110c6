import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia, streamEvents, tempFolder } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

describe("maia -p (headless)", () => {
  it("prints the final answer and exits 0", async () => {
    bed.server.enqueue({ text: "Hello from the model." });
    const run = await runMaia(["-p", "say hello", "--model", "fake-model"], bed);
    expect(run).toMatchObject({ code: 0, stdout: "Hello from the model.\n" });
    expect(bed.server.chatBodies()[0]).toMatchObject({ model: "fake-model", stream: true, stream_options: { include_usage: true } });
    expect(bed.server.chatBodies()[0]?.messages?.at(-1)).toEqual({ role: "user", content: "say hello" });
  });

  it("reads the prompt from standard input when -p has no text", async () => {
    bed.server.enqueue({ text: "got it" });
    const run = await runMaia(["-p", "--model", "fake-model"], { ...bed, input: "from stdin\n" });
    expect(run.code).toBe(0);
    expect(bed.server.chatBodies()[0]?.messages?.at(-1)).toEqual({ role: "user", content: "from stdin\n" });
  });

  it("takes the model from the project's .maia/config.json", async () => {
    await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
    await writeFile(path.join(bed.cwd, ".maia", "config.json"), JSON.stringify({ model: "litellm:project-model" }));
    bed.server.enqueue({ text: "ok" });
    await runMaia(["-p", "hi"], bed);
    expect(bed.server.chatBodies()[0]?.model).toBe("project-model");
  });

  it("prefers MAIA_MODEL over the config file, and --model over both", async () => {
    await mkdir(path.join(bed.home, ".maia"), { recursive: true });
    await writeFile(path.join(bed.home, ".maia", "config.json"), JSON.stringify({ model: "user-model" }));
    bed.server.enqueue({ text: "1" }, { text: "2" }, { text: "3" });
    await runMaia(["-p", "hi"], bed);
    await runMaia(["-p", "hi"], { ...bed, env: { MAIA_MODEL: "env-model" } });
    await runMaia(["-p", "hi", "--model", "flag-model"], { ...bed, env: { MAIA_MODEL: "env-model" } });
    expect(bed.server.chatBodies().map((body) => body.model)).toEqual(["user-model", "env-model", "flag-model"]);
  });

  it("reports one JSON object with --output-format json", async () => {
    bed.server.enqueue({ text: "answer", usage: { prompt_tokens: 12, completion_tokens: 3 } });
    const run = await runMaia(["-p", "q", "--model", "m", "--output-format", "json"], bed);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      result: "answer",
      stopReason: "end_turn",
      toolCalls: 0,
      usage: { inputTokens: 12, outputTokens: 3 },
      sessionName: expect.stringMatching(/^session_\d{4}-\d{2}-\d{2}_\d{2}_\d{2}_\d{2}$/),
    });
  });

  it("streams one JSON event per line with --output-format stream-json", async () => {
    bed.server.enqueue({ text: ["a", "b"], usage: { prompt_tokens: 5, completion_tokens: 2 } });
    const run = await runMaia(["-p", "q", "--model", "m", "--output-format", "stream-json"], bed);
    const events = streamEvents(run.stdout);
    // One `text` event per read of the model's stream: "a" and "b" as one or two events, as they reached MAIA.
    const texts = events.filter((event) => event.type === "text");
    expect(texts.map((event) => event.text).join("")).toBe("ab");
    expect(events.slice(texts.length)).toEqual([
      { type: "usage", inputTokens: 5, outputTokens: 2 },
      { type: "done", stopReason: "end_turn" },
    ]);
  });

  it("fails with exit code 1 and an example file when settings.json is missing", async () => {
    const bare = await tempFolder("maia-bare-");
    const run = await runMaia(["-p", "hi", "--model", "m"], { cwd: bed.cwd, home: bare });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(path.join(bare, ".maia", "settings.json"));
    expect(run.stderr).toContain('"LiteLLM_URL"');
  });

  it("fails with exit code 1 when no model is configured", async () => {
    const run = await runMaia(["-p", "hi"], bed);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("No model configured");
  });

  it("exits 2 on bad usage", async () => {
    expect((await runMaia(["--output-format", "xml", "-p", "x"], bed)).code).toBe(2);
    expect((await runMaia(["--max-iterations", "0", "-p", "x"], bed)).code).toBe(2);
    expect((await runMaia(["-p", "--model", "m"], { ...bed, input: "" })).code).toBe(2);
  });

  it("reports an LLM error on stderr with exit code 1", async () => {
    bed.server.enqueue({ error: { status: 401, body: { error: { message: "invalid key" } } } });
    const run = await runMaia(["-p", "hi", "--model", "m"], bed);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("invalid key");
  });

  it("announces a retry on 429 and then answers", async () => {
    bed.server.enqueue({ error: { status: 429, headers: { "Retry-After": "0" } } }, { text: "after retry" });
    const run = await runMaia(["-p", "hi", "--model", "m", "--output-format", "stream-json"], bed);
    const events = streamEvents(run.stdout);
    expect(events[0]?.type).toBe("warning");
    expect(events[0]?.message).toContain("retry 1");
    const text = events.filter((event) => event.type === "text").map((event) => (event as { text?: string }).text).join("");
    expect(text).toBe("after retry");
    expect(run.code).toBe(0);
  });

  it("prints the version and the help", async () => {
    expect((await runMaia(["--version"], bed)).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const help = await runMaia(["--help"], bed);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("maia -p");
  });

  it("runs a print request written with grouped short options (-cp) as -c -p", async () => {
    bed.server.enqueue({ text: "first" }, { text: "second" });
    expect((await runMaia(["-p", "one", "--model", "m"], bed)).stdout).toBe("first\n");
    const run = await runMaia(["-cp", "two", "--model", "m"], bed);
    expect(run).toMatchObject({ code: 0, stdout: "second\n" });
    const messages = bed.server.chatBodies()[1]?.messages ?? [];
    expect(messages.filter((message) => message.role === "user").map((message) => message.content)).toEqual(["one", "two"]);
  });

  it("speaks French when the locale says so", async () => {
    const run = await runMaia(["-p", "hi"], { ...bed, env: { MAIA_LANG: "fr" } });
    expect(run.stderr).toContain("Aucun modèle configuré");
  });

  it("refuses the interactive mode without a terminal", async () => {
    const run = await runMaia([], bed);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("TTY");
  });
});
