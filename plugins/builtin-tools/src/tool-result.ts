import type { ToolOutput } from "@maia/kernel";
import { t } from "./messages.ts";

const VALUE_PREVIEW = 80;

function preview(value: unknown): string {
  if (typeof value === "string") {
    const shown = value.length > VALUE_PREVIEW ? `${value.slice(0, VALUE_PREVIEW)}…` : value;
    return JSON.stringify(shown);
  }
  if (Array.isArray(value)) return t("arrayOf", { count: value.length });
  if (value !== null && typeof value === "object") return "{…}";
  return String(value);
}

/** `path="src/a.ts", offset=3`: what the model sent, so it can see what to fix (seed § 8's error style). */
export function describeReceived(input: Record<string, unknown>): string {
  const entries = Object.entries(input);
  if (entries.length === 0) return t("noParameters");
  return entries.map(([key, value]) => `${key}=${preview(value)}`).join(", ");
}

/** An error result the model can act on: what was wrong, then the parameters it sent. */
export function toolError(message: string, input?: Record<string, unknown>): ToolOutput {
  const content = input ? `${message} ${t("received", { params: describeReceived(input) })}` : message;
  return { content, isError: true };
}

/** A Node file-system error in words, for the messages that quote the cause. */
export function fsCause(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "EACCES" || code === "EPERM") return t("causePermission");
  if (code === "ENOENT") return t("causeNotFound");
  if (code === "EISDIR") return t("causeIsFolder");
  if (code === "ENOTDIR") return t("causeNotFolder");
  if (code === "ENOSPC") return t("causeNoSpace");
  if (code === "EROFS") return t("causeReadOnly");
  return error instanceof Error ? error.message : String(error);
}

/** A searched folder in a sentence: "." reads badly, so the launch folder is named. */
export function folderLabel(shown: string): string {
  return shown === "." ? t("launchFolder") : shown;
}
