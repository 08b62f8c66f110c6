import { chmod, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM());

/** `maia -p hi` with Node's compile cache in `cacheRoot` (the folder the code cache of dist/print.cjs joins). */
async function askHi(cacheRoot: string) {
  bed.server.enqueue({ text: "Hello" });
  return runMaia(["-p", "hi", "--model", "fake-model"], { ...bed, env: { NODE_COMPILE_CACHE: cacheRoot } });
}

/** The code caches MAIA wrote: Node makes one folder per version and flags under the root. */
async function codeCaches(cacheRoot: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of await readdir(cacheRoot).catch(() => [])) {
    for (const name of await readdir(path.join(cacheRoot, folder)).catch(() => [])) {
      if (name.startsWith("maia-print-") && name.endsWith(".v8cache")) found.push(path.join(cacheRoot, folder, name));
    }
  }
  return found;
}

describe("maia -p and its code cache (dist/print.cjs)", () => {
  it("writes a private code cache after the first run and answers the same, with nothing on stderr, from it", async () => {
    const cacheRoot = path.join(bed.home, "compile-cache");
    const first = await askHi(cacheRoot);
    expect(first).toMatchObject({ code: 0, stdout: "Hello\n", stderr: "" });
    const [cache, ...others] = await codeCaches(cacheRoot);
    expect(others).toEqual([]);
    expect(cache).toBeDefined();
    expect((await stat(cache as string)).mode & 0o777).toBe(0o600);
    const written = (await stat(cache as string)).mtimeMs;

    const second = await askHi(cacheRoot);
    expect(second).toMatchObject({ code: 0, stdout: "Hello\n", stderr: "" });
    // Accepted by V8, so not written again.
    expect((await stat(cache as string)).mtimeMs).toBe(written);
  });

  it("is written by the first run that answers, not by one that stopped early", async () => {
    const cacheRoot = path.join(bed.home, "compile-cache");
    const env = { NODE_COMPILE_CACHE: cacheRoot };
    // A usage error, then a run without a settings file: both stop before any work.
    expect((await runMaia(["-p", "--output-format", "nope", "hi"], { ...bed, env })).code).toBe(2);
    const noSettings = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    expect((await runMaia(["-p", "hi", "--model", "fake-model"], { ...bed, home: noSettings, env })).code).toBe(1);
    expect(await codeCaches(cacheRoot)).toEqual([]);
    expect(await askHi(cacheRoot)).toMatchObject({ code: 0, stdout: "Hello\n" });
    expect(await codeCaches(cacheRoot)).toHaveLength(1);
  });

  it("replaces a cache file V8 rejects (garbage bytes) and still answers", async () => {
    const cacheRoot = path.join(bed.home, "compile-cache");
    await askHi(cacheRoot);
    const [cache] = await codeCaches(cacheRoot);
    await writeFile(cache as string, "not a V8 code cache", { mode: 0o600 });
    expect(await askHi(cacheRoot)).toMatchObject({ code: 0, stdout: "Hello\n", stderr: "" });
    expect((await stat(cache as string)).size).toBeGreaterThan(1000);
  });

  it("removes the cache of an earlier build of the bundle when it writes its own, not another installation's", async () => {
    const cacheRoot = path.join(bed.home, "compile-cache");
    await askHi(cacheRoot);
    const [cache] = await codeCaches(cacheRoot);
    const folder = path.dirname(cache as string);
    // maia-print-<where>-<size>-<time>.v8cache: the same installation's earlier build, and another installation.
    const where = /^maia-print-([0-9a-f]{8})-/.exec(path.basename(cache as string))?.[1];
    expect(where).toBeDefined();
    const earlier = path.join(folder, `maia-print-${where}-1234-5678.v8cache`);
    const elsewhere = path.join(folder, `maia-print-${where === "00000000" ? "11111111" : "00000000"}-1234-5678.v8cache`);
    await writeFile(earlier, "an earlier build's cache", { mode: 0o600 });
    await writeFile(elsewhere, "another installation's cache", { mode: 0o600 });
    await rm(cache as string);
    expect(await askHi(cacheRoot)).toMatchObject({ code: 0, stdout: "Hello\n" });
    expect((await codeCaches(cacheRoot)).sort()).toEqual([cache, elsewhere].sort());
  });

  it("neither reads nor writes a code cache in a folder that others may write to", async () => {
    const cacheRoot = path.join(bed.home, "compile-cache");
    await askHi(cacheRoot);
    const [cache] = await codeCaches(cacheRoot);
    const folder = path.dirname(cache as string);
    // A planted file: were it read, V8 would reject it and MAIA would write its own over it.
    await writeFile(cache as string, "planted", { mode: 0o600 });
    await chmod(folder, 0o777);
    expect(await askHi(cacheRoot)).toMatchObject({ code: 0, stdout: "Hello\n", stderr: "" });
    expect((await stat(cache as string)).size).toBe("planted".length);
  });

  it("works with Node's compile cache turned off (no code cache at all)", async () => {
    bed.server.enqueue({ text: "Hello" });
    const run = await runMaia(["-p", "hi", "--model", "fake-model"], { ...bed, env: { NODE_DISABLE_COMPILE_CACHE: "1" } });
    expect(run).toMatchObject({ code: 0, stdout: "Hello\n", stderr: "" });
  });
});
