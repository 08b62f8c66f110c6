import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

// Preloaded into the maia process: at exit, writes the Node built-ins it loaded that a `-p` run against an http://
// server has no use for. undici alone was ~90 ms of CPU per start (loaded by an ES import of node:http: issue 22);
// perf_hooks, a dozen modules, came with the global `performance` (the kernel's timings, the conversation host),
// fs/promises' recursive removal with its `rm` (a session save's temporary file), and crypto, the heaviest built-in
// left, for a session id, two temporary names and a few short hashes (util's random.ts and sha256.ts). Worker
// threads come only with an image to scale down (issue 38: photon runs in a worker of its own, never at start).
const REPORTER = `import { writeFileSync } from "node:fs";
process.on("exit", () => writeFileSync(process.env.MAIA_TEST_MODULES, process.moduleLoadList.filter((name) => /undici|\\bhttps\\b|\\btls\\b|\\bperf_hooks\\b|\\brimraf\\b|\\bcrypto\\b|\\bworker_threads\\b/.test(name)).join("\\n")));
`;

describe("what a -p run loads", () => {
  it("answers over http:// without loading undici, https, TLS, perf_hooks, the recursive removal, crypto or worker threads", async () => {
    const reporter = path.join(bed.home, "report-modules.mjs");
    const report = path.join(bed.home, "modules.txt");
    await writeFile(reporter, REPORTER);
    bed.server.enqueue({ text: "Hello" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], {
      ...bed,
      env: { NODE_OPTIONS: `--import=${reporter}`, MAIA_TEST_MODULES: report },
    });
    expect(run.stdout).toBe("Hello\n");
    expect(run.code).toBe(0);
    expect((await readFile(report, "utf8")).split("\n").filter(Boolean)).toEqual([]);
  });
});
