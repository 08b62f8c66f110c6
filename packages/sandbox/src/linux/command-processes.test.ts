import { tempFolder } from "@maia/testing-maia";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveBoundary } from "../boundary.ts";
import { Sandbox } from "../sandbox.ts";
import { availableSandbox } from "../testing/run-sandboxed.ts";
import { commandProcesses, parseProcStat, readProcessTable, type ProcessEntry } from "./command-processes.ts";

describe("parseProcStat", () => {
  it("reads the pid, the name and the parent, whatever the name holds", () => {
    expect(parseProcStat("4840 (bash) S 4839 4840 4840 0 -1 4194560 1 0 0 0")).toEqual({ pid: 4840, comm: "bash", ppid: 4839 });
    expect(parseProcStat("12 (a) b (c)) R 7 12 12 0")).toEqual({ pid: 12, comm: "a) b (c)", ppid: 7 });
    expect(parseProcStat("1 (systemd) S 0 1 1 0")).toEqual({ pid: 1, comm: "systemd", ppid: 0 });
  });

  it("gives the fields back for any name of up to 15 characters (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4_194_304 }), fc.string({ maxLength: 15 }).filter((name) => !name.includes("\n")), fc.constantFrom("R", "S", "D", "Z", "T"), fc.integer({ min: 0, max: 4_194_304 }), (pid, comm, state, ppid) => {
        expect(parseProcStat(`${pid} (${comm}) ${state} ${ppid} ${pid} ${pid} 0 -1 4194560 104 0 0 0 0 0 0 0 20 0 1 0`)).toEqual({ pid, comm, ppid });
      }),
    );
  });

  it("refuses what is not a stat line", () => {
    for (const line of ["", "garbage", "x (bash) S 1", "12 (bash)", "12 (bash) S", "-3 (bash) S 1", "12 bash) S 1"]) expect(parseProcStat(line)).toBeUndefined();
  });

  it("reads this machine's table, this process in it", () => {
    const self = readProcessTable().find((entry) => entry.pid === process.pid);
    expect(self?.ppid).toBe(process.ppid);
  });
});

describe("commandProcesses", () => {
  const table = (rows: [number, string, number][]): ProcessEntry[] => rows.map(([pid, comm, ppid]) => ({ pid, comm, ppid }));

  it("keeps the command's processes and leaves bubblewrap's own and the proxy's relay", () => {
    // bwrap (MAIA's child) → bwrap (the namespace's init) → bwrap (nested, with the relay) → bash → node, sleep.
    const rows = table([
      [100, "bwrap", 1],
      [101, "bwrap", 100],
      [102, "bwrap", 101],
      [103, "socat", 102],
      [104, "bash", 102],
      [105, "node", 104],
      [106, "sleep", 105],
      [107, "bwrap", 104], // a program of the command's, whatever its name
      [200, "bash", 1], // another process of the machine
    ]);
    expect(commandProcesses(100, rows)).toEqual([104, 105, 107, 106]);
    expect(commandProcesses(999, rows)).toEqual([]);
  });
});

describe.runIf(process.platform === "linux")("Sandbox.terminate (real bubblewrap)", () => {
  it("gives SIGTERM to every process of the command inside, so it can end cleanly; false once nothing is left", async () => {
    const project = await tempFolder("maia-sbx-term-");
    const sandbox = new Sandbox(resolveBoundary({}, { launchFolder: project, homeDir: await tempFolder("maia-sbx-term-home-") }), await availableSandbox());
    try {
      // The shell and a child in a session of its own (setsid): both say they got SIGTERM (the shell waits for the
      // child's end: the sandbox ends with the shell).
      const child = await sandbox.spawn(`trap 'echo shell-term; wait $!; exit 3' TERM; setsid sh -c "trap 'echo child-term; exit 4' TERM; echo ready; while :; do sleep 0.05; done" & wait`, { cwd: project, env: process.env });
      let output = "";
      const ready = new Promise<void>((resolve) =>
        child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
          output += chunk;
          if (output.includes("ready")) resolve();
        }),
      );
      const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
      await ready;
      const pid = child.pid ?? 0;
      expect(sandbox.terminate(pid)).toBe(true);
      expect(await closed).toBe(3);
      expect(output).toContain("shell-term");
      expect(output).toContain("child-term");
      expect(sandbox.terminate(pid)).toBe(false);
    } finally {
      await sandbox.close();
    }
  });
});
