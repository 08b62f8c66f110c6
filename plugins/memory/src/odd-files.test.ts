import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { NO_INTERACTION, setActiveLocale } from "@maia/kernel";
import { createTestKernel } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import memory, { MAX_INSTRUCTIONS_CHARS } from "./index.ts";

const litellm = await firstParty("litellm");

let server: FakeLiteLLM;
beforeEach(async () => {
  setActiveLocale("en");
  server = await startFakeLiteLLM();
});
afterEach(async () => {
  setActiveLocale(undefined);
  await server.close();
});

/** The system message of the first request, as the provider receives it. */
async function systemSent(cwd?: string) {
  const test = await createTestKernel([litellm, memory], { ...(cwd ? { cwd } : {}), frontEnd: "tui" });
  server.writeSettings(test.homeDir);
  return { ...test, send: async () => {
    const session = await test.kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    server.enqueue({ text: "ok" });
    await test.kernel.runTurn(session, "hi");
    const messages = (server.chatBodies().at(-1) as { messages: Array<{ role: string; content: string }> }).messages;
    return messages.find((message) => message.role === "system")?.content ?? "";
  } };
}

describe("oversized or odd instructions files", () => {
  it("cuts a MAIA.md beyond 50,000 characters, with a WARN giving its size and the cap", async () => {
    const test = await systemSent();
    const file = path.join(test.cwd, "AGENTS.md");
    const line = "Rule: keep functions small.\n";
    const text = line.repeat(Math.ceil(80_000 / line.length));
    await writeFile(file, `${text}LAST LINE`);
    const system = await test.send();
    expect(MAX_INSTRUCTIONS_CHARS).toBe(50_000);
    expect(system).not.toContain("LAST LINE");
    expect(system).toContain(`[… instructions cut here: ${text.length + 9 - 50_000} more characters in ${file}]`);
    const start = system.indexOf("Rule:");
    expect(system.slice(start).length).toBeLessThan(50_000 + 200);
    expect(test.logs).toContainEqual({
      level: "warn",
      message: `${file} has ${text.length + 9} characters, more than the 50000 an instructions file may have: only the first 50000 are used. Shorten it, or move details to files the model can Read.`,
    });
  });

  it("shows NUL and escape characters of CLAUDE.md as visible stand-ins, and says so", async () => {
    const test = await systemSent();
    const file = path.join(test.cwd, "CLAUDE.md");
    await writeFile(file, "Be brief.\u0000\u001b[8mhidden from the terminal\u001b[0m\r\nTabs\tstay.\n");
    const system = await test.send();
    expect(system).toContain("Be brief.\u2400\u241b[8mhidden from the terminal\u241b[0m\r\nTabs\tstay.");
    expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(system)).toBe(false);
    expect(test.logs).toContainEqual({
      level: "warn",
      message: `${file}: 3 control characters (NUL, escape…) are shown to the model as visible stand-ins (␀, ␛…), never sent raw.`,
    });
  });

  it("a file of exactly 50,000 characters is used whole, without a warning", async () => {
    const test = await systemSent();
    await writeFile(path.join(test.cwd, "MAIA.md"), `${"a".repeat(49_999)}Z`);
    const system = await test.send();
    expect(system.endsWith(`${"a".repeat(10)}Z`)).toBe(true);
    expect(test.logs.filter((entry) => entry.level === "warn")).toEqual([]);
  });
});
