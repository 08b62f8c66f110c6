import type { Parser as TreeSitterParser } from "web-tree-sitter";
import { emptyAnalysis, type Assignment, type BashAnalysis, type Finding, type SimpleCommand, type WrappedRun } from "./analysis.ts";
import { applyCd, cdEffectOf, certainCommands, flattenList, type CdEffect, type Folders } from "./cd.ts";
import { arithmeticUsesValues, builtinExecutes, expansionExecutes, subscriptExecutes, testExecutes } from "./expansions.ts";
import { checkGaps, checkHeredoc, checkUnquotedWord, excerpt } from "./gaps.ts";
import { loadBashParser, MAX_PARSED_LENGTH, type SyntaxNode } from "./parser.ts";
import { parseAsBash } from "./parser-view.ts";
import { redirectWrite, REDIRECT_TYPES } from "./redirects.ts";
import { unwrap } from "./wrappers.ts";
import { wordOf, type Word } from "./words.ts";

/**
 * Seed § 9.4 on a real syntax tree: every simple command anywhere in it (lists, pipelines, subshells,
 * substitutions, loop and `if`/`case` bodies, functions, here-documents), every redirection that writes a
 * file (with the folder a literal `cd` moved to), every substitution, and every reason to distrust the parse.
 */
export interface AnalysisContext {
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
}

/** Nesting of syntax nodes and of wrapped scripts beyond which the command is asked, not analysed. */
const MAX_NODE_DEPTH = 400;
const MAX_SCRIPT_DEPTH = 8;

const COMMAND_TYPES = new Set(["command", "declaration_command", "unset_command"]);
/** What must follow `{` for bash to open a group (a blank or a newline). */
const BLANK_AFTER_BRACE = /^[ \t\n]$/;

interface Walk {
  source: string;
  analysis: BashAnalysis;
  folders: Folders;
  /** The folders just before each command ran: a redirection after a list belongs to its last command. */
  before: Map<SyntaxNode, Folders>;
  certain: Set<SyntaxNode>;
  context: AnalysisContext;
  parser: TreeSitterParser;
  scriptDepth: number;
}

/** Analyses one Bash command (loads the parser on first use). */
export async function analyseBash(command: string, context: AnalysisContext): Promise<BashAnalysis> {
  if (command.length > MAX_PARSED_LENGTH) {
    return { ...emptyAnalysis(command), uncertain: [{ code: "too-long", text: String(command.length) }] };
  }
  const parser = await loadBashParser();
  return analyseWith(parser, command, context, [context.cwd], 0).analysis;
}

function analyseWith(
  parser: TreeSitterParser,
  source: string,
  context: AnalysisContext,
  folders: Folders,
  scriptDepth: number,
): { analysis: BashAnalysis; folders: Folders } {
  const analysis = emptyAnalysis(source);
  if (source.includes("\0")) analysis.uncertain.push({ code: "nul", text: "\\u0000" });
  const parsed = parseAsBash(parser, source);
  if (parsed.hasError) analysis.uncertain.push({ code: "parse-error", text: excerpt(source) });
  const walk: Walk = { source, analysis, folders, before: new Map(), certain: certainCommands(parsed.root), context, parser, scriptDepth };
  checkGaps(parsed.root, source, analysis.uncertain, true);
  walkChildren(parsed.root, walk, 1);
  return { analysis, folders: walk.folders };
}

function textOf(node: SyntaxNode, walk: Walk): string {
  return walk.source.slice(node.start, node.end);
}

function walkChildren(node: SyntaxNode, walk: Walk, depth: number): void {
  for (const child of node.children) visit(child, walk, depth);
}

function visit(node: SyntaxNode, walk: Walk, depth: number): void {
  if (depth > MAX_NODE_DEPTH) {
    if (!walk.analysis.uncertain.some((finding) => finding.code === "too-deep")) {
      walk.analysis.uncertain.push({ code: "too-deep", text: String(MAX_NODE_DEPTH) });
    }
    return;
  }
  // Leaves have no gaps to check (checkGaps would return at once): most nodes are leaves.
  if (node.children.length > 0 && node.type !== "program") checkGaps(node, walk.source, walk.analysis.uncertain, false);
  if ((node.type === "ERROR" || node.missing) && !walk.analysis.uncertain.some((f) => f.code === "parse-error")) {
    walk.analysis.uncertain.push({ code: "parse-error", text: excerpt(textOf(node, walk)) || node.type });
  }
  switch (node.type) {
    case "comment":
      return;
    case "word":
      checkUnquotedWord(node, walk.source, walk.analysis.uncertain);
      return;
    case "command":
    case "declaration_command":
    case "unset_command":
      applyEffect(walk, node, commandNode(node, walk, depth));
      return;
    case "test_command":
      testNode(node, walk, depth);
      return;
    case "redirected_statement":
      redirectedStatement(node, walk, depth);
      return;
    case "file_redirect":
      fileRedirect(node, walk, depth);
      return;
    case "heredoc_redirect":
      if (node.children.some((child) => child.field === "argument")) {
        walk.analysis.uncertain.push({ code: "heredoc-arguments", text: excerpt(textOf(node, walk)) });
      }
      checkHeredoc(node, walk.source, walk.analysis.uncertain);
      walkChildren(node, walk, depth + 1);
      return;
    case "command_substitution":
      walk.analysis.substitutions.push({ code: "command-substitution", text: excerpt(textOf(node, walk)) });
      walkChildren(node, walk, depth + 1);
      return;
    case "process_substitution":
      walk.analysis.substitutions.push({ code: "process-substitution", text: excerpt(textOf(node, walk)) });
      walkChildren(node, walk, depth + 1);
      return;
    case "variable_assignment":
    case "variable_assignments":
      bareAssignments(node, walk, depth);
      return;
    case "for_statement":
      forStatement(node, walk, depth);
      return;
    case "list": {
      // Long `&&` chains nest to the left: walked flat, they do not count as depth.
      const { items, lists } = flattenList(node);
      for (const list of lists.slice(1)) checkGaps(list, walk.source, walk.analysis.uncertain, false);
      for (const item of items) visit(item, walk, depth + 1);
      return;
    }
    case "expansion":
      if (expansionExecutes(node, walk.source)) executing(node, walk);
      break;
    case "subscript":
      if (subscriptExecutes(node, walk.source)) executing(node, walk);
      break;
    case "arithmetic_expansion":
      if (arithmeticUsesValues(node, walk.source)) executing(node, walk);
      break;
    case "compound_statement":
      if (node.children[0]?.type === "((" && arithmeticUsesValues(node, walk.source)) executing(node, walk);
      // bash opens a group only on a `{` word followed by a blank: `{}` or `{echo x; }` run a command named
      // `{}` or `{echo`, which tree-sitter-bash reads as a group (empty, or running echo).
      if (node.children[0]?.type === "{" && !BLANK_AFTER_BRACE.test(walk.source.slice(node.start + 1, node.start + 2))) {
        walk.analysis.uncertain.push({ code: "brace-word", text: excerpt(textOf(node, walk)) });
      }
      break;
    case "c_style_for_statement": {
      const header = { ...node, children: node.children.filter((child) => child.field !== "body") };
      if (arithmeticUsesValues(header, walk.source)) executing(header, walk);
      // The header's `i=0` is arithmetic, not an assignment statement: only what is inside it is visited.
      for (const child of node.children) {
        if (child.type === "variable_assignment") assignmentParts(child, walk, depth);
        else visit(child, walk, depth + 1);
      }
      return;
    }
    default:
      break;
  }
  walkChildren(node, walk, depth + 1);
}

function executing(node: SyntaxNode, walk: Walk): void {
  walk.analysis.substitutions.push({ code: "executing-expansion", text: excerpt(textOf(node, walk)) });
}

function applyEffect(walk: Walk, node: SyntaxNode, effect: CdEffect | undefined): void {
  walk.before.set(node, walk.folders);
  if (effect) walk.folders = applyCd(walk.folders, effect, walk.certain.has(node));
}

/**
 * A statement with redirections. For bash they belong to the last simple command of the body (tree-sitter
 * hangs `a && cd x > f` on the whole list), and they are opened before that command runs: `cd x > log` writes
 * the log where the shell was, not in x.
 */
function redirectedStatement(node: SyntaxNode, walk: Walk, depth: number): void {
  const body = node.children.find((child) => child.field === "body");
  let pending: CdEffect | undefined;
  let afterBody: { folders: Folders } | undefined;
  for (const child of node.children) {
    if (child !== body) {
      visit(child, walk, depth + 1);
    } else if (COMMAND_TYPES.has(child.type)) {
      checkGaps(child, walk.source, walk.analysis.uncertain, false);
      pending = commandNode(child, walk, depth + 1);
    } else {
      visit(child, walk, depth + 1);
      const last = lastCommand(child);
      if (last && walk.before.has(last)) {
        afterBody = { folders: walk.folders };
        walk.folders = walk.before.get(last);
      }
    }
  }
  if (afterBody) walk.folders = afterBody.folders;
  if (body && COMMAND_TYPES.has(body.type)) applyEffect(walk, body, pending);
}

/** The last simple command of a statement in source order, not counting those inside substitutions. */
function lastCommand(node: SyntaxNode, depth = 0): SyntaxNode | undefined {
  if (COMMAND_TYPES.has(node.type)) return node;
  if (depth > MAX_NODE_DEPTH || node.type === "command_substitution" || node.type === "process_substitution") return undefined;
  for (let i = node.children.length - 1; i >= 0; i -= 1) {
    const found = lastCommand(node.children[i] as SyntaxNode, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function fileRedirect(node: SyntaxNode, walk: Walk, depth: number): void {
  // `echo2>&1` is the word `echo2` then `>&1` for bash; tree-sitter reads `echo` then `2>&1`.
  const before = walk.source[node.start - 1];
  const descriptor = node.children[0]?.field === "descriptor" ? node.children[0] : undefined;
  // bash takes only digits (or `{name}`) before `>` as a descriptor: tree-sitter also reads `-f2>&1` as one,
  // where bash runs the command `-f2`. Such a "descriptor" is a command word the analysis cannot see.
  const notDigits = descriptor !== undefined && !/^(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})$/.test(textOf(descriptor, walk));
  if ((descriptor && before !== undefined && !" \t\n;&|()<>".includes(before)) || notDigits) {
    walk.analysis.uncertain.push({ code: "joined-words", text: excerpt(walk.source.slice(Math.max(0, node.start - 8), node.end)) });
  }
  walkChildren(node, walk, depth + 1);
  const result = redirectWrite(node, walk.source, walk.folders, walk.context);
  if (result.kind === "write") walk.analysis.writes.push(result.write);
  else if (result.kind === "uncertain") walk.analysis.uncertain.push({ code: "redirect-target", text: excerpt(textOf(node, walk)) });
}

function assignmentOf(node: SyntaxNode, walk: Walk): Assignment {
  const raw = textOf(node, walk);
  const nameNode = node.children.find((child) => child.field === "name");
  const valueNode = node.children.find((child) => child.field === "value");
  const name = nameNode ? textOf(nameNode, walk) : raw.split("=")[0] ?? "";
  const value = valueNode ? wordOf(valueNode, walk.source).value : /=$/.test(raw) ? "" : undefined;
  return { raw, name, value };
}

/** Everything inside an assignment except the assignment itself: subscripts, values, substitutions. */
function assignmentParts(node: SyntaxNode, walk: Walk, depth: number): void {
  for (const child of node.children) visit(child, walk, depth + 1);
}

/** `FOO=1` on its own changes what later commands see (`PATH=.; git status`): it is a part to cover. */
function bareAssignments(node: SyntaxNode, walk: Walk, depth: number): void {
  const nodes = node.type === "variable_assignments" ? node.children.filter((child) => child.type === "variable_assignment") : [node];
  const assignments = nodes.map((child) => assignmentOf(child, walk));
  const position = walk.analysis.commands.length;
  for (const child of nodes) assignmentParts(child, walk, depth);
  walk.analysis.commands.splice(position, 0, { words: [], assignments, name: undefined, wrapped: [] });
}

/** Loop variables that change how later commands run are assignments to cover, like `PATH=…`. */
const SENSITIVE_VARIABLES = new Set([
  "PATH", "IFS", "BASH_ENV", "ENV", "CDPATH", "HOME", "LD_PRELOAD", "LD_LIBRARY_PATH", "PS4", "PROMPT_COMMAND",
  "SHELLOPTS", "BASHOPTS", "GLOBIGNORE", "BASH_XTRACEFD", "PWD", "OLDPWD", "TMPDIR",
]);

function forStatement(node: SyntaxNode, walk: Walk, depth: number): void {
  const variable = node.children.find((child) => child.field === "variable");
  const name = variable ? textOf(variable, walk) : "";
  if (SENSITIVE_VARIABLES.has(name)) {
    const values = node.children.filter((child) => child.field === "value").map((child) => textOf(child, walk));
    walk.analysis.commands.push({
      words: [],
      assignments: [{ raw: `${name}=${values.join(" ")}`, name, value: undefined }],
      name: undefined,
      wrapped: [],
    });
  }
  walkChildren(node, walk, depth + 1);
}

function literalWord(text: string): Word {
  return { raw: text, value: text, expands: false, skeleton: text };
}

/** `command`, `declare …`, `unset …`: collects assignments and words, visits what is inside them. */
function commandNode(node: SyntaxNode, walk: Walk, depth: number): CdEffect | undefined {
  const assignments: Assignment[] = [];
  const words: Word[] = [];
  const declaration = node.type !== "command";
  // Commands inside the arguments (substitutions) are found first; this one goes before them, in source order.
  const position = walk.analysis.commands.length;
  for (const child of node.children) {
    if (child.type === "comment") continue;
    if (REDIRECT_TYPES.has(child.type)) {
      visit(child, walk, depth + 1);
    } else if (child.type === "variable_assignment" && !declaration && words.length === 0) {
      assignments.push(assignmentOf(child, walk));
      assignmentParts(child, walk, depth);
    } else if (child.type === "variable_assignment") {
      const assignment = assignmentOf(child, walk);
      const value = assignment.value === undefined ? undefined : `${assignment.name}=${assignment.value}`;
      words.push({ raw: assignment.raw, value, expands: false, skeleton: assignment.raw });
      assignmentParts(child, walk, depth);
    } else if (declaration && !child.named && words.length === 0) {
      words.push(literalWord(textOf(child, walk)));
    } else {
      // `echo ==; echo >}`: after `==` or `=~`, tree-sitter reads the rest as a regular expression, as in `[[ ]]`,
      // where bash sees plain words and the end of the command: checked as the unquoted word it is to bash.
      if (child.type === "regex") checkUnquotedWord(child, walk.source, walk.analysis.uncertain);
      words.push(wordOf(child, walk.source));
      visit(child, walk, depth + 1);
    }
  }
  const command = simpleCommand(words, assignments, walk);
  if (builtinExecutes(command.name, words)) executing(node, walk);
  const commands = walk.analysis.commands;
  if (position === commands.length) commands.push(command);
  else commands.splice(position, 0, command);
  return cdEffectOf(command, walk.context);
}

/** `[ … ]` and `[[ … ]]` are commands too (`[` is a builtin); their words are the leaves of the expression. */
function testNode(node: SyntaxNode, walk: Walk, depth: number): void {
  if (testExecutes(node, walk.source)) executing(node, walk);
  const open = node.children[0]?.type === "[[" ? "[[" : "[";
  const words = [literalWord(open), ...splitTestWords(node, walk)];
  if (builtinExecutes(open, words)) executing(node, walk);
  walk.analysis.commands.push({ words, assignments: [], name: open, wrapped: [] });
  walkChildren(node, walk, depth + 1);
}

/** The leaves of a test expression as words (`[ -f x ]` → `[`, `-f`, `x`, `]`). */
function splitTestWords(node: SyntaxNode, walk: Walk): Word[] {
  const out: Word[] = [];
  const collect = (current: SyntaxNode): void => {
    if (current.children.length === 0 || !["binary_expression", "unary_expression", "parenthesized_expression", "negated_expression"].includes(current.type)) {
      out.push(wordOf(current, walk.source));
      return;
    }
    for (const child of current.children) collect(child);
  };
  for (const child of node.children.slice(1)) collect(child);
  return out;
}

/** Reserved words are never command names for bash; tree-sitter sometimes reads them so (`! { a; }`). */
const RESERVED = new Set(["{", "}", "!", "then", "do", "done", "fi", "else", "elif", "esac", "in", "function", "select", "case", "if", "while", "until", "for", "]]"]);

/** Builds a command from its words and follows what it wraps (recursively, scripts parsed too). */
function simpleCommand(words: Word[], assignments: Assignment[], walk: Walk): SimpleCommand {
  const first = words[0];
  const name = first?.value !== undefined && !first.expands ? first.value : undefined;
  if (first && name !== undefined && first.raw === name && RESERVED.has(name)) {
    // The parse is wrong here: never allowed, and deny and ask rules still see the command behind the word.
    walk.analysis.uncertain.push({ code: "parse-error", text: words.map((word) => word.raw).join(" ") });
    const rest = words.slice(1);
    const wrapped: WrappedRun[] = rest.length > 0 ? [{ kind: "argv", wrapper: name, transparent: false, command: simpleCommand(rest, [], walk) }] : [];
    return { words, assignments, name, wrapped };
  }
  return { words, assignments, name, wrapped: wrappedRuns(words, walk) };
}

function wrappedRuns(words: Word[], walk: Walk): WrappedRun[] {
  const runs = unwrap(words);
  // Most commands wrap nothing.
  if (runs.length === 0) return [];
  return runs.map((run): WrappedRun => {
    if (run.kind === "unseen") return run;
    if (walk.scriptDepth >= MAX_SCRIPT_DEPTH) return { kind: "unseen", wrapper: run.wrapper };
    const nested: Walk = { ...walk, scriptDepth: walk.scriptDepth + 1 };
    if (run.kind === "argv") {
      const assignments = run.assignments.map((word): Assignment => {
        const [name = "", ...rest] = (word.value ?? word.raw).split("=");
        return { raw: word.raw, name, value: word.value === undefined ? undefined : rest.join("=") };
      });
      return { kind: "argv", wrapper: run.wrapper, transparent: run.transparent, command: simpleCommand(run.words, assignments, nested) };
    }
    const script = analyseWith(walk.parser, run.script, walk.context, walk.folders, walk.scriptDepth + 1).analysis;
    return { kind: "script", wrapper: run.wrapper, script };
  });
}
