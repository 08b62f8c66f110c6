import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { startFakeLiteLLM, type FakeLiteLLM, type Scripted } from "@maia/fake-litellm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import permissions, { type PermissionsApi } from "./index.ts";
import { testTools } from "./testing/test-tools.ts";

const litellm = await firstParty("litellm");

/**
 * Rule sets another plugin adds through `addRules` (a sub-agent's AGENT.md, seed § 20.3.1): read as settings
 * files are, evaluated by the same evaluator with every other rule, listed by /permissions under their source.
 */
beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const servers: FakeLiteLLM[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function setup(options: { user?: unknown; allowRules?: string[]; script?: Scripted[] } = {}) {
  const server = await startFakeLiteLLM({ script: options.script ?? [] });
  servers.push(server);
  const cwd = await tempFolder("maia-perm-added-");
  const homeDir = await tempFolder("maia-perm-added-home-");
  folders.push(cwd, homeDir);
  server.writeSettings(homeDir, options.user === undefined ? {} : { permissions: options.user });
  const test = await createTestKernel([litellm, testTools, permissions], { cwd, homeDir, ...(options.allowRules ? { allowRules: options.allowRules } : {}) });
  const api = test.kernel.plugins.get<PermissionsApi>("permissions")?.api;
  if (!api) throw new Error("the permissions plugin did not load");
  const agentFile = path.join(cwd, ".maia", "agents", "reviewer", "AGENT.md");
  return { ...test, server, api, agentFile, userFile: path.join(homeDir, ".maia", "settings.json") };
}

const decision = async (api: PermissionsApi, tool: string, input: Record<string, unknown>) => {
  const { verdict } = await api.evaluate(tool, input);
  return [verdict.decision, verdict.rule, verdict.source];
};

describe("addRules: rules from no settings file", () => {
  it("reads a set exactly as a settings file's permissions: each problem names the source, the rest applies", async () => {
    const { api, agentFile, logs } = await setup();
    const set = { deny: ["WebFetch(example.com)", "Bash(rm *)", 42], ask: ["Bash("], allow: ["read(src/**)"], denny: ["Write"] };
    const { rules, warnings } = api.addRules(agentFile, set as never);
    expect(warnings).toEqual([
      `${agentFile}: unknown key "permissions.denny" (did you mean "deny"?); ignored`,
      `${agentFile}: permissions.deny[2] is not a rule written as a string (42); ignored`,
      `${agentFile}: deny rule "WebFetch(example.com)" ignored: WebFetch rules take the form WebFetch(domain:example.com) or WebFetch(domain:*.example.com)`,
      `${agentFile}: ask rule "Bash(" ignored: a rule is Tool or Tool(pattern); the closing parenthesis is missing`,
      `${agentFile}: allow rule "read(src/**)": tool names are written "Read", not "read"; the rule is applied to Read`,
    ]);
    expect(logs.filter((entry) => entry.level === "warn").map((entry) => entry.message)).toEqual(warnings);
    expect(rules.map((rule) => [rule.kind, rule.text, rule.source])).toEqual([
      ["deny", "Bash(rm *)", agentFile],
      ["allow", "read(src/**)", agentFile],
    ]);
    expect(await decision(api, "Bash", { command: "rm -rf build" })).toEqual(["deny", "Bash(rm *)", agentFile]);
    expect(await decision(api, "Read", { path: "src/a.ts" })).toEqual(["allow", "read(src/**)", agentFile]);
  });

  it("analyses Bash as usual: an added deny follows compound commands, an added Redirect ask follows cd", async () => {
    const { api, agentFile } = await setup({ user: { allow: ["Bash", "Redirect"] } });
    const commands = ["cd x && rm -rf y", "echo x > .env", "cd sub && echo x > ../.env", "ls | xargs rm", "echo ok > out.txt"];
    const before = await Promise.all(commands.map((command) => decision(api, "Bash", { command })));
    expect(before.map(([verdict]) => verdict)).toEqual(["allow", "allow", "allow", "allow", "allow"]);

    api.addRules(agentFile, { deny: ["Bash(rm *)"], ask: ["Redirect(.env)"] });
    const after = await Promise.all(commands.map((command) => decision(api, "Bash", { command })));
    expect(after).toEqual([
      ["deny", "Bash(rm *)", agentFile],
      ["ask", "Redirect(.env)", agentFile],
      ["ask", "Redirect(.env)", agentFile],
      ["deny", "Bash(rm *)", agentFile],
      ["allow", "Bash, Redirect", expect.stringContaining("settings.json")],
    ]);
  });

  it("unites with the other sources: an added allow lifts no inherited deny or ask", async () => {
    const { api, agentFile, userFile } = await setup({ user: { deny: ["Bash(git push *)"], ask: ["Read(secrets/**)"] } });
    api.addRules(agentFile, { allow: ["Bash(git *)", "Read"] });
    expect(await decision(api, "Bash", { command: "git push origin main" })).toEqual(["deny", "Bash(git push *)", userFile]);
    expect(await decision(api, "Read", { path: "secrets/key.pem" })).toEqual(["ask", "Read(secrets/**)", userFile]);
    expect(await decision(api, "Bash", { command: "git status" })).toEqual(["allow", "Bash(git *)", agentFile]);
    expect(await decision(api, "Read", { path: "notes.txt" })).toEqual(["allow", "Read", agentFile]);
  });

  it("lists the set under its source in /permissions, keeps it when a session reloads the files, and replaces it when added again", async () => {
    const { api, agentFile, kernel, cwd } = await setup({ allowRules: ["Read"] });
    api.addRules(agentFile, { allow: ["Glob"], ask: ["Redirect(.env)"], deny: ["Bash(rm *)"] });
    const added = { path: agentFile, origin: "added", found: true, rules: [{ label: "DENY", rule: "Bash(rm *)" }, { label: "ASK", rule: "Redirect(.env)" }, { label: "ALLOW", rule: "Glob" }] };
    expect(api.view().files.map((file) => file.path)).toEqual([expect.stringContaining("settings.json"), expect.stringContaining("settings.json"), "--allow", agentFile]);
    expect(api.view().files.at(-1)).toEqual(added);
    expect(api.format()).toContain(`--allow\n  ALLOW  Read\n${agentFile}\n  DENY   Bash(rm *)\n  ASK    Redirect(.env)\n  ALLOW  Glob`);

    // A new session reads the settings files again: the added set stays, with the edited file's rules.
    await mkdir(path.join(cwd, ".maia"), { recursive: true });
    await writeFile(path.join(cwd, ".maia", "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(ls)"] } }));
    await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
    expect(api.rules().map((rule) => rule.text)).toEqual(["Bash(ls)", "Read", "Bash(rm *)", "Redirect(.env)", "Glob"]);
    expect(api.view().files.at(-1)).toEqual(added);

    api.addRules(agentFile, { deny: ["Write"] });
    expect(api.view().files.filter((file) => file.origin === "added")).toEqual([{ path: agentFile, origin: "added", found: true, rules: [{ label: "DENY", rule: "Write" }] }]);
    expect(api.rules().map((rule) => rule.text)).toEqual(["Bash(ls)", "Read", "Write"]);
  });

  it("needs a source name", async () => {
    const { api } = await setup();
    expect(() => api.addRules("  ", { deny: ["Bash"] })).toThrow("addRules needs a source name");
    expect(api.rules()).toEqual([]);
  });
});

describe("added rules in a real turn (checkPermission at the POLICY stage)", () => {
  it("refuses what the added set denies and asks what it asks, over what --allow allows", async () => {
    const bash = (id: string, command: string) => ({ id, name: "Bash", arguments: { command } });
    const { api, agentFile, kernel, cwd, server } = await setup({
      allowRules: ["Bash", "Redirect"],
      script: [{ toolCalls: [bash("a", "cd sub && rm -rf keep"), bash("b", "echo x > .env"), bash("c", "echo ok > out.txt")] }, { text: "done" }],
    });
    await mkdir(path.join(cwd, "sub", "keep"), { recursive: true });
    api.addRules(agentFile, { deny: ["Bash(rm *)"], ask: ["Redirect(.env)"] });
    const interaction = scriptedInteraction(["no"]);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction });
    await kernel.runTurn(session, "go");
    expect(interaction.questions).toEqual(["Allow Bash: echo x > .env?"]);
    expect(existsSync(path.join(cwd, "sub", "keep"))).toBe(true);
    expect(existsSync(path.join(cwd, ".env"))).toBe(false);
    expect(existsSync(path.join(cwd, "out.txt"))).toBe(true);
    const results = server
      .chatBodies()
      .flatMap((body) => (body as { messages?: Array<{ role: string; content?: unknown }> }).messages ?? [])
      .filter((message) => message.role === "tool")
      .map((message) => String(message.content));
    expect(results).toEqual(["Action denied by the permission rules (Bash(rm *)). Do not retry it as is.", "The user refused this action.", "[exit code: 0]"]);
  });
});
