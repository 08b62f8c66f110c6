import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @maia/testing-maia is not a devDependency of this package yet (see the report): imported by path meanwhile.
import { runMaia } from "@maia/testing-maia";

/** The real `maia` bundle (`pnpm build`) with the real builtin tools, this plugin and the fake LiteLLM server. */
let server: FakeLiteLLM;
let home: string;
let cwd: string;

beforeEach(async () => {
  server = await startFakeLiteLLM();
  home = await mkdtemp(path.join(tmpdir(), "maia-perm-home-"));
  cwd = await mkdtemp(path.join(tmpdir(), "maia-perm-proj-"));
});
afterEach(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
  await rm(cwd, { recursive: true, force: true });
});

interface StreamEvent {
  type: string;
  name?: string;
  content?: string;
  output?: string;
  isError?: boolean;
}

async function maia(prompt: string, extra: string[] = []) {
  const run = await runMaia(["-p", prompt, "--model", "fake-model", "--output-format", "stream-json", ...extra], { cwd, home });
  const events = run.stdout
    .trim()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as StreamEvent);
  return { ...run, events };
}

const bash = (id: string, command: string) => ({ id, name: "Bash", arguments: { command } });

function toolResults(): string[] {
  return server
    .chatBodies()
    .flatMap((body) => (body as { messages?: Array<{ role: string; content?: unknown }> }).messages ?? [])
    .filter((message) => message.role === "tool")
    .map((message) => String(message.content));
}

describe("maia -p with permission rules (built bundle)", () => {
  it("runs what the rules allow, refuses what they deny, and refuses what would need a question", async () => {
    server.writeSettings(home, { permissions: { deny: ["Bash(rm *)"] } });
    await mkdir(path.join(cwd, "keep"));
    server.enqueue(
      { toolCalls: [bash("a", "echo hello > out.txt"), bash("b", "ls && sudo rm -rf keep"), bash("c", "touch other")] },
      { text: "done" },
    );
    const run = await maia("work", ["--allow", "Bash(echo *)", "--allow", "Redirect(out.txt)", "--allow", "Bash(ls *)"]);
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(cwd, "out.txt"), "utf8")).toBe("hello\n");
    expect(existsSync(path.join(cwd, "keep"))).toBe(true);
    expect(existsSync(path.join(cwd, "other"))).toBe(false);
    const [allowed, denied, refused] = toolResults();
    expect(allowed).not.toContain("refused");
    expect(denied).toBe("Action denied by the permission rules (Bash(rm *)). Do not retry it as is.");
    expect(refused).toContain("--allow 'Bash(touch other)'");
  });

  it("the --allow rule a refusal suggests does allow that command line", async () => {
    server.writeSettings(home);
    const command = "touch one && touch two > log.txt";
    server.enqueue({ toolCalls: [bash("a", command)] }, { text: "refused" }, { toolCalls: [bash("b", command)] }, { text: "done" });
    await maia("first");
    const suggestion = /--allow '([^']+)'/.exec(toolResults()[0] ?? "")?.[1];
    expect(suggestion).toBe(`Bash(${command})`);
    expect(existsSync(path.join(cwd, "one"))).toBe(false);
    const run = await maia("again", ["--allow", suggestion as string]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(cwd, "one")) && existsSync(path.join(cwd, "two")) && existsSync(path.join(cwd, "log.txt"))).toBe(true);
  });

  it("reads the launch folder's rules and follows a cd to the Redirect rule it hits", async () => {
    server.writeSettings(home);
    await writeFile(path.join(cwd, "placeholder"), "");
    await mkdir(path.join(cwd, ".maia"), { recursive: true });
    await writeFile(
      path.join(cwd, ".maia", "settings.json"),
      JSON.stringify({ permissions: { allow: ["Bash(cd *)", "Bash(echo *)", "Redirect"], deny: ["Redirect(.maia/**)"] } }),
    );
    server.enqueue({ toolCalls: [bash("a", "cd .maia && echo '{}' > settings.json")] }, { text: "ok" });
    const run = await maia("edit the settings");
    expect(run.code, run.stderr).toBe(0);
    expect(toolResults()).toEqual(["Action denied by the permission rules (Redirect(.maia/**)). Do not retry it as is."]);
    expect(JSON.parse(await readFile(path.join(cwd, ".maia", "settings.json"), "utf8"))).toHaveProperty("permissions");
  });
});

describe("maia permissions (built bundle)", () => {
  it("checks a command without any LiteLLM settings", async () => {
    await mkdir(path.join(cwd, ".maia"), { recursive: true });
    await writeFile(path.join(cwd, ".maia", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(git *)"], deny: ["Bash(rm *)"] } }));
    const run = await runMaia(["permissions", "check", "--json", "Bash", "git status; FOO=1 /bin/rm -rf x"], { cwd, home });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      decision: "deny",
      rule: "Bash(rm *)",
      source: path.join(cwd, ".maia", "settings.json"),
      commands: ["git status", "FOO=1 /bin/rm -rf x"],
    });
  });

  it("lists the rules by file", async () => {
    const run = await runMaia(["permissions"], { cwd, home });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No permission rules defined: every tool use asks for confirmation");
  });

  it("takes --settings and --batch after `--` (the top-level parser does not know them yet)", async () => {
    await writeFile(path.join(cwd, "rules.json"), JSON.stringify({ permissions: { allow: ["Read(src/**)"] } }));
    const run = await runMaia(["--", "permissions", "check", "--settings", "rules.json", "Read", "src/a.ts"], { cwd, home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Verdict: allow\nRule: Read\(src\/\*\*\)/);
  });
});
