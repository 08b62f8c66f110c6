import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { foldersPerTest, runMaia, serverPerTest, streamEvents } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";

/** The real `maia` bundle (`pnpm build`) with the real builtin tools, this plugin and the fake LiteLLM server. */
const folders = foldersPerTest();

async function maia(prompt: string, extra: string[] = []) {
  const run = await runMaia(["-p", prompt, "--model", "fake-model", "--output-format", "stream-json", ...extra], { cwd: folders.cwd, home: folders.home });
  return { ...run, events: streamEvents(run.stdout) };
}

const bash = (id: string, command: string) => ({ id, name: "Bash", arguments: { command } });

function toolResults(server: { chatBodies(): unknown[] }): string[] {
  return server
    .chatBodies()
    .flatMap((body) => (body as { messages?: Array<{ role: string; content?: unknown }> }).messages ?? [])
    .filter((message) => message.role === "tool")
    .map((message) => String(message.content));
}

describe("maia -p with permission rules (built bundle)", () => {
  // Each test writes the settings (LiteLLM keys and its rules) itself.
  const llm = serverPerTest(() => startFakeLiteLLM());

  it("runs what the rules allow, refuses what they deny, and refuses what would need a question", async () => {
    llm.server.writeSettings(folders.home, { permissions: { deny: ["Bash(rm *)"] } });
    await mkdir(path.join(folders.cwd, "keep"));
    llm.server.enqueue(
      { toolCalls: [bash("a", "echo hello > out.txt"), bash("b", "ls && sudo rm -rf keep"), bash("c", "touch other")] },
      { text: "done" },
    );
    const run = await maia("work", ["--allow", "Bash(echo *)", "--allow", "Redirect(out.txt)", "--allow", "Bash(ls *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(folders.cwd, "out.txt"), "utf8")).toBe("hello\n");
    expect(existsSync(path.join(folders.cwd, "keep"))).toBe(true);
    expect(existsSync(path.join(folders.cwd, "other"))).toBe(false);
    const [allowed, denied, refused] = toolResults(llm.server);
    expect(allowed).not.toContain("refused");
    expect(denied).toBe("Action denied by the permission rules (Bash(rm *)). Do not retry it as is.");
    expect(refused).toContain("--allow 'Bash(touch other)'");
  });

  it("the --allow rule a refusal suggests does allow that command line", async () => {
    llm.server.writeSettings(folders.home);
    const command = "touch one && touch two > log.txt";
    llm.server.enqueue({ toolCalls: [bash("a", command)] }, { text: "refused" }, { toolCalls: [bash("b", command)] }, { text: "done" });
    await maia("first");
    const suggestion = /--allow '([^']+)'/.exec(toolResults(llm.server)[0] ?? "")?.[1];
    expect(suggestion).toBe(`Bash(${command})`);
    expect(existsSync(path.join(folders.cwd, "one"))).toBe(false);
    const run = await maia("again", ["--allow", suggestion as string]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(folders.cwd, "one")) && existsSync(path.join(folders.cwd, "two")) && existsSync(path.join(folders.cwd, "log.txt"))).toBe(true);
  });

  it("reads the launch folder's rules and follows a cd to the Redirect rule it hits", async () => {
    llm.server.writeSettings(folders.home);
    await writeFile(path.join(folders.cwd, "placeholder"), "");
    await mkdir(path.join(folders.cwd, ".maia"), { recursive: true });
    await writeFile(
      path.join(folders.cwd, ".maia", "settings.json"),
      JSON.stringify({ permissions: { allow: ["Bash(cd *)", "Bash(echo *)", "Redirect"], deny: ["Redirect(.maia/**)"] } }),
    );
    llm.server.enqueue({ toolCalls: [bash("a", "cd .maia && echo '{}' > settings.json")] }, { text: "ok" });
    const run = await maia("edit the settings");
    expect(run.code, run.stderr).toBe(0);
    expect(toolResults(llm.server)).toEqual(["Action denied by the permission rules (Redirect(.maia/**)). Do not retry it as is."]);
    expect(JSON.parse(await readFile(path.join(folders.cwd, ".maia", "settings.json"), "utf8"))).toHaveProperty("permissions");
  });
});

describe("maia permissions (built bundle)", () => {
  it("checks a command without any LiteLLM settings", async () => {
    await mkdir(path.join(folders.cwd, ".maia"), { recursive: true });
    await writeFile(path.join(folders.cwd, ".maia", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(git *)"], deny: ["Bash(rm *)"] } }));
    const run = await runMaia(["permissions", "check", "--json", "Bash", "git status; FOO=1 /bin/rm -rf x"], { cwd: folders.cwd, home: folders.home });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      decision: "deny",
      rule: "Bash(rm *)",
      source: path.join(folders.cwd, ".maia", "settings.json"),
      commands: ["git status", "FOO=1 /bin/rm -rf x"],
    });
  });

  it("lists the rules by file", async () => {
    const run = await runMaia(["permissions"], { cwd: folders.cwd, home: folders.home });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No permission rules defined: every tool use asks for confirmation");
  });

  it("takes --settings and --batch after `--` (the top-level parser does not know them yet)", async () => {
    await writeFile(path.join(folders.cwd, "rules.json"), JSON.stringify({ permissions: { allow: ["Read(src/**)"] } }));
    const run = await runMaia(["--", "permissions", "check", "--settings", "rules.json", "Read", "src/a.ts"], { cwd: folders.cwd, home: folders.home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Verdict: allow\nRule: Read\(src\/\*\*\)/);
  });
});
