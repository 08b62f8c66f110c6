import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
// Shared with Read through @maia/util: `@` must call a file binary, an image or text exactly as Read does.
import { classifyBytes, decodeText, SNIFF_BYTES, withoutControlChars } from "@maia/util";
import { t } from "./messages.ts";

/** The image formats sent as images; the header gives their size (the rest is @maia/images' check when it reads). */
function isSendableImage(head: Uint8Array): boolean {
  const kind = classifyBytes(head);
  return kind.kind === "image" && ["PNG", "JPEG", "GIF", "WebP"].includes(kind.format);
}

/** Seed § 23: 2 MB per file, 50,000 characters per file, 150,000 per input, 200 folder entries. */
export const FILE_REF_LIMITS = {
  maxFileBytes: 2 * 1024 * 1024,
  maxFileChars: 50_000,
  maxInputChars: 150_000,
  maxFolderEntries: 200,
};

export type FileRefLimits = typeof FILE_REF_LIMITS;

export type LoadedReference =
  | { kind: "missing" }
  | { kind: "failed"; cause: string }
  | { kind: "special" }
  | { kind: "too_large"; size: number }
  | { kind: "binary"; what: string }
  /** A PNG, JPEG, GIF or WebP: sent as an image (issue 38), read by @maia/images within its own limits. */
  | { kind: "image" }
  | { kind: "folder"; entries: string[]; total: number }
  /** `bytes` and `stamp` are what was read, for the record of files the model has seen. */
  | { kind: "file"; text: string; size: number; bytes: Uint8Array; stamp: { size: number; mtimeMs: number } };

/** Where a referenced path points: `~` is the home folder, an absolute path stays, the rest is relative to the launch folder. */
export function resolveReferencePath(given: string, cwd: string, homeDir: string): string {
  if (given === "~") return path.resolve(homeDir);
  if (given.startsWith("~/")) return path.resolve(homeDir, given.slice(2));
  return path.resolve(cwd, given);
}

/** How a path is shown: relative to the launch folder inside it, absolute outside (as the tools show paths). */
export function displayPath(absolute: string, cwd: string, folder = false): string {
  const relative = path.relative(cwd, absolute);
  const outside = relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  const shown = relative === "" ? "." : outside ? absolute : relative.split(path.sep).join("/");
  return folder && !shown.endsWith("/") ? `${shown}/` : shown;
}

function causeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** Reads what a reference names, within the limits; never throws (every problem is a kind). */
export async function loadReference(absolute: string, limits: FileRefLimits = FILE_REF_LIMITS): Promise<LoadedReference> {
  let stats;
  try {
    stats = await stat(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENAMETOOLONG and EINVAL: a long word or odd text after an @ is not a file either.
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG" || code === "EINVAL") return { kind: "missing" };
    return { kind: "failed", cause: causeOf(error) };
  }
  if (stats.isDirectory()) return listFolder(absolute, limits);
  // A FIFO or a device could block forever or never end.
  if (!stats.isFile()) return { kind: "special" };

  let handle;
  try {
    handle = await open(absolute, "r");
  } catch (error) {
    return { kind: "failed", cause: causeOf(error) };
  }
  try {
    // An image goes as an image, within the image limits rather than the 2 MB of a text file.
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    if (isSendableImage(head.subarray(0, bytesRead))) return { kind: "image" };
    if (stats.size > limits.maxFileBytes) return { kind: "too_large", size: stats.size };
    const current = await handle.stat();
    if (current.size > limits.maxFileBytes) return { kind: "too_large", size: current.size };
    const bytes = await handle.readFile();
    const kind = classifyBytes(bytes.subarray(0, SNIFF_BYTES));
    if (kind.kind === "image") return { kind: "binary", what: t("image", { format: kind.format }) };
    if (kind.kind === "binary") return { kind: "binary", what: kind.format ?? t("binaryUnknown") };
    // The text goes to the model: control characters as visible stand-ins (the bytes, kept for the seen-files record, are the file's).
    const text = withoutControlChars(decodeText(bytes).text);
    return { kind: "file", text, size: bytes.byteLength, bytes, stamp: { size: current.size, mtimeMs: current.mtimeMs } };
  } catch (error) {
    return { kind: "failed", cause: causeOf(error) };
  } finally {
    await handle.close();
  }
}

async function listFolder(absolute: string, limits: FileRefLimits): Promise<LoadedReference> {
  let entries;
  try {
    entries = await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    return { kind: "failed", cause: causeOf(error) };
  }
  const names = entries
    .map((entry) => ({ name: entry.name, folder: entry.isDirectory() }))
    .sort((a, b) => Number(b.folder) - Number(a.folder) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => (entry.folder ? `${entry.name}/` : entry.name));
  return { kind: "folder", entries: names.slice(0, limits.maxFolderEntries), total: names.length };
}
