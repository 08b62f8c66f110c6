import { formatSize, t } from "./messages.ts";

/** A fence longer than any run of backticks in the text, so that a file can never close its own block. */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return "`".repeat(Math.max(3, longest + 1));
}

/** The language hint of a code block: the file's extension, when it is a plain word. */
function languageOf(shown: string): string {
  const match = /\.([A-Za-z0-9]{1,12})$/.exec(shown);
  return match?.[1]?.toLowerCase() ?? "";
}

/**
 * A referenced file as the model receives it (seed § 11.4, § 17): a header that says where it comes from and
 * that it is data, then the content in a block nothing inside can close.
 */
export function frameFile(shown: string, size: number, content: string): string {
  const fence = fenceFor(content);
  return `${t("fileHeader", { path: shown, size: formatSize(size) })}\n${fence}${languageOf(shown)}\n${content}\n${fence}`;
}

/** A referenced folder: its entries, folders first with a trailing `/`, and how many were left out. */
export function frameFolder(shown: string, entries: string[], total: number, listing: string): string {
  if (total === 0) return t("folderEmpty", { path: shown });
  const fence = fenceFor(listing);
  const more = total > entries.length ? `\n${t("folderMore", { count: total - entries.length })}` : "";
  return `${t("folderHeader", { path: shown, count: total })}\n${fence}\n${listing}\n${fence}${more}`;
}
