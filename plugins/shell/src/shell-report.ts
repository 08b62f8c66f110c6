import { cutMiddle } from "@maia/util";
import { t } from "./messages.ts";
import { describeShellStatus, type UserShellResult } from "./user-shell.ts";

/** Seed § 23: the preview shown to the user, and what joins the next request. */
export const PREVIEW_CHARS = 4_000;
export const CONTEXT_CHARS = 30_000;

/** A fence longer than any run of backticks in the text, so that the output can never close its block. */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return "`".repeat(Math.max(3, longest + 1));
}

function withoutFinalNewline(text: string): string {
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

/** What the user sees: the output (4,000 characters at most, middle cut) as a code block. */
export function previewOf(result: UserShellResult): string {
  if (result.output === "") return t("noOutput");
  const shown = cutMiddle(withoutFinalNewline(result.output), PREVIEW_CHARS, (count) => t("previewCut", { count }));
  const fence = fenceFor(shown);
  return `${fence}\n${shown}\n${fence}`;
}

/**
 * What joins the next request (seed § 11.2, § 17): said to be the output of a command the user ran, a piece of
 * data and not instructions, the command and its status included, the output cut in the middle to 30,000
 * characters.
 */
export function contextBlockOf(result: UserShellResult): string {
  const output = result.output === "" ? t("noOutput") : withoutFinalNewline(result.output);
  const shown = cutMiddle(output, CONTEXT_CHARS, (count) => t("outputCut", { count }));
  // A terminal transcript: the command after `$`, then what it printed, in one block that nothing inside can close.
  const transcript = `$ ${result.command}\n${shown}`;
  const fence = fenceFor(transcript);
  return [t("contextHeader", { cwd: result.cwd }), fence, transcript, fence, t("contextStatus", { status: describeShellStatus(result.status) })].join("\n");
}
