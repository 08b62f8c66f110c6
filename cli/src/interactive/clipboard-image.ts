import { execFile } from "node:child_process";
import { findOnPath } from "@maia/util";
import { t } from "./messages.ts";

/** The clipboard's image types a vision model takes, in the order asked for. */
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** A program that reads the clipboard, and how (issue 38). */
export type ClipboardReader =
  | { kind: "wl-paste"; program: string }
  | { kind: "xclip"; program: string }
  | { kind: "pngpaste"; program: string }
  | { kind: "osascript"; program: string };

export type ClipboardImage = { ok: true; bytes: Buffer } | { ok: false; message: string };

/**
 * Where a terminal program can read an image from the clipboard: on Linux `wl-paste` (Wayland, wl-clipboard) or
 * `xclip` (X11), whichever session is running; on macOS `pngpaste`, else `osascript`, which every Mac has. A
 * terminal itself only ever pastes text. Undefined when there is none, or no session to read from.
 */
export function clipboardReader(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): ClipboardReader | undefined {
  const on = (name: string) => findOnPath([name], env);
  if (platform === "darwin") {
    const pngpaste = on("pngpaste");
    if (pngpaste) return { kind: "pngpaste", program: pngpaste };
    const osascript = on("osascript");
    return osascript ? { kind: "osascript", program: osascript } : undefined;
  }
  const wayland = env.WAYLAND_DISPLAY ? on("wl-paste") : undefined;
  if (wayland) return { kind: "wl-paste", program: wayland };
  const xclip = env.DISPLAY ? on("xclip") : undefined;
  return xclip ? { kind: "xclip", program: xclip } : undefined;
}

/** The image on the clipboard, or why there is none (no reader: what to install; no image: that). */
export async function readClipboardImage(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): Promise<ClipboardImage> {
  const reader = clipboardReader(platform, env);
  if (!reader) return { ok: false, message: platform === "darwin" ? t("clipboardNoReaderMac") : t("clipboardNoReaderLinux") };
  try {
    const bytes = await readWith(reader, env);
    return bytes === undefined || bytes.byteLength === 0 ? { ok: false, message: t("clipboardNoImage") } : { ok: true, bytes };
  } catch (error) {
    return { ok: false, message: t("clipboardFailed", { program: reader.kind, cause: error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error) }) };
  }
}

async function readWith(reader: ClipboardReader, env: NodeJS.ProcessEnv): Promise<Buffer | undefined> {
  switch (reader.kind) {
    case "wl-paste": {
      const type = pickImageType((await run(reader.program, ["--list-types"], env)).toString("utf8"));
      return type === undefined ? undefined : run(reader.program, ["--no-newline", "--type", type], env);
    }
    case "xclip": {
      const type = pickImageType((await run(reader.program, ["-selection", "clipboard", "-t", "TARGETS", "-o"], env)).toString("utf8"));
      return type === undefined ? undefined : run(reader.program, ["-selection", "clipboard", "-t", type, "-o"], env);
    }
    case "pngpaste":
      return run(reader.program, ["-"], env);
    case "osascript":
      return fromAppleScript((await run(reader.program, ["-e", "the clipboard as «class PNGf»"], env)).toString("utf8"));
  }
}

/** The first image type a clipboard offers among those MAIA sends, from a list of one type per line. */
export function pickImageType(types: string): string | undefined {
  const offered = new Set(types.split(/\r?\n/).map((line) => line.trim().toLowerCase()));
  return IMAGE_TYPES.find((type) => offered.has(type));
}

/** AppleScript prints the clipboard's PNG as `«data PNGf89504E47…»`: its bytes, or undefined for anything else. */
export function fromAppleScript(output: string): Buffer | undefined {
  const hex = /^«data PNGf([0-9A-Fa-f]*)»\s*$/.exec(output.trim())?.[1];
  return hex === undefined || hex.length % 2 !== 0 ? undefined : Buffer.from(hex, "hex");
}

/** A clipboard program's standard output (64 MB at most, 5 s at most); a failure rejects with its message. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { env, encoding: "buffer", maxBuffer: 64 * 1024 * 1024, timeout: 5_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr.toString("utf8").trim() || error.message));
      else resolve(stdout);
    });
  });
}
