/**
 * Joins a server URL and a path suffix with exactly one `/` between them (seed § 7.1: "sans doubler ni
 * oublier le /"). Slashes inside either part are kept; only those at the junction are normalised. An empty
 * suffix gives the base without its trailing slashes.
 */
export function joinUrl(base: string, suffix: string): string {
  const head = base.replace(/\/+$/, "");
  const tail = suffix.replace(/^\/+/, "");
  if (tail === "") return head;
  if (head === "") return `/${tail}`;
  return `${head}/${tail}`;
}
