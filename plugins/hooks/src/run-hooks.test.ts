import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HookInput } from "./events.ts";
import type { HookCommand, HookFile, LoadedHooks } from "./load-hooks.ts";
import { matchingHooks, runHooks } from "./run-hooks.ts";
import { script } from "./testing/test-support.ts";

let folder = "";
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "maia-run-hooks-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const hook = (command: string, matcher = "", file = "/settings.json"): HookCommand => ({
  event: "PreToolUse",
  matcher,
  command,
  timeoutSeconds: 20,
  file,
  entry: "hooks.PreToolUse[0].hooks[0]",
});
const file = (trusted: boolean, commands: HookCommand[]): HookFile => ({ path: "/settings.json", origin: trusted ? "user" : "project", hash: "h", trusted, commands });
const input = (cwd: string): HookInput => ({ session_id: "s", transcript_path: "", cwd, hook_event_name: "PreToolUse", tool_name: "Bash" });

describe("matchingHooks", () => {
  it("runs identical commands once, whichever files and groups name them; skips files not approved and other tools", () => {
    const loaded: LoadedHooks = {
      files: [file(true, [hook("fmt", "Bash"), hook("lint", "Edit|Write")]), file(true, [hook("fmt", "*"), hook("audit")]), file(false, [hook("untrusted")])],
      warnings: [],
    };
    expect(matchingHooks(loaded, "PreToolUse", "Bash").map((entry) => entry.command)).toEqual(["fmt", "audit"]);
    expect(matchingHooks(loaded, "PreToolUse", "Write").map((entry) => entry.command)).toEqual(["lint", "fmt", "audit"]);
    expect(matchingHooks(loaded, "PreToolUse", "mcp__github__create_issue").map((entry) => entry.command)).toEqual(["fmt", "audit"]);
  });
});

describe("runHooks", () => {
  it("runs the hooks of one event in parallel, in the launch folder, with the event on stdin and both project variables", async () => {
    // Each script waits for the other's flag: run one after the other, the first would give up (exit 1).
    const waitFor = (mine: string, other: string, out: string) =>
      `cat > ${out}; echo "$MAIA_PROJECT_DIR|$CLAUDE_PROJECT_DIR|$PWD" >> ${out}; touch ${mine}; for i in $(seq 100); do [ -e ${other} ] && exit 0; sleep 0.1; done; echo alone >&2; exit 1`;
    const [a, b] = [path.join(folder, "a.flag"), path.join(folder, "b.flag")];
    const first = await script(folder, "first.sh", waitFor(a, b, path.join(folder, "first.out")));
    const second = await script(folder, "second.sh", waitFor(b, a, path.join(folder, "second.out")));
    const runs = await runHooks([hook(first), hook(second)], input(folder), { cwd: folder, env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
    expect(runs.map((run) => run.outcome)).toEqual(["exited with code 0", "exited with code 0"]);
    const [event, env] = (await readFile(path.join(folder, "first.out"), "utf8")).trim().split("\n");
    expect(JSON.parse(event ?? "{}")).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash", cwd: folder });
    expect(env).toBe(`${folder}|${folder}|${folder}`);
  }, 60_000);
});
