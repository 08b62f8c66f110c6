import { chmod, mkdir, readFile, readdir, stat, symlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markFileSeen } from "./files-seen.ts";
import { harnessPerTest } from "./testing/harness.ts";
import { CONTENT_ALIASES } from "./write-tool.ts";

const h = harnessPerTest();

const file = (name: string) => path.join(h.cwd, name);

describe("Write", () => {
  it("creates a file and its missing parent folders", async () => {
    const result = await h.run("Write", { path: "deep/er/new.txt", content: "one\ntwo\n" });
    expect(result).toEqual({ text: "Created deep/er/new.txt (2 lines, 8 B).", isError: false });
    expect(await readFile(file("deep/er/new.txt"), "utf8")).toBe("one\ntwo\n");
  });

  it.each(CONTENT_ALIASES)("accepts %s in place of content (seed § 8)", async (alias) => {
    await h.run("Write", { path: `${alias}.txt`, [alias]: "aliased" });
    expect(await readFile(file(`${alias}.txt`), "utf8")).toBe("aliased");
  });

  it("joins an array of strings with line breaks", async () => {
    await h.run("Write", { path: "list.txt", content: ["a", "b", "c"] });
    expect(await readFile(file("list.txt"), "utf8")).toBe("a\nb\nc");
  });

  it("refuses to overwrite a file the model has not read in this conversation", async () => {
    await writeFile(file("keep.txt"), "precious\n");
    const result = await h.run("Write", { path: "keep.txt", content: "gone" });
    expect(result.isError).toBe(true);
    expect(result.text).toContain("keep.txt already exists and you have not read it in this conversation: Read it first");
    expect(await readFile(file("keep.txt"), "utf8")).toBe("precious\n");
  });

  it("overwrites a file once it has been read, even partly", async () => {
    await writeFile(file("f.txt"), "1\n2\n3\n");
    await h.run("Read", { path: "f.txt", offset: 2, limit: 1 });
    expect((await h.run("Write", { path: "f.txt", content: "new\n" })).text).toBe("Overwrote f.txt (1 line, 4 B).");
    expect(await readFile(file("f.txt"), "utf8")).toBe("new\n");
  });

  it("refuses when the file changed on disk since it was read, and accepts again after a new Read", async () => {
    await writeFile(file("f.txt"), "v1\n");
    await h.run("Read", { path: "f.txt" });
    await writeFile(file("f.txt"), "v2 by someone else\n");
    const refused = await h.run("Write", { path: "f.txt", content: "mine" });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("f.txt changed on disk since you last read it: Read it again");
    expect(await readFile(file("f.txt"), "utf8")).toBe("v2 by someone else\n");
    await h.run("Read", { path: "f.txt" });
    expect((await h.run("Write", { path: "f.txt", content: "mine" })).isError).toBe(false);
  });

  it("does not count a mere touch (same bytes, new time) as a change", async () => {
    await writeFile(file("f.txt"), "same\n");
    await h.run("Read", { path: "f.txt" });
    const later = new Date(Date.now() + 60_000);
    await utimes(file("f.txt"), later, later);
    expect((await h.run("Write", { path: "f.txt", content: "next" })).isError).toBe(false);
  });

  it("counts its own write as seen: a second write needs no Read", async () => {
    await h.run("Write", { path: "g.txt", content: "first" });
    expect((await h.run("Write", { path: "g.txt", content: "second" })).isError).toBe(false);
    expect(await readFile(file("g.txt"), "utf8")).toBe("second");
  });

  it("accepts a file marked seen by another plugin (the @ references)", async () => {
    await writeFile(file("at.txt"), "injected\n");
    const bytes = await readFile(file("at.txt"));
    markFileSeen(h.context.state, file("at.txt"), await stat(file("at.txt")), bytes);
    expect((await h.run("Write", { path: "at.txt", content: "ok" })).isError).toBe(false);
  });

  it("starts over in a new conversation: the record of files seen is per session state", async () => {
    await writeFile(file("s.txt"), "x\n");
    await h.run("Read", { path: "s.txt" });
    const refused = await h.run("Write", { path: "s.txt", content: "y" }, { state: new Map() });
    expect(refused.isError).toBe(true);
  });

  it("keeps an existing file's encoding: UTF-8 byte order mark, UTF-16", async () => {
    await writeFile(file("bom.txt"), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("old\n")]));
    await writeFile(file("u16.txt"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("old\n", "utf16le")]));
    await h.run("Read", { path: "bom.txt" });
    await h.run("Read", { path: "u16.txt" });
    await h.run("Write", { path: "bom.txt", content: "nouveau\n" });
    await h.run("Write", { path: "u16.txt", content: "nouveau\n" });
    expect(await readFile(file("bom.txt"))).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("nouveau\n")]));
    expect(await readFile(file("u16.txt"))).toEqual(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("nouveau\n", "utf16le")]));
  });

  it("writes atomically: no temporary file left, permissions kept, a symbolic link written through", async () => {
    await writeFile(file("run.sh"), "#!/bin/sh\n");
    await chmod(file("run.sh"), 0o755);
    await h.run("Read", { path: "run.sh" });
    await h.run("Write", { path: "run.sh", content: "#!/bin/sh\necho hi\n" });
    expect((await stat(file("run.sh"))).mode & 0o777).toBe(0o755);
    await mkdir(file("real"));
    await writeFile(file("real/target.txt"), "t\n");
    await symlink(file("real/target.txt"), file("link.txt"));
    await h.run("Read", { path: "link.txt" });
    await h.run("Write", { path: "link.txt", content: "through\n" });
    expect(await readFile(file("real/target.txt"), "utf8")).toBe("through\n");
    expect((await readdir(h.cwd)).filter((name) => name.includes(".tmp"))).toEqual([]);
    expect((await readdir(file("real"))).sort()).toEqual(["target.txt"]);
  });

  it("explains why a write cannot happen: a folder, a parent that is a file", async () => {
    await mkdir(file("dir"));
    expect((await h.run("Write", { path: "dir", content: "x" })).text).toContain("dir is a folder: give the path of a file.");
    await writeFile(file("plain"), "");
    const under = await h.run("Write", { path: "plain/child.txt", content: "x" });
    expect(under.isError).toBe(true);
    expect(under.text).toContain("Cannot write plain/child.txt: a parent in the path is a file, not a folder.");
  });
});
