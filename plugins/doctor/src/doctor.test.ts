import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { definePlugin, setActiveLocale, type DoctorEntry } from "@maia/kernel";
import { createTestKernel } from "@maia/testing-kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import doctor, { formatDoctor, type DoctorApi } from "./index.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

/** A plugin that reports like a real one (its API's `doctor`), about a file of the launch folder. */
const reporter = (name: string, entries: (cwd: string) => DoctorEntry[]) =>
  definePlugin({ name, version: "1.0.0", kernel: "^1.0.0", apply: (context) => ({ doctor: async () => entries(context.runtime.cwd) }) });

async function write(file: string, text: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

describe("the doctor (issue 36)", () => {
  it("gathers every plugin's entries by file, names the keys nobody reads, the env block, unread Claude Code files, and a reporter that failed", async () => {
    const failing = definePlugin({ name: "broken", version: "1.0.0", kernel: "^1.0.0", apply: () => ({ doctor: async () => Promise.reject(new Error("disk on fire")) }) });
    const rules = reporter("rules", (cwd) => [
      { path: path.join(cwd, ".claude", "settings.json"), format: "claude", kind: "permissions", became: ["allow Bash(ls) → Bash(ls)"], ignored: [{ item: "deny WebSearch", reason: "no such tool", line: 4 }], keys: ["permissions"] },
    ]);
    const { kernel, cwd, homeDir } = await createTestKernel([rules, failing, doctor]);
    await write(path.join(cwd, ".claude", "settings.json"), JSON.stringify({ permissions: {}, model: "claude-x", statusLine: {}, env: { STAGE: "t", LD_PRELOAD: "x.so" } }, null, 2));
    await write(path.join(homeDir, ".claude", "CLAUDE.md"), "mine\n");
    const api = kernel.plugins.get<DoctorApi>("doctor")?.api;
    const report = await api!.report({ cwd, homeDir, env: {} });
    const settings = report.files.find((file) => file.path === path.join(cwd, ".claude", "settings.json"));
    expect(settings).toEqual({
      path: path.join(cwd, ".claude", "settings.json"),
      format: "claude",
      kinds: ["permissions", "env", "settings"],
      became: [
        { kind: "permissions", item: "allow Bash(ls) → Bash(ls)" },
        { kind: "env", item: "env STAGE" },
      ],
      ignored: [
        { kind: "permissions", item: "deny WebSearch", reason: "no such tool", line: 4 },
        { kind: "env", item: "env LD_PRELOAD", reason: "it changes which program runs or what it loads first: a project's settings may not set it", line: 7 },
        { kind: "settings", item: "model", reason: "MAIA's model is chosen with --model, MAIA_MODEL or .maia/config.json", line: 3 },
        { kind: "settings", item: "statusLine", reason: "MAIA's status line is its own", line: 4 },
      ],
    });
    expect(report.files.find((file) => file.path === path.join(homeDir, ".claude", "CLAUDE.md"))?.ignored[0]?.reason).toContain("launch folder's instructions only");
    expect(report.problems).toEqual(["the broken plugin could not say what it read: disk on fire"]);

    const text = formatDoctor(report);
    expect(text).toContain(".claude/settings.json  (Claude Code · permissions, env, settings)\n  ✓ permissions    allow Bash(ls) → Bash(ls)\n  ✓ env            env STAGE");
    expect(text).toContain("  ✗ permissions:4  deny WebSearch: no such tool");
    expect(text).toContain("~/.claude/CLAUDE.md  (Claude Code · unread)");
    expect(text.endsWith("! the broken plugin could not say what it read: disk on fire")).toBe(true);
  });

  it("says when nothing was found, and /doctor --json gives the same report", async () => {
    const { kernel, cwd, homeDir } = await createTestKernel([doctor]);
    const report = await kernel.plugins.get<DoctorApi>("doctor")!.api!.report({ cwd, homeDir, env: {} });
    expect(report.files).toEqual([]);
    expect(formatDoctor(report)).toContain("No MAIA or Claude Code file was found here or in your home.");
    const command = kernel.plugins.commands.get("doctor");
    const printed: string[] = [];
    const output = { info: (text: string) => printed.push(text), warn: () => undefined, error: () => undefined, text: () => undefined };
    const session = { cwd, setup: { homeDir, env: {} } };
    await command!.run({ session, args: "--json", output } as never);
    expect(JSON.parse(printed[0] ?? "")).toEqual(report);
  });
});
