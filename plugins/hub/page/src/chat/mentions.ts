/**
 * `@` in the message box: the file name being typed before the caret, the text once a file is picked, and which
 * picked files the text still names when it is sent. Pure functions, for the composer.
 */

export interface TypedMention {
  /** Where the `@` is. */
  start: number;
  /** What follows it, up to the caret. */
  query: string;
}

/** The `@word` that ends at the caret, when the `@` starts the text or follows a space; undefined otherwise. */
export function typedMention(text: string, caret: number): TypedMention | undefined {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([^\s@]*)$/.exec(before);
  if (!match) return undefined;
  const query = match[1] ?? "";
  return { start: before.length - query.length - 1, query };
}

/**
 * The text with the typed mention replaced by `@path` and a space (a folder keeps the caret after its `/`, so
 * that its files are offered next), and where the caret goes.
 */
export function completeMention(text: string, mention: TypedMention, path: string, folder: boolean): { text: string; caret: number } {
  const inserted = folder ? `@${path}/` : `@${path} `;
  const end = mention.start + 1 + mention.query.length;
  const rest = text.slice(end);
  return { text: `${text.slice(0, mention.start)}${inserted}${folder ? rest : rest.replace(/^ /, "")}`, caret: mention.start + inserted.length };
}

/** The picked files the text still names with `@` (the user may have deleted a mention since). */
export function mentionedFiles(text: string, picked: Iterable<string>): string[] {
  return [...new Set(picked)].filter((path) => text.includes(`@${path}`));
}

/** "12 KB", "1.4 MB": a size for the attachment chips. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** How many bytes base64 text holds. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
