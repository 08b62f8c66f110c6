import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { foldersPerTest, runMaia, serverPerTest } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { SLOW_TEST_MS, hooksBlock, maia, script } from "./testing/test-support.ts";

/** Project hooks wait for an approval of their exact content; `maia hooks` lists, approves and tests. */
const folders = foldersPerTest();
const llm = serverPerTest(() => startFakeLiteLLM());

async function projectHooks(file: ".maia/settings.json" | ".claude/settings.json", hooks: unknown): Promise<string> {
  const target = path.join(folders.cwd, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify({ hooks }, null, 2));
  return target;
}

describe("project hooks", { timeout: SLOW_TEST_MS }, () => {
  for (const file of [".maia/settings.json", ".claude/settings.json"] as const) {
    it(`${file}: not run before approval, said how to approve; run after; asked again once changed`, async () => {
      const marker = path.join(folders.home, "ran");
      llm.server.writeSettings(folders.home);
      const target = await projectHooks(file, hooksBlock("UserPromptSubmit", `touch ${marker}`));

      llm.server.enqueue({ text: "ok" });
      const before = await maia(folders, "hi");
      expect(before.code, before.stderr).toBe(0);
      expect(existsSync(marker)).toBe(false);
      expect(before.warnings).toContain(target);
      expect(before.warnings).toContain("maia hooks approve");

      const approve = await runMaia(["hooks", "approve"], { ...folders, timeoutMs: 90_000 });
      expect(approve.code, approve.stderr).toBe(0);
      expect(approve.stdout).toContain(target);
      expect(approve.stdout).toContain(`UserPromptSubmit: touch ${marker}`);

      llm.server.enqueue({ text: "ok" });
      await maia(folders, "hi");
      expect(existsSync(marker)).toBe(true);

      await rm(marker);
      await projectHooks(file, hooksBlock("UserPromptSubmit", `touch ${marker} && true`));
      llm.server.enqueue({ text: "ok" });
      const changed = await maia(folders, "hi");
      expect(existsSync(marker)).toBe(false);
      expect(changed.warnings).toContain(target);
      // The approval lives in the user's home, never in the project.
      expect(JSON.parse(await readFile(path.join(folders.home, ".maia", "hooks-approvals.json"), "utf8"))).toHaveProperty("approved");
    });
  }
});

describe("/hooks", { timeout: SLOW_TEST_MS }, () => {
  it("/hooks approve approves the waiting project file; /hooks then lists it as approved", async () => {
    const marker = path.join(folders.home, "ran");
    llm.server.writeSettings(folders.home);
    const target = await projectHooks(".maia/settings.json", hooksBlock("UserPromptSubmit", `touch ${marker}`));
    const approve = await maia(folders, "/hooks approve");
    expect(approve.code, approve.stderr).toBe(0);
    expect(JSON.stringify(approve.events)).toContain(`Approved the hooks of ${target}`);
    llm.server.enqueue({ text: "ok" });
    await maia(folders, "hi");
    expect(existsSync(marker)).toBe(true);
    const list = await maia(folders, "/hooks");
    const shown = list.events.filter((event) => event.type === "info").map((event) => String(event.message)).join("\n");
    expect(shown).toContain(`UserPromptSubmit:\n  touch ${marker}\n      ${target}:`);
    expect(shown).toContain("not run yet");
  });
});

describe("maia hooks", { timeout: SLOW_TEST_MS }, () => {
  it("list shows hooks by event with their file, line and trust", async () => {
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", "echo user-hook", { matcher: "Bash" }) });
    const target = await projectHooks(".maia/settings.json", hooksBlock("Stop", "echo project-hook"));
    const run = await runMaia(["hooks", "list"], { ...folders, timeoutMs: 90_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/PreToolUse:\n {2}echo user-hook \[Bash\]\n {6}\S+settings\.json:\d+ — not run yet/);
    expect(run.stdout).toContain(`Stop:\n  echo project-hook\n      ${target}:`);
    expect(run.stdout).toContain("not approved: does not run");
  });

  it("test runs the matching hooks on a sample event, with --input, and says what MAIA would do", async () => {
    const log = path.join(folders.home, "test-input.json");
    const hook = await script(
      folders.home,
      "guard.sh",
      `cat > ${log}; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}'`,
    );
    llm.server.writeSettings(folders.home, { hooks: hooksBlock("PreToolUse", hook, { matcher: "Bash" }) });
    const run = await runMaia(["hooks", "test", "PreToolUse", "--input", '{"tool_input":{"command":"rm -rf /"}}'], { ...folders, timeoutMs: 90_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(hook);
    expect(run.stdout).toContain("exited with code 0");
    expect(run.stdout).toContain("MAIA would:\n  not run the call; the model reads: no rm");
    expect(JSON.parse(await readFile(log, "utf8"))).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" } });

    const other = await runMaia(["hooks", "test", "PreToolUse", "--input", '{"tool_name":"Read"}'], { ...folders, timeoutMs: 90_000 });
    expect(other.stdout).toContain("No hook runs for PreToolUse");
    expect((await runMaia(["hooks", "test", "PreToolUze"], { ...folders, timeoutMs: 90_000 })).code).toBe(2);
  });
});
