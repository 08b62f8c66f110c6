/**
 * Reads `git status --porcelain=v1 -z --no-renames -uall`: the paths whose state in the work tree differs from the
 * shadow index, which holds the previous snapshot. The shadow repository has no commit, so the first column
 * (index against HEAD) always says "added" and tells nothing; what counts is the second column (work tree against
 * index: modified, deleted, type changed) and `??` (not in the index yet). A field that does not look like a status
 * entry is skipped rather than guessed at.
 */
export function changedPaths(output: string): string[] {
  const changed: string[] = [];
  for (const field of output.split("\0")) {
    if (field.length < 4 || field.charAt(2) !== " ") continue;
    const x = field.charAt(0);
    const y = field.charAt(1);
    const file = field.slice(3);
    if ((x === "?" && y === "?") || (y !== " " && y !== "?" && y !== "!")) changed.push(file);
  }
  return changed;
}
