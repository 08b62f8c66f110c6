import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { DEBUG_LOG_NAME, debugLogPath, openDebugLog } from "./debug-log.ts";

let dir: string;
beforeAll(async () => {
  dir = await tempFolder("maia-debug-");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("debugLogPath", () => {
  it("is off unless MAIA_DEBUG_LLM asks", () => {
    expect(debugLogPath({})).toBeUndefined();
    expect(debugLogPath({ MAIA_DEBUG_LLM: "" })).toBeUndefined();
    expect(debugLogPath({ MAIA_DEBUG_LLM: "0" })).toBeUndefined();
    expect(debugLogPath({ MAIA_DEBUG_LLM: "false" })).toBeUndefined();
    expect(openDebugLog({})).toBeUndefined();
  });

  it("uses maia-llm-debug.log in the temporary folder for 1, else the given path", () => {
    expect(debugLogPath({ MAIA_DEBUG_LLM: "1" })).toBe(join(tmpdir(), DEBUG_LOG_NAME));
    expect(debugLogPath({ MAIA_DEBUG_LLM: "/var/tmp/llm.log" })).toBe("/var/tmp/llm.log");
  });
});

describe("openDebugLog", () => {
  it("never writes the key, even cut across chunks", async () => {
    const secret = "sk-secret-abcdef";
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 6 }), fc.string({ maxLength: 10 }), async (cuts, filler) => {
        const file = join(dir, `log-${Math.random().toString(36).slice(2)}.txt`);
        const log = openDebugLog({ MAIA_DEBUG_LLM: file }, secret);
        if (log === undefined) throw new Error("expected a log");
        const text = `${filler}Bearer ${secret} and again ${secret}${filler}`;
        log.section(`headers ${secret}`, `Authorization: Bearer ${secret}`);
        const stream = log.stream("body");
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        let start = 0;
        for (const point of points) {
          stream.write(text.slice(start, point));
          start = point;
        }
        stream.write(text.slice(start));
        stream.end();
        const written = await readFile(file, "utf8");
        expect(written).not.toContain(secret);
        expect(written).toContain(`${filler}Bearer *** and again ***${filler}`);
      }),
      { numRuns: 50 },
    );
  });
});
