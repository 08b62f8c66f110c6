import { readFileSync, statSync } from "node:fs";
import { t } from "./messages.ts";
import { MAX_CONFIG_CHARS } from "./parse-config-text.ts";

/** Bytes: UTF-8 takes up to 4 bytes for each character that validation accepts. */
const MAX_FILE_BYTES = MAX_CONFIG_CHARS * 4;

export type FileRead = { ok: true; text: string } | { ok: false; problem: string };

/**
 * The configuration file's text now, or why there is none (deleted, unreadable, far too large: such a file is
 * not read into memory at all). Synchronous: the file is small, and a reload must see one state of it.
 */
export function readConfigFile(file: string): FileRead {
  try {
    const size = statSync(file).size;
    if (size > MAX_FILE_BYTES) return { ok: false, problem: t("fileTooLarge", { file, size, limit: MAX_FILE_BYTES }) };
    return { ok: true, text: readFileSync(file, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, problem: t("fileMissing", { file }) };
    return { ok: false, problem: t("fileUnreadable", { file, cause: code ?? String(error) }) };
  }
}
