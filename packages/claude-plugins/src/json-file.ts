import { readFile } from "node:fs/promises";
import { errorMessage } from "@maia/kernel";
import { describeJsonError, isMissing, readJsonWithPositions, sha256Hex, type JsonPositions } from "@maia/util";
import { t } from "./messages.ts";

/** Claude Code's plugin files are small; anything larger is refused, not read into memory. */
export const MAX_JSON_BYTES = 2_000_000;

export type JsonFile =
  | { kind: "missing" }
  | { kind: "broken"; message: string }
  | { kind: "json"; value: unknown; positions: JsonPositions; hash: string; line(path: readonly (string | number)[]): number | undefined };

/**
 * A JSON file of a plugin or a marketplace: missing (nothing to say), broken (one sentence with the file and the
 * line), or its value with the positions of its members and the hash of its bytes (what an approval is for).
 */
export async function readJsonFile(file: string): Promise<JsonFile> {
  if (isMissing(file)) return { kind: "missing" };
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    return { kind: "broken", message: t("unreadable", { file, cause: errorMessage(error) }) };
  }
  if (bytes.length > MAX_JSON_BYTES) return { kind: "broken", message: t("tooLarge", { file, limit: MAX_JSON_BYTES }) };
  const read = readJsonWithPositions(bytes.toString("utf8"));
  if (!read.ok) {
    const { line, column } = read.error;
    return { kind: "broken", message: t("badJson", { file, line, column, reason: describeJsonError(read.error) }) };
  }
  const { positions } = read;
  return {
    kind: "json",
    value: read.value,
    positions,
    hash: sha256Hex(bytes),
    line: (keys) => positions.keyLine(keys) ?? positions.valueLine(keys),
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `file:line`, or the file alone when the line is not known. */
export function at(file: string, line: number | undefined): string {
  return line === undefined ? file : `${file}:${line}`;
}
