import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { harnessPerTest } from "./testing/harness.ts";

const h = harnessPerTest();

async function put(name: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(h.cwd, name)), { recursive: true });
  await writeFile(path.join(h.cwd, name), content);
}

describe("Grep", () => {
  beforeEach(async () => {
    await put("src/a.ts", "import x from 'y';\nfunction alpha() {\n  return 1;\n}\n");
    await put("src/b.ts", "const Alpha = 2;\nexport { Alpha };\n");
    await put("README.md", "# alpha project\n");
  });

  it("lists the files that match by default", async () => {
    expect((await h.run("Grep", { pattern: "alpha" })).text).toBe("Found 2 files:\nREADME.md\nsrc/a.ts");
  });

  it("searches case-insensitively with -i, and restricts files with glob", async () => {
    expect((await h.run("Grep", { pattern: "alpha", "-i": true })).text).toBe("Found 3 files:\nREADME.md\nsrc/a.ts\nsrc/b.ts");
    expect((await h.run("Grep", { pattern: "alpha", "-i": true, glob: "*.ts" })).text).toBe("Found 2 files:\nsrc/a.ts\nsrc/b.ts");
    expect((await h.run("Grep", { pattern: "alpha", "-i": true, glob: "src/b.*" })).text).toBe("Found 1 file:\nsrc/b.ts");
    expect((await h.run("Grep", { pattern: "alpha", "-i": "true" })).text).toContain("Found 3 files");
  });

  it("shows matching lines with numbers in content mode, or without them when -n is false", async () => {
    expect((await h.run("Grep", { pattern: "Alpha", output_mode: "content" })).text).toBe("src/b.ts:1:const Alpha = 2;\nsrc/b.ts:2:export { Alpha };");
    expect((await h.run("Grep", { pattern: "return", output_mode: "content", "-n": false })).text).toBe("src/a.ts:  return 1;");
  });

  it("adds context lines with -A, -B, -C and separates groups with --", async () => {
    await put("ctx.txt", "1\n2\nhit\n4\n5\n6\n7\nhit\n9\n");
    const around = await h.run("Grep", { pattern: "hit", path: "ctx.txt", output_mode: "content", "-C": 1 });
    expect(around.text).toBe("ctx.txt-2-2\nctx.txt:3:hit\nctx.txt-4-4\n--\nctx.txt-7-7\nctx.txt:8:hit\nctx.txt-9-9");
    const after = await h.run("Grep", { pattern: "hit", path: "ctx.txt", output_mode: "content", "-A": 4 });
    expect(after.text).toBe("ctx.txt:3:hit\nctx.txt-4-4\nctx.txt-5-5\nctx.txt-6-6\nctx.txt-7-7\nctx.txt:8:hit\nctx.txt-9-9");
    const before = await h.run("Grep", { pattern: "hit", path: "ctx.txt", output_mode: "content", "-B": 1, "-A": 0, "-C": 5 });
    expect(before.text).toBe("ctx.txt-2-2\nctx.txt:3:hit\n--\nctx.txt-7-7\nctx.txt:8:hit");
  });

  it("counts matching lines per file in count mode", async () => {
    const { text } = await h.run("Grep", { pattern: "alpha", "-i": true, output_mode: "count" });
    expect(text).toBe("README.md:1\nsrc/a.ts:1\nsrc/b.ts:2\n\n4 matching lines in 3 files.");
  });

  it("stops at head_limit and says there is more; 0 means no limit", async () => {
    await put("many.txt", Array.from({ length: 300 }, (_, index) => `match ${index}`).join("\n"));
    const limited = await h.run("Grep", { pattern: "match", path: "many.txt", output_mode: "content" });
    const lines = limited.text.split("\n");
    expect(lines.filter((line) => line.startsWith("many.txt:"))).toHaveLength(250);
    expect(limited.text).toContain("[Results limited to 250 entries; there are more.");
    const small = await h.run("Grep", { pattern: "match", path: "many.txt", output_mode: "content", head_limit: 3 });
    expect(small.text.split("\n\n")[0]).toBe("many.txt:1:match 0\nmany.txt:2:match 1\nmany.txt:3:match 2");
    const all = await h.run("Grep", { pattern: "match", path: "many.txt", output_mode: "content", head_limit: 0 });
    expect(all.text.split("\n")).toHaveLength(300);
  });

  it("skips .git, node_modules, .gitignored files, binaries and files over 2 MB (and says so for large ones)", async () => {
    await put(".git/config", "needle\n");
    await put("node_modules/pkg/index.js", "needle\n");
    await put("build/out.js", "needle\n");
    await put(".gitignore", "build/\n");
    await put("bin.dat", Buffer.concat([Buffer.from("needle"), Buffer.from([0, 1, 2])]));
    await put("big.txt", `${"filler line\n".repeat(200_000)}needle\n`);
    await put("kept.txt", "needle\n");
    const { text } = await h.run("Grep", { pattern: "needle" });
    expect(text).toBe("Found 1 file:\nkept.txt\n\n[1 file over 2 MB skipped; Read can open them.]");
  });

  it("cuts long lines at 500 characters", async () => {
    await put("min.js", `${"a".repeat(600)}needle`);
    const { text } = await h.run("Grep", { pattern: "needle", path: "min.js", output_mode: "content" });
    expect(text).toBe(`min.js:1:${"a".repeat(500)}… [line cut: 106 more characters]`);
  });

  it("reads CRLF and UTF-16 files as lines", async () => {
    await put("win.txt", "first\r\nsecond end\r\n");
    await put("u16.txt", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("un\ndeux end\n", "utf16le")]));
    const { text } = await h.run("Grep", { pattern: "end$", output_mode: "content" });
    expect(text).toBe("u16.txt:2:deux end\nwin.txt:2:second end");
  });

  it("explains an invalid regex and a missing path", async () => {
    const bad = await h.run("Grep", { pattern: "foo(" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain("Invalid regular expression foo(:");
    expect(bad.text).toContain("escape ( ) [ ] { }");
    const missing = await h.run("Grep", { pattern: "x", path: "gone" });
    expect(missing).toEqual({ text: 'Path not found: gone. Parameters received: pattern="x", path="gone".', isError: true });
  });

  it("survives a catastrophic pattern instead of hanging MAIA", async () => {
    await put("trap.txt", `${"a".repeat(40)}c\nb\n`);
    // Hours of backtracking on the first line without the linear-engine fallback; milliseconds with it.
    expect((await h.run("Grep", { pattern: "(a*)*b", path: "trap.txt", output_mode: "content" })).text).toBe("trap.txt:2:b");
  });

  it("says when nothing matches", async () => {
    expect((await h.run("Grep", { pattern: "zebra" })).text).toBe("No matches for zebra in the launch folder.");
  });

  it("stops when the turn is interrupted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(h.run("Grep", { pattern: "alpha" }, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});
