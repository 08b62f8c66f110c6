import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

const modelInfoRequests = () => bed.server.requests.filter((request) => request.path === "/model/info");

// The LiteLLM plugin asks /model/info while the plugins load when a conversation follows (issue 22), and the
// context plugin takes that answer rather than asking again.
describe("/model/info, asked as MAIA starts", () => {
  it("is asked once by maia -p, before the request", async () => {
    bed.server.enqueue({ text: "Hello" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(run.code).toBe(0);
    expect(modelInfoRequests()).toHaveLength(1);
    const paths = bed.server.requests.map((request) => request.path);
    expect(paths.indexOf("/model/info")).toBeLessThan(paths.indexOf("/v1/chat/completions"));
  });

  it("is not asked by a subcommand, which starts no conversation", async () => {
    expect((await runMaia(["plugins", "list"], bed)).code).toBe(0);
    expect((await runMaia(["permissions", "check", "Bash", "ls"], bed)).code).not.toBeNull();
    expect(bed.server.requests).toEqual([]);
  });

  it("answers with the context plugin, which takes the answer, disabled", async () => {
    await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
    await writeFile(path.join(bed.cwd, ".maia", "config.json"), JSON.stringify({ plugins: { context: false, compaction: false } }));
    bed.server.enqueue({ text: "Hello" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], bed);
    expect(run).toMatchObject({ code: 0, stdout: "Hello\n" });
  });
});
