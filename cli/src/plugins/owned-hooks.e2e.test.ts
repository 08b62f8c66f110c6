import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMaia } from "@maia/testing-maia";

let server: FakeLiteLLM;
let home: string;
let project: string;

/**
 * Two plugins given by path, as a user writes them: `bell` declares a hook of its own through
 * `context.hooks.own` (a spec, as the kernel's are) and calls it at each session start; `listener` taps it through
 * bell's API, and its tap throws.
 */
const BELL = `
export default {
  name: "bell",
  version: "1.0.0",
  kernel: "^1.0.0",
  apply(context) {
    const { hooks, taps } = context.hooks.own({
      rang: { kind: "sync", args: ["session"], callers: "kernel", doc: "Each session start rings the bell" },
    });
    context.hooks.sessionStart.tapPromise("bell", async (session) => hooks.rang.call(session));
    return { hooks: taps };
  },
};
`;
const LISTENER = `
export default {
  name: "listener",
  version: "1.0.0",
  kernel: "^1.0.0",
  dependencies: ["bell"],
  apply(context) {
    context.plugins.get("bell")?.api?.hooks.rang.tap("listener", () => {
      throw new Error("the bell is too loud");
    });
  },
};
`;

beforeAll(async () => {
  server = await startFakeLiteLLM();
  home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
  project = await mkdtemp(path.join(os.tmpdir(), "maia-owned-hooks-"));
  await server.writeSettings(home);
  await mkdir(path.join(project, ".maia"), { recursive: true });
  await writeFile(path.join(project, "bell.mjs"), BELL);
  await writeFile(path.join(project, "listener.mjs"), LISTENER);
  await writeFile(path.join(project, ".maia", "config.json"), JSON.stringify({ model: "fake-model", plugins: { "./bell.mjs": true, "./listener.mjs": true } }));
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe("hooks a plugin owns (context.hooks.own), in the built bundle", () => {
  it("are listed by `maia plugins list` with their owner, and with the plugins that tap them", async () => {
    const list = await runMaia(["plugins", "list", "--json"], { cwd: project, home });
    expect(list.code).toBe(0);
    const records = JSON.parse(list.stdout) as Array<{ name: string; state: string; hooks: string[]; owns: string[] }>;
    const byName = new Map(records.map((record) => [record.name, record]));
    // The first-party ones: the compaction plugin's PreCompact point and the sub-agents' runs, which the hooks plugin taps.
    expect(byName.get("compaction")?.owns).toEqual(["compaction.compacting"]);
    expect(byName.get("subagents")?.owns).toEqual(["subagents.run"]);
    expect(byName.get("hooks")?.hooks).toEqual(expect.arrayContaining(["subagents.run", "compaction.compacting"]));
    expect(byName.get("bell"), JSON.stringify(records.map((record) => record.name))).toMatchObject({ state: "active", owns: ["bell.rang"], hooks: ["sessionStart"] });
    expect(byName.get("listener")).toMatchObject({ state: "active", owns: [], hooks: ["bell.rang"] });

    const table = await runMaia(["plugins", "list"], { cwd: project, home });
    const header = table.stdout.split("\n")[0] ?? "";
    expect(header.split(/\s+/)).toEqual(["name", "version", "source", "state", "hooks", "owns", "load"]);
    expect(table.stdout.split("\n").find((line) => line.startsWith("compaction"))).toContain("compaction.compacting");
  });

  it("contain a tap that throws as the kernel's hooks do: reported with its plugin and the hook, and the answer still comes", async () => {
    server.enqueue({ text: "still here" });
    const run = await runMaia(["-p", "hi"], { cwd: project, home });
    expect(run.stdout).toBe("still here\n");
    expect(run.stderr).toContain("listener (bell.rang): the bell is too loud");
  });
});
