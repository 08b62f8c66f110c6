import { byLengthAsc, Fzf } from "fzf";
import type { CompletionItem } from "./completion-item.ts";

/**
 * Fuzzy ranking with the `fzf` package, a port of fzf's own scoring (the matcher users know from the shell):
 * word starts, path separators and consecutive letters score higher, shorter paths win ties. Case-insensitive
 * unless the query has a capital ("smart case", as fzf).
 */
export function rankNamed(items: readonly CompletionItem[], query: string, limit: number): CompletionItem[] {
  if (query === "") return items.slice(0, limit);
  const finder = new Fzf(items, { selector: (item: CompletionItem) => item.value, limit, casing: "smart-case", tiebreakers: [byLengthAsc] });
  return finder.find(query).map((entry) => entry.item);
}

/**
 * A ranker over one path listing, built once per listing (fzf prepares its list once, then each query scans it):
 * the best matches, folders first among them.
 */
export class PathRanker {
  readonly #entries: readonly CompletionItem[];
  readonly #finder: Fzf<readonly CompletionItem[]>;

  constructor(entries: readonly CompletionItem[]) {
    this.#entries = entries;
    // `forward: false` prefers matches in the file name over those in its folders, as fzf does for paths.
    this.#finder = new Fzf(entries, { selector: (item: CompletionItem) => item.value, limit: 64, casing: "smart-case", forward: false, tiebreakers: [byLengthAsc] });
  }

  /**
   * Empty query: the launch folder's own entries. A query ending in `/` that names a folder: what is directly
   * inside it. Anything else: fuzzy over every path.
   */
  rank(query: string, limit: number): CompletionItem[] {
    let found: CompletionItem[];
    if (query === "" || (query.endsWith("/") && this.#entries.some((entry) => entry.folder && entry.value === query))) {
      found = this.#entries.filter((entry) => isDirectChild(entry.value, query));
    } else {
      found = this.#finder.find(query).map((entry) => entry.item);
    }
    return foldersFirst(found).slice(0, limit);
  }
}

function isDirectChild(value: string, folder: string): boolean {
  if (!value.startsWith(folder) || value === folder) return false;
  const rest = value.slice(folder.length).replace(/\/$/, "");
  return rest !== "" && !rest.includes("/");
}

/** A stable partition: order kept inside each group. */
export function foldersFirst(items: readonly CompletionItem[]): CompletionItem[] {
  return [...items.filter((item) => item.folder), ...items.filter((item) => !item.folder)];
}
