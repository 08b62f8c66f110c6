import { open, readdir, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { throwIfAborted } from "./abort.ts";
import { toolDoc as d } from "./descriptions.ts";
import { closest, classifyBytes, SNIFF_BYTES, type FileKind } from "@maia/util";
import { HASH_LIMIT_BYTES, markFileSeen } from "./files-seen.ts";
import { listFolder } from "./folder-listing.ts";
import { formatSize, t } from "./messages.ts";
import { displayPath, resolveToolPath } from "./paths.ts";
import { LineWindow, numberedLine, READ_DEFAULT_LIMIT, splitLines } from "./read-format.ts";
import { createDecoder, decodeText, detectEncoding, bomLength } from "@maia/util";
import { fsCause, toolError } from "./tool-result.ts";
import { identifyImage, prepareImage, readImageFile, type PreparedImage } from "@maia/images";
import type { ToolEnvironment } from "./tool-environment.ts";

export interface ReadInput extends Record<string, unknown> {
  path: string;
  offset?: number;
  limit?: number;
}

const STREAM_CHUNK = 1024 * 1024;

export function createReadTool(environment: ToolEnvironment): Tool<ReadInput> {
  return {
    spec: {
      name: "Read",
      description: d("read"),
      inputSchema: {
        type: "object",
        properties: {
          path: { type: "string", minLength: 1, description: d("readPath") },
          offset: { type: "integer", minimum: 1, description: d("readOffset") },
          limit: { type: "integer", minimum: 1, description: d("readLimit") },
        },
        required: ["path"],
      },
    },
    permission: "auto",
    normalizeInput: renameFilePath,
    describe: (input) => (input.offset || input.limit ? `${input.path} (${input.offset ?? 1}+${input.limit ?? READ_DEFAULT_LIMIT})` : input.path),
    lockKey: (input, { cwd }) => `file:${resolveToolPath(input.path, cwd, environment.homeDir)}`,
    kind: "read",
    // With an offset, the editor opens the file at the first line read.
    locations: (input, { cwd }) => {
      const path = resolveToolPath(input.path, cwd, environment.homeDir);
      return [typeof input.offset === "number" && input.offset > 0 ? { path, line: input.offset } : { path }];
    },
    execute: (input, context) => readPath(input, context, environment),
  };
}

/** Models trained on other agents send `file_path`; the seed's name is `path`. */
export function renameFilePath(input: Record<string, unknown>): Record<string, unknown> {
  if (input.path !== undefined || typeof input.file_path !== "string") return input;
  const { file_path: filePath, ...rest } = input;
  return { ...rest, path: filePath };
}

async function readPath(input: ReadInput, context: ToolContext, environment: ToolEnvironment): Promise<ToolOutput> {
  const absolute = resolveToolPath(input.path, context.cwd, environment.homeDir);
  const shown = displayPath(absolute, context.cwd);
  const stats = await stat(absolute).catch((error: unknown) => error as NodeJS.ErrnoException);
  if (stats instanceof Error) {
    if (stats.code === "ENOENT" || stats.code === "ENOTDIR") return toolError(await notFound(absolute, shown), input);
    return toolError(t("readFailed", { path: shown, cause: fsCause(stats) }), input);
  }
  if (stats.isDirectory()) return listFolder(absolute, shown);
  // A FIFO or a device would block or never end: Read only opens regular files.
  if (!stats.isFile()) return toolError(t("notRegularFile", { path: shown }), input);

  const offset = input.offset ?? 1;
  const limit = input.limit ?? READ_DEFAULT_LIMIT;
  let handle: FileHandle;
  try {
    handle = await open(absolute, "r");
  } catch (error) {
    return toolError(t("readFailed", { path: shown, cause: fsCause(error) }), input);
  }
  try {
    const current = await handle.stat();
    if (current.size > HASH_LIMIT_BYTES) return await readLarge(handle, input, context, absolute, shown, offset, limit);
    const bytes = await handle.readFile();
    const kind = classifyBytes(bytes.subarray(0, SNIFF_BYTES));
    markFileSeen(context.state, absolute, current, bytes);
    if (kind.kind === "image" && identifyImage(bytes).kind === "image") return imageOutput(await prepareImage(bytes, shown), kind, shown, current.size);
    if (kind.kind !== "text") return describeNonText(kind, shown, current.size);
    return formatWindow(splitLines(decodeText(bytes).text), offset, limit, shown, input);
  } finally {
    await handle.close();
  }
}

/** Files beyond the hashing limit are streamed: only the requested lines are kept in memory. */
async function readLarge(
  handle: FileHandle,
  input: ReadInput,
  context: ToolContext,
  absolute: string,
  shown: string,
  offset: number,
  limit: number,
): Promise<ToolOutput> {
  const stats = await handle.stat();
  const buffer = Buffer.allocUnsafe(STREAM_CHUNK);
  const first = await handle.read(buffer, 0, STREAM_CHUNK, 0);
  const head = buffer.subarray(0, first.bytesRead);
  const kind = classifyBytes(head.subarray(0, SNIFF_BYTES));
  markFileSeen(context.state, absolute, stats);
  if (kind.kind === "image" && identifyImage(head).kind === "image") return imageOutput(await readImageFile(absolute, shown), kind, shown, stats.size);
  if (kind.kind !== "text") return describeNonText(kind, shown, stats.size);

  const encoding = detectEncoding(head);
  const decoder = createDecoder(encoding);
  const window = new LineWindow(offset, limit);
  window.push(decoder.decode(head.subarray(bomLength(encoding)), { stream: true }));
  let position = first.bytesRead;
  while (!window.full) {
    throwIfAborted(context.signal);
    const { bytesRead } = await handle.read(buffer, 0, STREAM_CHUNK, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    window.push(decoder.decode(buffer.subarray(0, bytesRead), { stream: true }));
  }
  const complete = !window.full;
  if (complete) {
    window.push(decoder.decode());
    window.end();
  }
  const total = complete ? window.count : undefined;
  return renderWindow(window.lines, offset, total, shown, input);
}

function formatWindow(lines: string[], offset: number, limit: number, shown: string, input: ReadInput): ToolOutput {
  return renderWindow(lines.slice(offset - 1, offset - 1 + limit), offset, lines.length, shown, input);
}

/** `total` is undefined when a large file was not read to its end. */
function renderWindow(window: string[], offset: number, total: number | undefined, shown: string, input: ReadInput): ToolOutput {
  if (total === 0) return t("readEmpty", { path: shown });
  if (window.length === 0) return toolError(t("readPastEnd", { path: shown, offset, total: total ?? "?" }), input);
  const cut = (omitted: number) => t("lineCut", { count: omitted });
  const body = window.map((line, index) => numberedLine(offset + index, line, cut)).join("\n");
  const last = offset + window.length - 1;
  if (total !== undefined && last >= total) return body;
  const note =
    total === undefined
      ? t("readMoreUnknown", { from: offset, to: last, next: last + 1 })
      : t("readMore", { from: offset, to: last, total, next: last + 1 });
  return `${body}\n\n${note}`;
}

/**
 * An image the model can be shown (issue 38): its description and the image itself, scaled down when over the cap.
 * A model without vision is sent the description and a stand-in (the kernel replaces the image); an image that
 * cannot be prepared is described, with why.
 */
function imageOutput(prepared: PreparedImage, kind: Extract<FileKind, { kind: "image" }>, shown: string, size: number): ToolOutput {
  if (!prepared.ok) return `${t("readImageNotSent", { problem: prepared.message, format: kind.format, size: formatSize(size) })}`;
  const { image, scaledFrom } = prepared;
  const content =
    scaledFrom === undefined
      ? t("readImageSent", { path: shown, format: kind.format, width: image.width, height: image.height, size: formatSize(size) })
      : t("readImageScaled", {
          path: shown,
          format: kind.format,
          width: scaledFrom.width,
          height: scaledFrom.height,
          size: formatSize(size),
          sentWidth: image.width,
          sentHeight: image.height,
          sentSize: formatSize(image.size),
        });
  return { content, isError: false, images: [image] };
}

function describeNonText(kind: Exclude<FileKind, { kind: "text" }>, shown: string, size: number): ToolOutput {
  const bytes = formatSize(size);
  if (kind.kind === "image") {
    return kind.width !== undefined && kind.height !== undefined
      ? t("readImageSized", { path: shown, format: kind.format, width: kind.width, height: kind.height, size: bytes })
      : t("readImage", { path: shown, format: kind.format, size: bytes });
  }
  return kind.format ? t("readBinaryKnown", { path: shown, format: kind.format, size: bytes }) : t("readBinary", { path: shown, size: bytes });
}

/** "File not found", with the nearest name in its folder when there is a likely typo. */
async function notFound(absolute: string, shown: string): Promise<string> {
  const folder = path.dirname(absolute);
  const names = await readdir(folder).catch(() => undefined);
  if (!names) return t("folderOfFileNotFound", { path: shown, folder: path.dirname(shown) });
  const guess = closest(path.basename(absolute), names);
  if (!guess) return t("fileNotFound", { path: shown });
  return t("fileNotFoundGuess", { path: shown, guess: path.join(path.dirname(shown), guess) });
}
