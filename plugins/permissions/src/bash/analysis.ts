import type { Word } from "./words.ts";

/** A variable assignment before a command (`FOO=1 cmd`) or on its own (`FOO=1`). */
export interface Assignment {
  raw: string;
  name: string;
  /** The value after quote removal, when literal. */
  value: string | undefined;
}

/**
 * One simple command, wherever it sits in the tree (list, pipeline, subshell, substitution, loop body,
 * function body, here-document…). Redirections are not part of it; they are in `BashAnalysis.writes`.
 */
export interface SimpleCommand {
  /** The command name and its arguments, in order; empty for a bare assignment (`FOO=1`). */
  words: Word[];
  assignments: Assignment[];
  /** The command name after quote removal; undefined when it is not a plain literal (`$cmd`, `r*`). */
  name: string | undefined;
  /** What this command runs in turn when it is a wrapper (`sudo`, `timeout`, `sh -c`, `xargs`…). */
  wrapped: WrappedRun[];
}

/**
 * What a wrapper runs. `argv`: a command given as words (`timeout 60 npm test`); `transparent` when the
 * wrapper is `timeout`, `nice`, `nohup`, `time` or `env` used without options. `script`: a shell text run by
 * `sh -c`, `eval`, `watch`… `unseen`: the wrapped command cannot be known (a variable, standard input).
 */
export type WrappedRun =
  | { kind: "argv"; wrapper: string; transparent: boolean; command: SimpleCommand }
  | { kind: "script"; wrapper: string; script: BashAnalysis }
  | { kind: "unseen"; wrapper: string };

/** A redirection that writes a file. `paths` are absolute candidates; undefined means a dynamic target. */
export interface RedirectWrite {
  operator: string;
  /** The target as written. */
  target: string;
  paths: string[] | undefined;
}

export type FindingCode =
  | "parse-error"
  | "separator"
  | "joined-words"
  | "nul"
  | "too-long"
  | "too-deep"
  | "heredoc-arguments"
  | "brace-word"
  | "redirect-target"
  | "command-substitution"
  | "process-substitution"
  | "executing-expansion";

/** Why an analysis cannot be trusted (`uncertain`) or why no allow can cover it (`substitutions`). */
export interface Finding {
  code: FindingCode;
  /** The part of the command concerned, as written (shortened for display). */
  text: string;
}

export interface BashAnalysis {
  /** The command as given. */
  source: string;
  /** Every simple command of the tree, in source order. */
  commands: SimpleCommand[];
  /** Every redirection that writes a file, in source order (duplications and /dev/null excluded). */
  writes: RedirectWrite[];
  /** Command and process substitutions, and expansions that can run code: no allow covers them. */
  substitutions: Finding[];
  /** The parser's view may differ from bash's: the command is asked, never allowed. */
  uncertain: Finding[];
}

export function emptyAnalysis(source: string): BashAnalysis {
  return { source, commands: [], writes: [], substitutions: [], uncertain: [] };
}

/**
 * Every simple command of an analysis, those run by wrappers and scripts included (for deny and ask). Not
 * memoised per analysis: a WeakMap keyed by short-lived analyses keeps them alive through the young
 * generation's collections, which then copy them (most of the GC time a decision took). A decision computes
 * the list once and hands it to `everyWrite` and `everyFinding`.
 */
export function everyCommand(analysis: BashAnalysis): SimpleCommand[] {
  const all: SimpleCommand[] = [];
  for (const command of analysis.commands) collect(command, all);
  return all;
}

function collect(command: SimpleCommand, out: SimpleCommand[]): void {
  out.push(command);
  for (const run of command.wrapped) {
    if (run.kind === "argv") collect(run.command, out);
    else if (run.kind === "script") for (const inner of run.script.commands) collect(inner, out);
  }
}

/** Every file write, those inside wrapped scripts included. `commands` is `everyCommand(analysis)`. */
export function everyWrite(analysis: BashAnalysis, commands = everyCommand(analysis)): RedirectWrite[] {
  const out = [...analysis.writes];
  for (const command of commands) {
    for (const run of command.wrapped) {
      if (run.kind === "script") for (const write of run.script.writes) out.push(write);
    }
  }
  return out;
}

/** Findings of wrapped scripts too: a substitution inside `sh -c '…'` still blocks an allow. */
export function everyFinding(analysis: BashAnalysis, kind: "substitutions" | "uncertain", commands = everyCommand(analysis)): Finding[] {
  const out = [...analysis[kind]];
  for (const command of commands) {
    for (const run of command.wrapped) if (run.kind === "script") out.push(...run.script[kind]);
  }
  return out;
}
