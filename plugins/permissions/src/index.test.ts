import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { definePlugin, NO_INTERACTION, setActiveLocale, STAGE, type Kernel } from "@maia/kernel";
import { createTestKernel, recordEvents, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import permissions, { type PermissionsApi } from "./index.ts";
import { testTools } from "./testing/test-tools.ts";

const litellm = await firstParty("litellm");

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

type Server = Awaited<ReturnType<typeof startFakeLiteLLM>>;
const servers: Server[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(value, null, 2));
}

const bashCall = (command: string, id = "call_1") => ({ id, name: "Bash", arguments: { command } });

/** A kernel with litellm, the test tools and this plugin, the fake server behind it, and settings written. */
async function setup(options: {
  user?: unknown;
  project?: unknown;
  allowRules?: string[];
  script?: NonNullable<Parameters<typeof startFakeLiteLLM>[0]>["script"];
  plugins?: Parameters<typeof createTestKernel>[0];
}) {
  const server = await startFakeLiteLLM({ script: options.script ?? [] });
  servers.push(server);
  const cwd = await tempFolder("maia-perm-e2e-");
  const homeDir = await tempFolder("maia-perm-home-");
  folders.push(cwd, homeDir);
  server.writeSettings(homeDir, options.user === undefined ? {} : { permissions: options.user });
  if (options.project !== undefined) await writeJson(path.join(cwd, ".maia", "settings.json"), { permissions: options.project });
  const test = await createTestKernel([litellm, testTools, permissions, ...(options.plugins ?? [])], {
    cwd,
    homeDir,
    ...(options.allowRules ? { allowRules: options.allowRules } : {}),
  });
  const api = test.kernel.plugins.get<PermissionsApi>("permissions")?.api;
  if (!api) throw new Error("the permissions plugin did not load");
  return { ...test, server, api };
}

function toolResults(server: Server): string[] {
  return server
    .chatBodies()
    .flatMap((body) => (body as { messages?: Array<{ role: string; content?: unknown }> }).messages ?? [])
    .filter((message) => message.role === "tool")
    .map((message) => String(message.content));
}

describe("start-up (seed § 9)", () => {
  it("says when no rule is defined", async () => {
    const { logs } = await setup({});
    expect(logs).toContainEqual({ level: "info", message: "No permission rules defined: every tool use asks for confirmation" });
  });

  it("says which files were loaded, with their number of rules", async () => {
    const { logs, homeDir, cwd } = await setup({ user: { allow: ["Bash(ls)"], deny: ["Bash(rm *)"] }, project: { ask: ["Read"] }, allowRules: ["Bash(pwd)"] });
    const user = path.join(homeDir, ".maia", "settings.json");
    const project = path.join(cwd, ".maia", "settings.json");
    expect(logs).toContainEqual({ level: "info", message: `Permission rules loaded: ${user} (2 rules), ${project} (1 rule), --allow (1 rule)` });
  });

  it("warns about a bad rule, naming the file, and loads the rest", async () => {
    const { logs, cwd, api } = await setup({ project: { allow: ["Bash(ls", "Bash(pwd)"] } });
    const project = path.join(cwd, ".maia", "settings.json");
    expect(logs.filter((entry) => entry.level === "warn").map((entry) => entry.message)).toEqual([
      `${project}: allow rule "Bash(ls" ignored: a rule is Tool or Tool(pattern); the closing parenthesis is missing`,
    ]);
    expect(api.rules().map((rule) => rule.text)).toEqual(["Bash(pwd)"]);
  });

  it("tolerates the LiteLLM keys of the user file and reads only its permissions", async () => {
    const { logs, api } = await setup({ user: { allow: ["Read(src/**)"] } });
    expect(logs.filter((entry) => entry.level === "warn")).toEqual([]);
    expect(api.rules().map((rule) => rule.text)).toEqual(["Read(src/**)"]);
  });
});

describe("/permissions data", () => {
  it("gives the rules by file, marked ALLOW, ASK or DENY", async () => {
    const { api, homeDir, cwd } = await setup({ user: { allow: ["Bash(ls *)"], deny: ["Bash(rm *)"] }, allowRules: ["Read"] });
    const view = api.view();
    expect(view.files).toEqual([
      { path: path.join(homeDir, ".maia", "settings.json"), origin: "user", found: true, rules: [{ label: "DENY", rule: "Bash(rm *)" }, { label: "ALLOW", rule: "Bash(ls *)" }] },
      { path: path.join(cwd, ".maia", "settings.json"), origin: "project", found: false, rules: [] },
      { path: "--allow", origin: "cli", found: true, rules: [{ label: "ALLOW", rule: "Read" }] },
    ]);
    expect(view.empty).toBe(false);
    expect(api.format()).toBe(
      [
        path.join(homeDir, ".maia", "settings.json"),
        "  DENY   Bash(rm *)",
        "  ALLOW  Bash(ls *)",
        `${path.join(cwd, ".maia", "settings.json")} (no such file)`,
        "--allow",
        "  ALLOW  Read",
      ].join("\n"),
    );
  });
});

describe("checkPermission at the POLICY stage, through a real turn", () => {
  async function turn(kernel: Kernel, answers: Array<"yes" | "no"> = []) {
    const interaction = scriptedInteraction(answers);
    const session = await kernel.createSession({ model: "fake-model" }, { interaction });
    const events = recordEvents(session.events);
    const outcome = await kernel.runTurn(session, "go");
    return { outcome, interaction, events, session };
  }

  it("runs an allowed command without asking, redirect included", async () => {
    const { kernel, cwd, server } = await setup({
      project: { allow: ["Bash(echo *)", "Redirect(out/**)"] },
      script: [{ toolCalls: [bashCall("echo hi > out/a.txt")] }, { text: "done" }],
    });
    await mkdir(path.join(cwd, "out"));
    const { interaction } = await turn(kernel);
    expect(interaction.questions).toEqual([]);
    expect(await readFile(path.join(cwd, "out", "a.txt"), "utf8")).toBe("hi\n");
    expect(toolResults(server)).toEqual(["[exit code: 0]"]);
  });

  it("asks for a part no rule covers, and the user's no stands", async () => {
    const { kernel, cwd, server } = await setup({
      project: { allow: ["Bash(echo *)", "Redirect(out/**)"] },
      script: [{ toolCalls: [bashCall("mkdir -p out; echo hi > out/a.txt")] }, { text: "done" }],
    });
    const { interaction } = await turn(kernel, ["no"]);
    expect(interaction.questions).toEqual(["Allow Bash: mkdir -p out; echo hi > out/a.txt?"]);
    expect(existsSync(path.join(cwd, "out"))).toBe(false);
    expect(toolResults(server)).toEqual(["The user refused this action."]);
  });

  it("refuses a denied command and tells the model the rule", async () => {
    const { kernel, cwd, server } = await setup({
      user: { deny: ["Bash(rm *)"], allow: ["Bash"] },
      script: [{ toolCalls: [bashCall("ls && sudo rm -rf keep")] }, { text: "ok" }],
    });
    await mkdir(path.join(cwd, "keep"));
    const { interaction } = await turn(kernel);
    expect(interaction.questions).toEqual([]);
    expect(existsSync(path.join(cwd, "keep"))).toBe(true);
    expect(toolResults(server)).toEqual(["Action denied by the permission rules (Bash(rm *)). Do not retry it as is."]);
  });

  it("asks for what no rule covers, even for a tool whose own default is auto", async () => {
    const { kernel, server, cwd } = await setup({ script: [{ toolCalls: [{ id: "c", name: "Read", arguments: { path: "a.txt" } }] }, { text: "ok" }] });
    await writeFile(path.join(cwd, "a.txt"), "content");
    const { interaction } = await turn(kernel, ["yes"]);
    expect(interaction.questions).toEqual(["Allow Read: a.txt?"]);
    expect(toolResults(server)).toEqual(["content"]);
  });

  it("takes --allow rules into account in headless mode", async () => {
    const { kernel, cwd, server } = await setup({
      allowRules: ["Bash(touch made)"],
      script: [{ toolCalls: [bashCall("touch made", "a"), bashCall("touch other", "b")] }, { text: "ok" }],
    });
    const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    await kernel.runTurn(session, "go");
    expect(existsSync(path.join(cwd, "made"))).toBe(true);
    expect(existsSync(path.join(cwd, "other"))).toBe(false);
    expect(toolResults(server)[1]).toContain("--allow 'Bash(touch other)'");
  });

  it("a third-party plugin can make a verdict stricter, never looser", async () => {
    const stricter = definePlugin({
      name: "strict-third-party",
      version: "1.0.0",
      kernel: "^1.0.0",
      apply(context) {
        context.hooks.checkPermission.tapPromise({ name: "strict", stage: STAGE.POST }, async (check) =>
          check.call.input.command === "echo tighten" ? { ...check, verdict: { decision: "deny", rule: "strict", source: "strict" } } : check,
        );
        context.hooks.checkPermission.tapPromise({ name: "loose", stage: STAGE.DEFAULT }, async (check) => ({
          ...check,
          verdict: { decision: "allow", source: "loose" },
        }));
      },
    });
    const { kernel, cwd, server } = await setup({
      project: { allow: ["Bash(echo *)"] },
      plugins: [stricter],
      script: [{ toolCalls: [bashCall("echo tighten > /dev/null", "a"), bashCall("touch loosened", "b"), bashCall("echo tighten", "c")] }, { text: "ok" }],
    });
    const { interaction } = await turn(kernel, ["no"]);
    expect(interaction.questions).toEqual(["Allow Bash: touch loosened?"]);
    expect(existsSync(path.join(cwd, "loosened"))).toBe(false);
    expect(toolResults(server)).toEqual([
      "[exit code: 0]",
      "The user refused this action.",
      "Action denied by the permission rules (strict). Do not retry it as is.",
    ]);
  });

  it("reads edited rules again when a new session starts", async () => {
    const { kernel, cwd, api } = await setup({ project: { allow: ["Bash(ls)"] } });
    expect(api.rules().map((rule) => rule.text)).toEqual(["Bash(ls)"]);
    await writeJson(path.join(cwd, ".maia", "settings.json"), { permissions: { allow: ["Bash(pwd)"] } });
    await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    expect(api.rules().map((rule) => rule.text)).toEqual(["Bash(pwd)"]);
    expect((await api.evaluate("Bash", { command: "pwd" })).verdict.decision).toBe("allow");
  });
});
