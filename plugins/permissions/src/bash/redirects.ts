import path from "node:path";
import type { RedirectWrite } from "./analysis.ts";
import type { Folders } from "./cd.ts";
import type { SyntaxNode } from "./parser.ts";
import { wordOf } from "./words.ts";

/**
 * Output redirections (seed § 9.4): which ones write a file, and which file. Duplications (`2>&1`, `>&2`,
 * `>&-`, `2>&1-`) write no file; `/dev/null`, `/dev/stdout`, `/dev/stderr` and `/dev/fd/1|2` are not file
 * writes either. A target with `$ * ? [ ] { }` or any expansion is dynamic; a target that cannot be read at
 * all (missing, `>(…)`, more than one word) makes the analysis uncertain.
 */
export const REDIRECT_TYPES = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);

const WRITE_OPERATORS = new Set([">", ">>", ">|", "&>", "&>>", ">&"]);
const READ_OR_CLOSE = new Set(["<", "<&", "<&-", ">&-"]);
const NOT_FILES = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/fd/1", "/dev/fd/2"]);

export type RedirectResult = { kind: "none" } | { kind: "write"; write: RedirectWrite } | { kind: "uncertain" };

export function redirectWrite(
  node: SyntaxNode,
  source: string,
  folders: Folders,
  context: { homeDir: string; env: NodeJS.ProcessEnv },
): RedirectResult {
  const operatorNode = node.children.find((child) => !child.named && child.field === undefined);
  const operator = operatorNode?.type ?? "";
  const destinations = node.children.filter((child) => child.field === "destination");
  if (READ_OR_CLOSE.has(operator)) return { kind: "none" };
  if (!WRITE_OPERATORS.has(operator) || destinations.length !== 1) return { kind: "uncertain" };
  const destination = destinations[0] as SyntaxNode;
  const target = source.slice(destination.start, destination.end);
  if (destination.type === "process_substitution") return { kind: "uncertain" };
  const word = wordOf(destination, source);
  const value = word.value;
  if (operator === ">&" && value !== undefined && /^([0-9]+-?|-)$/.test(value)) return { kind: "none" };
  if (value === undefined) return write(operator, target, undefined);
  let absolute: string[] | undefined;
  if (word.expands) {
    const tildeOnly = (value === "~" || value.startsWith("~/")) && !/[*?[]|\{[^{}]*(,|\.\.)[^{}]*\}/.test(word.skeleton);
    if (!tildeOnly) return write(operator, target, undefined);
    absolute = [path.join(context.env.HOME || context.homeDir, value.slice(1))];
  } else if (value.startsWith("/")) {
    absolute = [path.resolve(value)];
  } else if (folders === undefined || value === "") {
    return write(operator, target, undefined);
  } else {
    absolute = [...new Set(folders.map((folder) => path.resolve(folder, value)))];
  }
  const files = absolute.filter((candidate) => !NOT_FILES.has(candidate));
  return files.length === 0 ? { kind: "none" } : write(operator, target, files);
}

function write(operator: string, target: string, paths: string[] | undefined): RedirectResult {
  return { kind: "write", write: { operator, target, paths } };
}
