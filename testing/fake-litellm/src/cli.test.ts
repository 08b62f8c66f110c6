// The standalone CLI, started as a real child process exactly as a developer would run it.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const cliPath = fileURLToPath(new URL("./cli.ts", import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGTERM");
});

/** Resolves with the URL printed on the "listening" line. */
function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout?.on("data", (data: Buffer) => {
      out += data.toString("utf8");
      const match = /fake-litellm listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.stderr?.on("data", (data: Buffer) => (err += data.toString("utf8")));
    child.on("exit", (code) => reject(new Error(`cli exited with ${code}: ${err}`)));
  });
}

describe("cli", () => {
  it("serves the scripted answers from a JSON file and the given models", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fake-litellm-cli-"));
    const script = join(dir, "answers.json");
    writeFileSync(script, JSON.stringify([{ text: "Hello from the CLI" }]));
    const child = spawn(process.execPath, [cliPath, "--script", script, "--models", "a,b"], { stdio: "pipe" });
    children.push(child);
    const url = await waitForUrl(child);

    const models = (await (await fetch(`${url}/v1/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(["a", "b"]);

    const res = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "a", stream: true, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    const text = body
      .split("\n\n")
      .filter((block) => block.startsWith("data: {"))
      .map((block) => JSON.parse(block.slice(6)) as { choices: Array<{ delta: { content?: string } }> })
      .map((chunk) => chunk.choices[0]?.delta.content ?? "")
      .join("");
    expect(text).toBe("Hello from the CLI");
    expect(body.endsWith("data: [DONE]\n\n")).toBe(true);

    const exhausted = await fetch(`${url}/v1/chat/completions`, { method: "POST", body: "{}" });
    expect(exhausted.status).toBe(500);
  });
});
