import { chmod, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clipboardReader, fromAppleScript, pickImageType, readClipboardImage } from "./clipboard-image.ts";

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

/** A folder with executables of these names, each a shell script. */
async function programs(scripts: Record<string, string>): Promise<string> {
  const folder = await tempFolder("maia-clipboard-");
  for (const [name, body] of Object.entries(scripts)) {
    await writeFile(path.join(folder, name), `#!/bin/sh\n${body}\n`);
    await chmod(path.join(folder, name), 0o755);
  }
  return folder;
}

describe("the clipboard's image (issue 38)", () => {
  it("picks wl-paste under Wayland, xclip under X11, pngpaste then osascript on macOS, and nothing without a session", async () => {
    const bin = await programs({ "wl-paste": "", xclip: "", pngpaste: "", osascript: "" });
    const only = async (name: string) => programs({ [name]: "" });
    expect(clipboardReader("linux", { PATH: bin, WAYLAND_DISPLAY: "wayland-0", DISPLAY: ":0" })?.kind).toBe("wl-paste");
    expect(clipboardReader("linux", { PATH: bin, DISPLAY: ":0" })?.kind).toBe("xclip");
    expect(clipboardReader("linux", { PATH: bin })).toBeUndefined();
    expect(clipboardReader("darwin", { PATH: bin })?.kind).toBe("pngpaste");
    expect(clipboardReader("darwin", { PATH: await only("osascript") })?.kind).toBe("osascript");
    expect(clipboardReader("linux", { PATH: await only("wl-paste"), DISPLAY: ":0" })).toBeUndefined();
  });

  it("says what to install when no program can read the clipboard", async () => {
    expect(await readClipboardImage("linux", { PATH: await programs({}) })).toEqual({ ok: false, message: expect.stringContaining("Install wl-clipboard (Wayland) or xclip (X11)") });
    expect(await readClipboardImage("darwin", { PATH: await programs({}) })).toEqual({ ok: false, message: expect.stringContaining("brew install pngpaste") });
  });

  it("asks xclip for the image type the clipboard offers, and says when it offers none", async () => {
    // A stand-in for xclip that answers as xclip does: the targets, then the bytes of the type asked for.
    const withImage = await programs({ xclip: 'if [ "$4" = TARGETS ]; then printf "TARGETS\\nimage/jpeg\\ntext/plain\\n"; else printf "%s" "$4"; fi' });
    expect(await readClipboardImage("linux", { PATH: withImage, DISPLAY: ":0" })).toEqual({ ok: true, bytes: Buffer.from("image/jpeg") });
    const textOnly = await programs({ xclip: 'printf "TARGETS\\nUTF8_STRING\\n"' });
    expect(await readClipboardImage("linux", { PATH: textOnly, DISPLAY: ":0" })).toEqual({ ok: false, message: expect.stringContaining("holds no image") });
    const failing = await programs({ xclip: 'echo "Error: Can\'t open display: :0" >&2; exit 1' });
    expect(await readClipboardImage("linux", { PATH: failing, DISPLAY: ":0" })).toEqual({ ok: false, message: "Ctrl+V: xclip could not read the clipboard (Error: Can't open display: :0)." });
  });

  it("reads the types offered and AppleScript's hex data", () => {
    expect(pickImageType("TARGETS\nimage/webp\nimage/png\n")).toBe("image/png");
    expect(pickImageType("text/plain")).toBeUndefined();
    expect(fromAppleScript("«data PNGf89504E47»\n")).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(fromAppleScript("missing value")).toBeUndefined();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(fromAppleScript(`«data PNGf${Buffer.from(bytes).toString("hex").toUpperCase()}»`)).toEqual(Buffer.from(bytes));
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => fromAppleScript(text)).not.toThrow();
      }),
    );
  });
});
