import { existsSync, writeFileSync } from "node:fs";
import { readdir, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { maiaPerTest, type LiteLLMStandIn } from "./per-test.ts";

/** A stand-in that writes a real settings file and remembers whether it was closed. */
class StandIn implements LiteLLMStandIn {
  closed = false;
  writeSettings(homeDir: string): void {
    writeFileSync(path.join(homeDir, "settings-of-stand-in"), "yes");
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

const started: StandIn[] = [];
const seen: Array<{ home: string; cwd: string }> = [];
const bed = maiaPerTest(async () => {
  const server = new StandIn();
  started.push(server);
  return server;
});
/** What the file's own after-hook finds: the server still open (the place to stop what talks to it). */
const openInAfterHook: boolean[] = [];
afterEach(() => {
  openInAfterHook.push(!bed.server.closed);
});
/** Read while the file loads: no test runs yet, so there is nothing to give. */
const tooEarly = (() => {
  try {
    return bed.home;
  } catch (error) {
    return (error as Error).message;
  }
})();

describe("maiaPerTest", () => {
  it("gives the test a server, a HOME holding its settings and an empty launch folder, by their real paths", async () => {
    expect(bed.server).toBe(started.at(-1));
    expect(await readFile(path.join(bed.home, "settings-of-stand-in"), "utf8")).toBe("yes");
    expect(await readdir(bed.cwd)).toEqual([]);
    expect(await realpath(bed.cwd)).toBe(bed.cwd);
    expect(bed.cwd).not.toBe(bed.home);
    seen.push({ home: bed.home, cwd: bed.cwd });
  });

  it("says when it is read before any test runs", () => {
    expect(tooEarly).toBe("The home folder is made before each test: read it inside a test or a hook, not while the file loads");
  });

  it("closes the previous test's server and starts afresh, in new folders", () => {
    expect(started).toHaveLength(3);
    expect(started.slice(0, 2).map((server) => server.closed)).toEqual([true, true]);
    expect(bed.server.closed).toBe(false);
    expect(bed.home).not.toBe(seen[0]?.home);
    expect(bed.cwd).not.toBe(seen[0]?.cwd);
    expect(existsSync(bed.cwd)).toBe(true);
  });

  it("runs the file's own after-hooks before it closes the server", () => {
    expect(openInAfterHook).toEqual([true, true, true]);
  });
});
