import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMaia } from "@maia/testing-maia";

let server: FakeLiteLLM;
let home: string;
let cwd: string;

beforeEach(async () => {
  server = await startFakeLiteLLM();
  home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
  cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
  await server.writeSettings(home);
});
afterEach(async () => {
  await server.close();
});

describe("maia -p (headless)", () => {
  it("prints the final answer and exits 0", async () => {
    server.enqueue({ text: "Hello from the model." });
    const run = await runMaia(["-p", "say hello", "--model", "fake-model"], { cwd, home });
    expect(run).toMatchObject({ code: 0, stdout: "Hello from the model.\n" });
    expect(server.chatBodies()[0]).toMatchObject({ model: "fake-model", stream: true, stream_options: { include_usage: true } });
    expect(server.chatBodies()[0]?.messages?.at(-1)).toEqual({ role: "user", content: "say hello" });
  });

  it("reads the prompt from standard input when -p has no text", async () => {
    server.enqueue({ text: "got it" });
    const run = await runMaia(["-p", "--model", "fake-model"], { cwd, home, input: "from stdin\n" });
    expect(run.code).toBe(0);
    expect(server.chatBodies()[0]?.messages?.at(-1)).toEqual({ role: "user", content: "from stdin\n" });
  });

  it("takes the model from the project's .maia/config.json", async () => {
    await mkdir(path.join(cwd, ".maia"), { recursive: true });
    await writeFile(path.join(cwd, ".maia", "config.json"), JSON.stringify({ model: "litellm:project-model" }));
    server.enqueue({ text: "ok" });
    await runMaia(["-p", "hi"], { cwd, home });
    expect(server.chatBodies()[0]?.model).toBe("project-model");
  });

  it("prefers MAIA_MODEL over the config file, and --model over both", async () => {
    await mkdir(path.join(home, ".maia"), { recursive: true });
    await writeFile(path.join(home, ".maia", "config.json"), JSON.stringify({ model: "user-model" }));
    server.enqueue({ text: "1" }, { text: "2" }, { text: "3" });
    await runMaia(["-p", "hi"], { cwd, home });
    await runMaia(["-p", "hi"], { cwd, home, env: { MAIA_MODEL: "env-model" } });
    await runMaia(["-p", "hi", "--model", "flag-model"], { cwd, home, env: { MAIA_MODEL: "env-model" } });
    expect(server.chatBodies().map((body) => body.model)).toEqual(["user-model", "env-model", "flag-model"]);
  });

  it("reports one JSON object with --output-format json", async () => {
    server.enqueue({ text: "answer", usage: { prompt_tokens: 12, completion_tokens: 3 } });
    const run = await runMaia(["-p", "q", "--model", "m", "--output-format", "json"], { cwd, home });
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
    server.enqueue({ text: ["a", "b"], usage: { prompt_tokens: 5, completion_tokens: 2 } });
    const run = await runMaia(["-p", "q", "--model", "m", "--output-format", "stream-json"], { cwd, home });
    const events = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string });
    expect(events).toEqual([
      { type: "text", text: "a" },
      { type: "text", text: "b" },
      { type: "usage", inputTokens: 5, outputTokens: 2 },
      { type: "done", stopReason: "end_turn" },
    ]);
  });

  it("fails with exit code 1 and an example file when settings.json is missing", async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), "maia-bare-"));
    const run = await runMaia(["-p", "hi", "--model", "m"], { cwd, home: bare });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(path.join(bare, ".maia", "settings.json"));
    expect(run.stderr).toContain('"LiteLLM_URL"');
  });

  it("fails with exit code 1 when no model is configured", async () => {
    const run = await runMaia(["-p", "hi"], { cwd, home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("No model configured");
  });

  it("exits 2 on bad usage", async () => {
    expect((await runMaia(["--output-format", "xml", "-p", "x"], { cwd, home })).code).toBe(2);
    expect((await runMaia(["--max-iterations", "0", "-p", "x"], { cwd, home })).code).toBe(2);
    expect((await runMaia(["-p", "--model", "m"], { cwd, home, input: "" })).code).toBe(2);
  });

  it("reports an LLM error on stderr with exit code 1", async () => {
    server.enqueue({ error: { status: 401, body: { error: { message: "invalid key" } } } });
    const run = await runMaia(["-p", "hi", "--model", "m"], { cwd, home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("invalid key");
  });

  it("announces a retry on 429 and then answers", async () => {
    server.enqueue({ error: { status: 429, headers: { "Retry-After": "0" } } }, { text: "after retry" });
    const run = await runMaia(["-p", "hi", "--model", "m", "--output-format", "stream-json"], { cwd, home });
    const events = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string; message?: string });
    expect(events[0]?.type).toBe("warning");
    expect(events[0]?.message).toContain("retry 1");
    const text = events.filter((event) => event.type === "text").map((event) => (event as { text?: string }).text).join("");
    expect(text).toBe("after retry");
    expect(run.code).toBe(0);
  });

  it("prints the version and the help", async () => {
    expect((await runMaia(["--version"], { cwd, home })).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const help = await runMaia(["--help"], { cwd, home });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("maia -p");
  });

  it("speaks French when the locale says so", async () => {
    const run = await runMaia(["-p", "hi"], { cwd, home, env: { MAIA_LANG: "fr" } });
    expect(run.stderr).toContain("Aucun modèle configuré");
  });

  it("refuses the interactive mode without a terminal", async () => {
    const run = await runMaia([], { cwd, home });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("TTY");
  });
});
