import { execFileSync } from "node:child_process";
import { mkdir, open, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { stopImageWorker } from "@maia/images";
import { makePng } from "@maia/images/testing";
import { afterAll, describe, expect, it } from "vitest";
import { harnessPerTest } from "./testing/harness.ts";

const h = harnessPerTest();
afterAll(() => stopImageWorker());

function lines(count: number, make = (n: number) => `line ${n}`): string {
  return Array.from({ length: count }, (_, index) => make(index + 1)).join("\n") + "\n";
}

describe("Read", () => {
  it("numbers each line in 6 columns followed by a tab", async () => {
    await writeFile(path.join(h.cwd, "a.txt"), "alpha\n\tbeta\n");
    const result = await h.run("Read", { path: "a.txt" });
    expect(result).toEqual({ text: "     1\talpha\n     2\t\tbeta", isError: false });
  });

  it("returns 2000 lines by default and says how to read on", async () => {
    await writeFile(path.join(h.cwd, "long.txt"), lines(2500));
    const { text } = await h.run("Read", { path: "long.txt" });
    const body = text.split("\n\n")[0]?.split("\n") ?? [];
    expect(body).toHaveLength(2000);
    expect(body[1999]).toBe("  2000\tline 2000");
    expect(text).toContain("Lines 1–2000 of 2500");
    expect(text).toContain("offset=2001");
  });

  it("honours offset and limit", async () => {
    await writeFile(path.join(h.cwd, "long.txt"), lines(30));
    const { text } = await h.run("Read", { path: "long.txt", offset: 10, limit: 3 });
    expect(text.split("\n").slice(0, 3)).toEqual(["    10\tline 10", "    11\tline 11", "    12\tline 12"]);
    expect(text).toContain("offset=13");
    const end = await h.run("Read", { path: "long.txt", offset: 29, limit: 10 });
    expect(end.text).toBe("    29\tline 29\n    30\tline 30");
  });

  it("says when the offset is past the end, with the line count", async () => {
    await writeFile(path.join(h.cwd, "short.txt"), lines(3));
    const result = await h.run("Read", { path: "short.txt", offset: 9 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain("offset 9 is past the end of short.txt, which has 3 lines");
    expect(result.text).toContain('Parameters received: path="short.txt", offset=9');
  });

  it("shows CRLF lines without their \\r and drops a UTF-8 byte order mark", async () => {
    await writeFile(path.join(h.cwd, "win.txt"), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("one\r\ntwo\r\n")]));
    expect((await h.run("Read", { path: "win.txt" })).text).toBe("     1\tone\n     2\ttwo");
  });

  it("reads UTF-16 files as text", async () => {
    const body = Buffer.from("héllo\nwörld\n", "utf16le");
    await writeFile(path.join(h.cwd, "u16.txt"), Buffer.concat([Buffer.from([0xff, 0xfe]), body]));
    expect((await h.run("Read", { path: "u16.txt" })).text).toBe("     1\théllo\n     2\twörld");
  });

  it("cuts very long lines and says how much is missing", async () => {
    await writeFile(path.join(h.cwd, "min.js"), "x".repeat(5000));
    const { text } = await h.run("Read", { path: "min.js" });
    expect(text.startsWith(`     1\t${"x".repeat(2000)}…`)).toBe(true);
    expect(text).toContain("3000 more characters");
  });

  it("says an empty file is empty", async () => {
    await writeFile(path.join(h.cwd, "empty.txt"), "");
    expect(await h.run("Read", { path: "empty.txt" })).toEqual({ text: "empty.txt exists but is empty.", isError: false });
  });

  it("resolves ~, absolute paths and the file_path alias", async () => {
    await writeFile(path.join(h.homeDir, "notes.md"), "home\n");
    expect((await h.run("Read", { path: "~/notes.md" })).text).toBe("     1\thome");
    const absolute = path.join(h.homeDir, "notes.md");
    expect((await h.run("Read", { file_path: absolute })).text).toBe("     1\thome");
  });

  it("lists a folder instead of failing", async () => {
    await mkdir(path.join(h.cwd, "dir/sub"), { recursive: true });
    await writeFile(path.join(h.cwd, "dir/b.txt"), "");
    await writeFile(path.join(h.cwd, "dir/a.txt"), "");
    const { text, isError } = await h.run("Read", { path: "dir" });
    expect(isError).toBe(false);
    expect(text).toBe("dir is a folder (3 entries; sub-folders end with /):\nsub/\na.txt\nb.txt");
  });

  it("returns an image as an image, with its format, size and dimensions in text (issue 38)", async () => {
    const bytes = makePng(64, 48, { pixel: () => [9, 9, 9] });
    expect(bytes.byteLength).toBeLessThan(1024);
    await writeFile(path.join(h.cwd, "pic.png"), bytes);
    const { text, isError, images } = await h.run("Read", { path: "pic.png" });
    expect(isError).toBe(false);
    expect(text).toBe(`Image pic.png (PNG, 64×48 pixels, ${bytes.byteLength} B), attached below.`);
    expect(images).toEqual([expect.objectContaining({ type: "image", mediaType: "image/png", name: "pic.png", width: 64, height: 48, data: bytes.toString("base64") })]);
  });

  it("scales a large image down and says so", async () => {
    await writeFile(path.join(h.cwd, "screen.png"), makePng(3000, 1000));
    const { text, images } = await h.run("Read", { path: "screen.png" });
    expect(text).toMatch(/^Image screen\.png \(PNG, 3000×1000 pixels, [\d.]+ [KM]B\), attached below scaled down to 2048×683 pixels \([\d.]+ [KM]?B\)\.$/);
    expect(images?.[0]).toMatchObject({ width: 2048, height: 683 });
  });

  it("describes an image it cannot send (a BMP), with why", async () => {
    const bmp = Buffer.alloc(64);
    bmp.write("BM", 0, "ascii");
    bmp.writeInt32LE(10, 18);
    bmp.writeInt32LE(20, 22);
    await writeFile(path.join(h.cwd, "pic.bmp"), bmp);
    const { text, images } = await h.run("Read", { path: "pic.bmp" });
    expect(images).toBeUndefined();
    expect(text).toMatch(/^pic\.bmp is a BMP image, 10×20 pixels/);
  });

  it("describes a binary file", async () => {
    await writeFile(path.join(h.cwd, "app.bin"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0]));
    expect((await h.run("Read", { path: "app.bin" })).text).toBe("app.bin is a binary file (ELF executable, 11 B). Read shows text files only.");
    await writeFile(path.join(h.cwd, "data.dat"), Buffer.from([1, 2, 0, 3, 4]));
    expect((await h.run("Read", { path: "data.dat" })).text).toContain("data.dat is a binary file (5 B)");
  });

  it("reports a missing file with the likely name, and the parameters received", async () => {
    await writeFile(path.join(h.cwd, "config.json"), "{}");
    const result = await h.run("Read", { path: "confg.json" });
    expect(result.isError).toBe(true);
    expect(result.text).toBe('File not found: confg.json. Did you mean config.json? Parameters received: path="confg.json".');
    const deep = await h.run("Read", { path: "nope/x.txt" });
    expect(deep.text).toContain("the folder nope does not exist either");
  });

  it("refuses a FIFO instead of blocking on it", async () => {
    const fifo = path.join(h.cwd, "pipe");
    execFileSync("mkfifo", [fifo]);
    const result = await h.run("Read", { path: "pipe" });
    expect(result.isError).toBe(true);
    expect(result.text).toContain("is not a regular file");
  });

  it("follows a symbolic link to a file", async () => {
    await writeFile(path.join(h.cwd, "target.txt"), "through the link\n");
    await symlink(path.join(h.cwd, "target.txt"), path.join(h.cwd, "link.txt"));
    expect((await h.run("Read", { path: "link.txt" })).text).toBe("     1\tthrough the link");
  });

  it("streams files too large to hold, keeping only the requested lines", async () => {
    const file = path.join(h.cwd, "huge.log");
    const handle = await open(file, "w");
    const block = lines(100_000, (n) => `entry ${String(n).padStart(6, "0")} ${"z".repeat(300)}`);
    for (let copy = 0; copy < 2; copy += 1) await handle.write(block); // ~61 MB, over the 32 MB hashing limit
    await handle.close();
    const { text } = await h.run("Read", { path: "huge.log", offset: 100_001, limit: 2 });
    const [first, second] = text.split("\n");
    expect(first).toBe(`100001\tentry 000001 ${"z".repeat(300)}`);
    expect(second).toBe(`100002\tentry 000002 ${"z".repeat(300)}`);
    expect(text).toContain("of a large file");
  });

  it("speaks French when the user does", async () => {
    setActiveLocale("fr");
    await writeFile(path.join(h.cwd, "vide.txt"), "");
    expect((await h.run("Read", { path: "vide.txt" })).text).toBe("vide.txt existe mais est vide.");
    expect((await h.run("Read", { path: "absent.txt" })).text).toBe('Fichier introuvable : absent.txt. Paramètres reçus : path="absent.txt".');
  });
});
