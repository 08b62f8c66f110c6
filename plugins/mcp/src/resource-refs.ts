import type { McpConnection } from "./connection.ts";
import { t } from "./messages.ts";

/** Seed § 11.4's cap on what one `@` reference may add, for resources too. */
export const MAX_RESOURCE_CHARS = 100_000;

export interface ResourceReference {
  key: string;
  uri: string;
}

/**
 * `@server:uri` references in what the user typed: `@` at the start or after a space, a server key, `:`, then a
 * URI with a scheme (`demo://…`, `file:///…`, `urn:…`) up to the next space. Only keys in `keys` count: anything
 * else stays a file reference for the file-refs plugin.
 */
export function parseResourceReferences(text: string, keys: ReadonlySet<string>): ResourceReference[] {
  const found: ResourceReference[] = [];
  for (const match of text.matchAll(/(?:^|\s)@([A-Za-z0-9_-]+):([A-Za-z][A-Za-z0-9+.-]*:\S+)/g)) {
    const key = match[1] ?? "";
    const uri = (match[2] ?? "").replace(/[.,;:!?)]+$/, "");
    if (keys.has(key) && !found.some((ref) => ref.key === key && ref.uri === uri)) found.push({ key, uri });
  }
  return found;
}

/** A fence longer than any run of backticks in the text, so that a resource can never close its own block. */
function fenceFor(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return "`".repeat(Math.max(3, longest + 1));
}

/**
 * A resource as the model receives it, like an `@` file: a header saying where it comes from and that it is
 * data, not instructions, then its text in a block nothing inside can close; binary parts described.
 */
export async function attachResource(ref: ResourceReference, connection: McpConnection, signal?: AbortSignal): Promise<{ block?: string; warning?: string }> {
  try {
    const content = await connection.readResource(ref.uri, signal);
    let text = content.text;
    const cut = text.length > MAX_RESOURCE_CHARS;
    if (cut) text = text.slice(0, MAX_RESOURCE_CHARS);
    const parts = [t("resourceHeader", { key: ref.key, uri: ref.uri })];
    if (text !== "") {
      const fence = fenceFor(text);
      parts.push(`${fence}\n${text}\n${fence}`);
    }
    if (cut) parts.push(t("resourceCut", { max: MAX_RESOURCE_CHARS }));
    for (const part of content.binary) parts.push(t("resourceBinary", { uri: part.uri, mime: part.mimeType ?? "?", bytes: part.bytes }));
    return { block: parts.join("\n") };
  } catch (error) {
    return { warning: t("resourceFailed", { key: ref.key, uri: ref.uri, cause: error instanceof Error ? error.message : String(error) }) };
  }
}
