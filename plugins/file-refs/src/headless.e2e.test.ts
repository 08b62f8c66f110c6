import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
// The real `maia` bundle (cli/dist/maia.js, built by `pnpm build`), run as a user runs it.
import { maiaPerTest, runMaia } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

describe("maia -p with @ references (the built bundle)", () => {
  it("sends the referenced file and folder with the prompt, and warns about a missing path on stderr", async () => {
    const { server, cwd } = bed;
    await mkdir(path.join(cwd, "src"));
    await writeFile(path.join(cwd, "src", "main.py"), "print('bonjour')\n");
    server.enqueue({ text: "It prints bonjour." });
    const run = await runMaia(["-p", "what does @src/main.py print? see also @src and @docs/guide.md", "--model", "fake-model", "--output-format", "json"], bed);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ result: "It prints bonjour." });
    const messages = (server.chatBodies()[0] as { messages: Array<{ role: string; content: string }> }).messages;
    const sent = messages.at(-1)?.content ?? "";
    expect(sent).toContain("File src/main.py (17 B), referenced by the user with @.");
    expect(sent).toContain("```py\nprint('bonjour')\n\n```");
    expect(sent).toContain("Folder src/, referenced by the user with @: 1 entry");
    expect(sent.endsWith("\n\nwhat does @src/main.py print? see also @src and @docs/guide.md")).toBe(true);
    expect(run.stderr).toContain(`WARN @docs/guide.md: no file or folder ${path.join(cwd, "docs", "guide.md")}; left as text.`);
  });
});
