/** One page of a `tools/list` (or prompts, resources) answer: its entries and the cursor of the next page, if any. */
export interface Page<T> {
  items: T[];
  nextCursor?: string | undefined;
}

export interface Paginated<T> {
  items: T[];
  /** True when the cap stopped the listing while the server still had pages (worth a WARN). */
  truncated: boolean;
}

/**
 * Follows `nextCursor` until the server says the list is complete (MCP pagination), for tools, prompts and
 * resources alike. Two guards keep a faulty server from holding a session: a cursor seen before ends the listing
 * (it would loop for ever), and past `maxPages` the entries read so far are kept and `truncated` says so.
 */
export async function listAllPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, maxPages: number): Promise<Paginated<T>> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (cursor === undefined || seen.has(cursor)) return { items, truncated: false };
    seen.add(cursor);
  }
  return { items, truncated: true };
}
