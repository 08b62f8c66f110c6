import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ignore, { type Ignore } from "ignore";
import { isOutside } from "./paths.ts";

/**
 * The .gitignore files that apply under a search root (seed § 8: Grep skips "fichiers du .gitignore"), read
 * with the `ignore` package, which implements git's matching rules. Each .gitignore applies to its own folder
 * and below, with paths relative to that folder; a deeper file may re-include (`!pattern`) what a shallower
 * one excluded. The rules apply with or without a git repository: users expect a .gitignore to be honoured.
 */
interface Level {
  rules: Ignore;
  /** For a .gitignore inside the root: length of its folder's root-relative path plus the slash to cut. */
  cut: number;
  /** For a .gitignore above the root: the root's path relative to that folder, with a trailing slash. */
  prefix: string;
}

export class IgnoreRules {
  readonly #levels: readonly Level[];

  private constructor(levels: readonly Level[]) {
    this.#levels = levels;
  }

  static none(): IgnoreRules {
    return new IgnoreRules([]);
  }

  /**
   * The rules from the .gitignore files above `root`, up to `boundary` (the repository's top, or the launch
   * folder outside a repository). A file that would exclude the root itself is left out: the model asked
   * for that folder by name.
   */
  static above(root: string, boundary: string | undefined): IgnoreRules {
    if (!boundary) return IgnoreRules.none();
    const fromBoundary = path.relative(boundary, root);
    if (fromBoundary === "" || isOutside(fromBoundary)) return IgnoreRules.none();
    const levels: Level[] = [];
    for (let folder = path.dirname(root); ; folder = path.dirname(folder)) {
      const rules = readGitignore(path.join(folder, ".gitignore"));
      if (rules) {
        const prefix = `${path.relative(folder, root).split(path.sep).join("/")}/`;
        if (!testPath(rules, prefix).ignored) levels.unshift({ rules, cut: 0, prefix });
      }
      if (folder === boundary || folder === path.dirname(folder)) break;
    }
    return new IgnoreRules(levels);
  }

  get active(): boolean {
    return this.#levels.length > 0;
  }

  /** These rules plus the .gitignore of the folder at root-relative path `folder` ("" for the root). */
  withGitignore(folder: string, file: string): IgnoreRules {
    const rules = readGitignore(file);
    if (!rules) return this;
    return new IgnoreRules([...this.#levels, { rules, cut: folder === "" ? 0 : folder.length + 1, prefix: "" }]);
  }

  /** Whether the root-relative path (a folder when `folder`) is excluded: the deepest rule that speaks wins. */
  ignores(relative: string, folder: boolean): boolean {
    let ignored = false;
    for (const level of this.#levels) {
      const local = level.prefix + relative.slice(level.cut) + (folder ? "/" : "");
      const verdict = testPath(level.rules, local);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }
}

/** `ignore` refuses names it cannot tell from relative-path syntax (a file called `...`): those are kept. */
function testPath(rules: Ignore, local: string): { ignored: boolean; unignored: boolean } {
  try {
    return rules.test(local);
  } catch {
    return { ignored: false, unignored: false };
  }
}

function readGitignore(file: string): Ignore | undefined {
  try {
    return ignore().add(readFileSync(file, "utf8"));
  } catch {
    return undefined; // Absent, unreadable or a folder: no rules from it.
  }
}

/**
 * Where .gitignore files stop applying, going up from `root`: the top of its git repository, else the launch
 * folder when the root lies inside it.
 */
export function ignoreBoundary(root: string, cwd: string): string | undefined {
  for (let folder = root; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, ".git"))) return folder;
    if (folder === path.dirname(folder)) break;
  }
  const fromCwd = path.relative(cwd, root);
  return isOutside(fromCwd) ? undefined : cwd;
}
