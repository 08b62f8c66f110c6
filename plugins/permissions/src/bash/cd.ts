import path from "node:path";
import type { SimpleCommand } from "./analysis.ts";
import type { SyntaxNode } from "./parser.ts";
import { basename } from "./wrappers.ts";

/**
 * Where relative redirect targets land. A literal `cd` earlier in the command moves them
 * (`cd .maia && echo x > settings.json` writes `.maia/settings.json`). The analysis keeps the set of folders
 * the shell may be in at each point, a superset of the truth: when a `cd` may or may not have taken effect
 * (after `;`, in a subshell, in a branch), both folders stay. Only a `cd` in the top-level `&&` chain is
 * certain to have happened before what follows it. A folder that cannot be known (a variable, `cd -`,
 * `popd`, `source`, `eval`) makes every later relative target dynamic: `undefined`.
 */
export type Folders = string[] | undefined;

export type CdEffect = { kind: "cd"; target: string } | { kind: "unknown" };

/** Past this many candidate folders, the set is given up for "unknown" (hostile chains of `cd`). */
const MAX_FOLDERS = 16;

const CHANGES_FOLDER = new Set(["cd", "pushd", "popd"]);
const RUNS_IN_THIS_SHELL = new Set(["source", ".", "eval"]);

/**
 * The spine of a left-nested list (`a && b || c` is list(list(a, b), c)) as one sequence of statements and
 * operators, read without recursion: a chain of thousands of commands stays flat.
 */
export function flattenList(node: SyntaxNode): { items: SyntaxNode[]; lists: SyntaxNode[] } {
  const tails: SyntaxNode[][] = [];
  const lists: SyntaxNode[] = [];
  let current: SyntaxNode | undefined = node;
  while (current?.type === "list") {
    lists.push(current);
    tails.push(current.children.slice(1));
    current = current.children[0];
  }
  const items: SyntaxNode[] = current ? [current] : [];
  for (let i = tails.length - 1; i >= 0; i -= 1) items.push(...(tails[i] as SyntaxNode[]));
  return { items, lists };
}

/** The commands of the top-level `a && b && c` chain, whose `cd` certainly ran before the rest. */
export function certainCommands(root: SyntaxNode): Set<SyntaxNode> {
  const statements = root.children.filter((child) => child.named && child.type !== "comment");
  const out = new Set<SyntaxNode>();
  const only = statements[0];
  if (statements.length !== 1 || !only) return out;
  const collect = (node: SyntaxNode): boolean => {
    if (node.type === "list") {
      const { items } = flattenList(node);
      if (items.some((child) => !child.named && child.type !== "&&")) return false;
      return items.filter((child) => child.named && child.type !== "comment").every(collect);
    }
    if (node.type === "redirected_statement") {
      const body = node.children.find((child) => child.field === "body");
      return body ? collect(body) : false;
    }
    if (node.type === "command") out.add(node);
    return true;
  };
  return collect(only) ? out : new Set();
}

/** What a command does to the shell's folder, if anything. */
export function cdEffectOf(command: SimpleCommand, context: { homeDir: string; env: NodeJS.ProcessEnv }): CdEffect | undefined {
  if (command.name === undefined) return undefined;
  const name = basename(command.name);
  if (RUNS_IN_THIS_SHELL.has(name)) return { kind: "unknown" };
  if (wrapsFolderChange(command)) return { kind: "unknown" };
  if (!CHANGES_FOLDER.has(name)) return undefined;
  if (name === "popd") return { kind: "unknown" };
  const args = command.words.slice(1);
  let i = 0;
  while (i < args.length && /^-[LPe@]+$/.test(args[i]?.value ?? "")) i += 1;
  if (args[i]?.value === "--") i += 1;
  const operands = args.slice(i);
  if (operands.length === 0) return name === "cd" ? { kind: "cd", target: home(context) } : { kind: "unknown" };
  const [operand] = operands;
  if (operands.length > 1 || !operand || operand.value === undefined || operand.value === "-") return { kind: "unknown" };
  const value = operand.value;
  if (operand.expands) {
    const tildeOnly = (value === "~" || value.startsWith("~/")) && operand.skeleton.startsWith("~") && !/[*?[]|\{.*(,|\.\.).*\}/.test(operand.skeleton.slice(1));
    return tildeOnly ? { kind: "cd", target: path.join(home(context), value.slice(1)) } : { kind: "unknown" };
  }
  // With CDPATH set, `cd name` may go to $CDPATH/name instead of ./name.
  const cdpath = context.env.CDPATH;
  if (cdpath && !/^\.{0,2}\//.test(value) && value !== "." && value !== "..") return { kind: "unknown" };
  return { kind: "cd", target: value };
}

function home(context: { homeDir: string; env: NodeJS.ProcessEnv }): string {
  return context.env.HOME || context.homeDir;
}

/** `command cd x`, `builtin cd x`, `eval 'cd x'`: the folder changes without a visible `cd`. */
function wrapsFolderChange(command: SimpleCommand): boolean {
  return command.wrapped.some((run) => {
    if (run.kind === "unseen") return false;
    if (run.kind === "script") return run.script.commands.some((inner) => inner.name !== undefined && (CHANGES_FOLDER.has(basename(inner.name)) || RUNS_IN_THIS_SHELL.has(basename(inner.name))));
    const inner = run.command.name;
    return (inner !== undefined && (CHANGES_FOLDER.has(basename(inner)) || RUNS_IN_THIS_SHELL.has(basename(inner)))) || wrapsFolderChange(run.command);
  });
}

/** The folders after a `cd`: replaced when it certainly ran, added to the candidates otherwise. */
export function applyCd(folders: Folders, effect: CdEffect, certain: boolean): Folders {
  if (folders === undefined || effect.kind === "unknown") return undefined;
  const moved = folders.map((folder) => path.resolve(folder, effect.target));
  const next = certain ? moved : [...new Set([...folders, ...moved])];
  return next.length > MAX_FOLDERS ? undefined : next;
}
