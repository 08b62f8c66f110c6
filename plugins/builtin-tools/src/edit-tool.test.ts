import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { harnessPerTest } from "./testing/harness.ts";

const h = harnessPerTest();

const file = (name: string) => path.join(h.cwd, name);

async function seen(name: string, content: string | Buffer): Promise<void> {
  await writeFile(file(name), content);
  await h.run("Read", { path: name });
}

describe("Edit", () => {
  it("replaces the one occurrence and shows the edited lines numbered like Read", async () => {
    await seen("a.ts", "const a = 1;\nconst b = 2;\nconst c = 3;\n");
    const result = await h.run("Edit", { path: "a.ts", old_string: "const b = 2;", new_string: "const b = 20;" });
    expect(result.isError).toBe(false);
    expect(result.text).toBe(
      "Edited a.ts (one replacement at line 2). The lines around it now read:\n     1\tconst a = 1;\n     2\tconst b = 20;\n     3\tconst c = 3;",
    );
    expect(await readFile(file("a.ts"), "utf8")).toBe("const a = 1;\nconst b = 20;\nconst c = 3;\n");
  });

  it("fails distinctly when old_string is absent and when it appears several times, changing nothing", async () => {
    await seen("b.ts", "x = 1\ny = 1\nx = 1\n");
    const absent = await h.run("Edit", { path: "b.ts", old_string: "z = 1", new_string: "z = 2" });
    expect(absent.isError).toBe(true);
    expect(absent.text).toContain("old_string was not found in b.ts");
    const multiple = await h.run("Edit", { path: "b.ts", old_string: "x = 1", new_string: "x = 2" });
    expect(multiple.isError).toBe(true);
    expect(multiple.text).toContain("old_string appears 2 times in b.ts (lines 1, 3)");
    expect(await readFile(file("b.ts"), "utf8")).toBe("x = 1\ny = 1\nx = 1\n");
  });

  it("tells the model when it copied Read's line numbers", async () => {
    await seen("c.ts", "alpha\nbeta\n");
    const result = await h.run("Edit", { path: "c.ts", old_string: "     2\tbeta", new_string: "gamma" });
    expect(result.text).toContain("line-number prefixes");
  });

  it("refuses a file not read in this conversation, and one changed since", async () => {
    await writeFile(file("d.ts"), "v1\n");
    expect((await h.run("Edit", { path: "d.ts", old_string: "v1", new_string: "v2" })).text).toContain("you have not read it in this conversation");
    await h.run("Read", { path: "d.ts" });
    await writeFile(file("d.ts"), "v1 changed\n");
    expect((await h.run("Edit", { path: "d.ts", old_string: "v1", new_string: "v2" })).text).toContain("changed on disk since you last read it");
    expect(await readFile(file("d.ts"), "utf8")).toBe("v1 changed\n");
  });

  it("can edit twice in a row: its own edit counts as seen", async () => {
    await seen("e.ts", "one two\n");
    await h.run("Edit", { path: "e.ts", old_string: "one", new_string: "1" });
    expect((await h.run("Edit", { path: "e.ts", old_string: "two", new_string: "2" })).isError).toBe(false);
    expect(await readFile(file("e.ts"), "utf8")).toBe("1 2\n");
  });

  it("keeps CRLF line endings and the byte order mark", async () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("first\r\nsecond\r\nthird\r\n")]);
    await seen("win.txt", original);
    await h.run("Edit", { path: "win.txt", old_string: "first\nsecond", new_string: "1st\n2nd\nextra" });
    expect(await readFile(file("win.txt"))).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("1st\r\n2nd\r\nextra\r\nthird\r\n")]));
  });

  it("keeps `$&` and `$1` literal", async () => {
    await seen("f.js", "price = X;\n");
    await h.run("Edit", { path: "f.js", old_string: "X", new_string: "'$&$1'" });
    expect(await readFile(file("f.js"), "utf8")).toBe("price = '$&$1';\n");
  });

  it("accepts the old_str / new_str and file_path names", async () => {
    await seen("g.txt", "before\n");
    await h.run("Edit", { file_path: "g.txt", old_str: "before", new_str: "after" });
    expect(await readFile(file("g.txt"), "utf8")).toBe("after\n");
  });

  it("explains the usage mistakes: missing file, empty or unchanged strings, binary file", async () => {
    expect((await h.run("Edit", { path: "nope.txt", old_string: "a", new_string: "b" })).text).toContain("File not found: nope.txt. Edit changes existing files; to create one, use Write.");
    await seen("h.txt", "a\n");
    expect((await h.run("Edit", { path: "h.txt", old_string: "", new_string: "b" })).text).toContain("old_string is empty");
    expect((await h.run("Edit", { path: "h.txt", old_string: "a", new_string: "a" })).text).toContain("identical");
    await seen("bin.dat", Buffer.from([0, 1, 2, 3, 0x61]));
    expect((await h.run("Edit", { path: "bin.dat", old_string: "a", new_string: "b" })).text).toContain("bin.dat is a binary file");
  });
});
