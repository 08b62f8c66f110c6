import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { editPreview, writePreview } from "./file-preview.ts";

describe("previews of Edit and Write", () => {
  it("gives Edit's file before and after its single replacement, and nothing when the replacement would not apply", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "maia-preview-"));
    const file = path.join(folder, "a.py");
    await writeFile(file, "x = 1\ny = 2\nx = 1\n");
    // `line`: where the replacement starts, for editors to open the file there.
    expect(await editPreview(file, "y = 2", "y = 3")).toEqual({ path: file, oldText: "x = 1\ny = 2\nx = 1\n", newText: "x = 1\ny = 3\nx = 1\n", line: 2 });
    expect(await editPreview(file, "x = 1", "x = 9")).toBeUndefined(); // twice: Edit refuses it
    expect(await editPreview(file, "z", "w")).toBeUndefined();
    expect(await editPreview(path.join(folder, "missing.py"), "a", "b")).toBeUndefined();
  });

  it("reads a CRLF file with a byte order mark as Edit does: the model's LF text still applies, the mark is not part of the text", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "maia-preview-"));
    const file = path.join(folder, "w.txt");
    await writeFile(file, "\uFEFFone\r\ntwo\r\nthree\r\n");
    expect(await editPreview(file, "two\nthree", "2\n3")).toEqual({ path: file, oldText: "one\r\ntwo\r\nthree\r\n", newText: "one\r\n2\r\n3\r\n", line: 2 });
  });

  it("gives Write's new file as null before, and leaves binary files out", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "maia-preview-"));
    expect(await writePreview(path.join(folder, "new.txt"), "hi\n")).toEqual({ path: path.join(folder, "new.txt"), oldText: null, newText: "hi\n" });
    const binary = path.join(folder, "b.bin");
    await writeFile(binary, Buffer.from([0, 1, 2, 0, 255]));
    expect(await writePreview(binary, "text")).toBeUndefined();
  });
});
