import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { setActiveLocale, type SubcommandIO } from "@maia/kernel";
import { createTestKernel } from "@maia/testing-kernel";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import permissions from "./index.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

let cwd: string;
let homeDir: string;

beforeEach(async () => {
  cwd = await tempFolder("maia-check-cwd-");
  homeDir = await tempFolder("maia-check-home-");
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
  await rm(homeDir, { recursive: true, force: true });
});

async function writeJson(file: string, value: unknown): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}

/** Runs `maia permissions …` through the subcommand the plugin registers — without any LiteLLM settings. */
async function maiaPermissions(argv: string[], stdin = "") {
  const { kernel } = await createTestKernel([permissions], { cwd, homeDir });
  const subcommand = kernel.plugins.subcommands.get("permissions");
  if (!subcommand) throw new Error("no permissions subcommand");
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const input = new PassThrough();
  input.end(stdin);
  const out: string[] = [];
  const err: string[] = [];
  stdout.on("data", (chunk: Buffer) => out.push(chunk.toString()));
  stderr.on("data", (chunk: Buffer) => err.push(chunk.toString()));
  const io: SubcommandIO = { stdout, stderr, stdin: input, cwd, homeDir, env: { HOME: homeDir } };
  const code = await subcommand.run(argv, io);
  return { code, stdout: out.join(""), stderr: err.join("") };
}

describe("maia permissions check", () => {
  it("prints the verdict, the rule and its file, and the commands and redirect targets found", async () => {
    const file = await writeJson(path.join(homeDir, ".maia", "settings.json"), { permissions: { deny: ["Bash(rm *)"] } });
    const result = await maiaPermissions(["check", "Bash", "ls src > out.txt && sudo rm -rf build"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [`Verdict: deny`, `Rule: Bash(rm *) (${file})`, "Commands:", "  ls src", "  sudo rm -rf build", "Redirect targets:", "  out.txt", ""].join("\n"),
    );
  });

  it("explains an ask", async () => {
    await writeJson(path.join(cwd, ".maia", "settings.json"), { permissions: { allow: ["Bash(ls *)"] } });
    const result = await maiaPermissions(["check", "Bash", "ls | wc -l"]);
    expect(result.stdout).toContain("Verdict: ask\nReason: not covered by an allow rule: wc -l\n");
  });

  it("prints JSON with --json", async () => {
    const file = await writeJson(path.join(cwd, ".maia", "settings.json"), { permissions: { allow: ["Bash(git *)", "Redirect(*.log)"] } });
    const result = await maiaPermissions(["check", "--json", "Bash", "git log > git.log"]);
    expect(JSON.parse(result.stdout)).toEqual({
      tool: "Bash",
      input: { command: "git log > git.log" },
      decision: "allow",
      rule: "Bash(git *), Redirect(*.log)",
      source: file,
      rules: [
        { rule: "Bash(git *)", source: file },
        { rule: "Redirect(*.log)", source: file },
      ],
      commands: ["git log"],
      redirects: ["git.log"],
      substitutions: [],
      uncertain: [],
    });
  });

  it("reads INPUT as a path, a URL or a JSON object depending on the tool", async () => {
    await writeJson(path.join(cwd, ".maia", "settings.json"), {
      permissions: { allow: ["Read(src/**)", "WebFetch(domain:example.com)", "deploy(staging)"] },
    });
    expect((await maiaPermissions(["check", "Read", "src/a.ts"])).stdout).toMatch(/^Verdict: allow/);
    expect((await maiaPermissions(["check", "Read", "src/../../etc/passwd"])).stdout).toMatch(/^Verdict: ask/);
    expect((await maiaPermissions(["check", "WebFetch", "https://example.com/x"])).stdout).toMatch(/^Verdict: allow/);
    expect((await maiaPermissions(["check", "deploy", '{"env":"staging"}'])).stdout).toMatch(/^Verdict: allow/);
  });

  it("uses only the --settings files when given", async () => {
    await writeJson(path.join(cwd, ".maia", "settings.json"), { permissions: { deny: ["Bash(ls *)"] } });
    await writeJson(path.join(cwd, "a.json"), { permissions: { allow: ["Bash(ls *)"] } });
    await writeJson(path.join(cwd, "b.json"), { permissions: { ask: ["Bash(ls -la)"] } });
    expect((await maiaPermissions(["check", "--settings", "a.json", "Bash", "ls"])).stdout).toMatch(/^Verdict: allow/);
    expect((await maiaPermissions(["check", "--settings", "a.json", "--settings", "b.json", "Bash", "ls -la"])).stdout).toMatch(/^Verdict: ask\nRule: Bash\(ls -la\)/);
    expect((await maiaPermissions(["check", "Bash", "ls"])).stdout).toMatch(/^Verdict: deny/);
  });

  it("warns about bad rules on stderr and still answers", async () => {
    await writeJson(path.join(cwd, "bad.json"), { permissions: { allow: ["Bash(ls", "Bash(pwd)"] } });
    const result = await maiaPermissions(["check", "--settings", "bad.json", "Bash", "pwd"]);
    expect(result.stderr).toContain(`WARN ${path.join(cwd, "bad.json")}: allow rule "Bash(ls" ignored`);
    expect(result.stdout).toMatch(/^Verdict: allow/);
  });

  it("fails clearly on a --settings file that cannot be read, and on bad usage", async () => {
    const missing = await maiaPermissions(["check", "--settings", "nope.json", "Bash", "ls"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`${path.join(cwd, "nope.json")}: cannot be read (ENOENT)\n`);
    const usage = await maiaPermissions(["check", "Bash"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("give a tool and its input");
    const unknown = await maiaPermissions(["check", "--frobnicate", "Bash", "ls"]);
    expect(unknown.code).toBe(2);
    expect((await maiaPermissions(["nonsense"])).code).toBe(2);
  });

  it("--batch prints one JSON verdict per line, in order; inline permissions replace the files for that line", async () => {
    await writeJson(path.join(cwd, ".maia", "settings.json"), { permissions: { allow: ["Bash(ls *)"] } });
    const lines = [
      JSON.stringify({ tool: "Bash", input: "ls -la" }),
      JSON.stringify({ tool: "Bash", input: { command: "rm x" }, permissions: { deny: ["Bash(rm *)"] } }),
      "",
      "not json",
      JSON.stringify({ tool: "Bash", input: "ls", permissions: { allow: [] } }),
      JSON.stringify({ input: "ls" }),
    ];
    await writeFile(path.join(cwd, "calls.jsonl"), lines.join("\n"));
    const result = await maiaPermissions(["check", "--batch", "calls.jsonl"]);
    const answers = result.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(answers.map((answer) => [answer.line, answer.decision ?? answer.error])).toEqual([
      [1, "allow"],
      [2, "deny"],
      [4, "line 4: invalid JSON at column 2"],
      [5, "ask"],
      [6, 'line 6: "tool" must be a tool name'],
    ]);
    expect(answers[1]).toMatchObject({ rule: "Bash(rm *)", source: "calls.jsonl:2", commands: ["rm x"] });
    expect(result.code).toBe(1);
  });

  it("--batch - reads standard input", async () => {
    const result = await maiaPermissions(["check", "--batch", "-"], `${JSON.stringify({ tool: "Read", input: "a", permissions: { allow: ["Read"] } })}\n`);
    expect(JSON.parse(result.stdout)).toMatchObject({ line: 1, decision: "allow", rule: "Read" });
    expect(result.code).toBe(0);
  });

  it("maia permissions lists the rules by file", async () => {
    await writeJson(path.join(cwd, ".maia", "settings.json"), { permissions: { allow: ["Bash(ls *)"], deny: ["Read(.env)"] } });
    const result = await maiaPermissions([]);
    expect(result.stdout).toBe(
      [`${path.join(homeDir, ".maia", "settings.json")} (no such file)`, path.join(cwd, ".maia", "settings.json"), "  DENY   Read(.env)", "  ALLOW  Bash(ls *)", ""].join("\n"),
    );
  });

  it("speaks French", async () => {
    setActiveLocale("fr");
    try {
      const result = await maiaPermissions(["check", "Bash", "ls"]);
      expect(result.stdout).toContain("Verdict : ask\nRaison : aucune règle applicable");
    } finally {
      setActiveLocale("en");
    }
  });
});
