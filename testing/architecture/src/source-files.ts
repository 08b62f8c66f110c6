import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The repository's root (this file is testing/architecture/src/source-files.ts). */
export const REPO = path.resolve(import.meta.dirname, "../../..");

export interface SourceFile {
  /** Relative to the repository, with `/`. */
  file: string;
  /** The folder of its nearest package.json, relative to the repository (`plugins/mcp`, `cli`…). */
  packageRoot: string;
  text: string;
  /** Its syntax tree, parsed on first use. */
  readonly tree: ts.SourceFile;
}

const TEST_FILE = /\.test\.tsx?$|\.final\.ts$/;

/** Test files (vitest's, and the suite's last check) beside the code they test. */
export function isTestFile(file: string): boolean {
  return TEST_FILE.test(file);
}

let cached: SourceFile[] | undefined;

/** Every TypeScript file (and ES module script) git knows in the repository, declarations left out, read once per run. */
export function sourceFiles(): SourceFile[] {
  cached ??= execFileSync("git", ["ls-files", "-z", "--", "*.ts", "*.tsx", "*.mts", "*.mjs"], { cwd: REPO, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter((file) => file !== "" && !file.endsWith(".d.ts") && existsSync(path.join(REPO, file)))
    .map((file) => sourceFile(file, readFileSync(path.join(REPO, file), "utf8")));
  return cached;
}

/** A source file from its path in the repository (which decides its package) and its text. */
export function sourceFile(file: string, text: string): SourceFile {
  let tree: ts.SourceFile | undefined;
  return {
    file,
    packageRoot: packageRootOf(file),
    text,
    get tree() {
      tree ??= ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
      return tree;
    },
  };
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith(".tsx")) return ts.ScriptKind.TSX;
  return file.endsWith(".mjs") ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

const roots = new Map<string, string>();

/** The folder of the nearest package.json above `file` (relative to the repository, `.` for the root). */
export function packageRootOf(file: string): string {
  let folder = path.posix.dirname(file);
  for (;;) {
    const known = roots.get(folder);
    if (known !== undefined) return known;
    if (folder === "." || existsSync(path.join(REPO, folder, "package.json"))) {
      roots.set(folder, folder);
      return folder;
    }
    folder = path.posix.dirname(folder);
  }
}

/** Calls `visit` on every node of `tree`; a visit that returns false skips the node's children. */
export function walk(tree: ts.Node, visit: (node: ts.Node) => boolean | void): void {
  const go = (node: ts.Node): void => {
    if (visit(node) === false) return;
    ts.forEachChild(node, go);
  };
  go(tree);
}
