import { readFile } from "node:fs/promises";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { setActiveLocale } from "@maia/kernel";
import { createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { maiaPerTest } from "@maia/testing-maia";
import { firstParty } from "@maia/testing-plugins";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import mcp, { type McpApi } from "./index.ts";
import { everythingStdio, writeMcpJson } from "./testing/servers.ts";

const litellm = await firstParty("litellm");
const sandbox = await firstParty("sandbox");

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));
const bed = maiaPerTest(() => startFakeLiteLLM());
const ended: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(ended.splice(0).map((end) => end()));
});

async function statusWith(sandboxSettings: Record<string, unknown>) {
  bed.server.writeSettings(bed.home, { sandbox: sandboxSettings });
  await writeMcpJson(bed.home, { boxed: { ...everythingStdio(), sandbox: true } });
  const test = await createTestKernel([litellm, sandbox, mcp], { cwd: bed.cwd, homeDir: bed.home, allowRules: ["Mcp(boxed)"] });
  const session = await test.kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
  ended.push(() => test.kernel.endSession(session));
  const api = test.kernel.plugins.get<McpApi>("mcp")?.api as McpApi;
  return api.status(session);
}

// The real server-everything and the real bubblewrap.
describe.runIf(process.platform === "linux")('an MCP stdio server with "sandbox": true', () => {
  it("starts inside the sandbox (its process is bubblewrap's) and its tools are offered", async () => {
    const [status] = await statusWith({});
    expect(status).toMatchObject({ key: "boxed", state: "ok" });
    expect(status?.tools).toContain("mcp__boxed__echo");
    const children = await readFile("/proc/self/task/" + process.pid + "/children", "utf8").catch(() => "");
    const commands = await Promise.all(children.trim().split(/\s+/).filter(Boolean).map((pid) => readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")));
    expect(commands.some((command) => command.startsWith("bwrap\0") || command.includes("/bwrap\0"))).toBe(true);
  });

  it("is not started where the sandbox is off, and says why", async () => {
    const [status] = await statusWith({ enabled: false });
    expect(status).toMatchObject({ key: "boxed", state: "fail" });
    expect(status?.reason).toContain('asks for the OS sandbox ("sandbox": true)');
  });
});
