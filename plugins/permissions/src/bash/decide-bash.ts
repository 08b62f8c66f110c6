import { t } from "../messages.ts";
import { pathRuleMatches, type PathContext } from "../path-rules.ts";
import type { Rule, RuleKind } from "../rule-syntax.ts";
import { bashPatternMatches, leadingWord, patternWords, trimBlanks } from "../wildcard.ts";
import { everyCommand, everyFinding, everyWrite, type BashAnalysis, type RedirectWrite, type SimpleCommand } from "./analysis.ts";
import { canonicalWord, shellQuote } from "./words.ts";
import { basename } from "./wrappers.ts";

/**
 * Seed § 9.4 applied to an analysis. deny, then ask: a rule that matches any part decides (any simple
 * command, those run by wrappers included, or any redirect target). allow: only when every part is covered,
 * nothing is substituted and the parse is trusted.
 */
export interface Decided {
  decision: RuleKind;
  /** The rules that decided: one for deny and ask, one per part for allow. */
  rules: Rule[];
  /** Why, when no rule decided or an allow was refused. */
  reason?: string;
}

/** Builtins that do nothing: no rule is needed for them (`while true`, `:`). */
const INERT = new Set(["true", "false", ":"]);

export function decideBash(analysis: BashAnalysis, rules: readonly Rule[], paths: PathContext): Decided {
  const bash = rules.filter((rule) => rule.tool === "Bash");
  const redirect = rules.filter((rule) => rule.tool === "Redirect");
  if (bash.length === 0 && redirect.length === 0) return { decision: "ask", rules: [], reason: t("noRule") };
  for (const kind of ["deny", "ask"] as const) {
    const hit = restrictingRule(analysis, bash.filter((rule) => rule.kind === kind), redirect.filter((rule) => rule.kind === kind), paths);
    if (hit) return { decision: kind, rules: [hit] };
  }
  const uncertain = everyFinding(analysis, "uncertain")[0];
  if (uncertain) return { decision: "ask", rules: [], reason: t(`finding-${uncertain.code}`, { text: uncertain.text }) };
  const substitution = everyFinding(analysis, "substitutions")[0];
  if (substitution) return { decision: "ask", rules: [], reason: t(`finding-${substitution.code}`, { text: substitution.text }) };

  const allowBash = bash.filter((rule) => rule.kind === "allow");
  const used: Rule[] = [];
  // A rule without `*` that is the whole command line, as written, covers all of it (the `--allow` rule a
  // refusal in headless mode suggests); a redirection in it still needs its target fixed in the text.
  const exact = allowBash.find((rule) => rule.pattern !== undefined && !rule.pattern.includes("*") && trimBlanks(rule.pattern) === trimBlanks(analysis.source));
  if (exact) used.push(exact);
  for (const command of exact ? [] : analysis.commands) {
    const covered = cover(command, allowBash);
    if (!covered.ok) return { decision: "ask", rules: [], reason: covered.reason };
    used.push(...covered.rules);
  }
  const restrictedTargets = redirect.some((rule) => rule.kind !== "allow" && rule.pattern !== undefined);
  const allowRedirect = redirect.filter((rule) => rule.kind === "allow");
  for (const write of everyWrite(analysis)) {
    if (exact && write.paths !== undefined) continue;
    const covered = coverWrite(write, allowRedirect, restrictedTargets, paths);
    if (!covered.ok) return { decision: "ask", rules: [], reason: covered.reason };
    used.push(...covered.rules);
  }
  if (used.length === 0) return { decision: "ask", rules: [], reason: t("noRule") };
  return { decision: "allow", rules: [...new Set(used)] };
}

/** The first deny (or ask) rule that matches a part of the command, looking through wrappers. */
function restrictingRule(analysis: BashAnalysis, bash: Rule[], redirect: Rule[], paths: PathContext): Rule | undefined {
  const whole = bash.find((rule) => rule.pattern === undefined);
  if (whole) return whole;
  if (bash.length > 0) {
    for (const command of everyCommand(analysis)) {
      const first = restrictFirstWords(command);
      const candidates = bash.filter((candidate) => {
        const word = leadingWord(candidate.pattern as string);
        return word === undefined || first.includes(word);
      });
      if (candidates.length === 0) continue;
      const views = restrictViews(command);
      const rule = candidates.find((candidate) => views.some((view) => bashPatternMatches(candidate.pattern as string, view)));
      if (rule) return rule;
    }
  }
  if (redirect.length > 0) {
    for (const write of everyWrite(analysis)) {
      const rule = redirect.find(
        (candidate) =>
          candidate.pattern === undefined ||
          (write.paths ?? []).some((target) => pathRuleMatches(candidate.pattern as string, target, paths, "restrict")),
      );
      if (rule) return rule;
    }
  }
  return undefined;
}

/**
 * What a deny or ask rule is matched against: the command without its leading assignments (`FOO=1 rm -rf x`
 * is `rm -rf x`), unquoted (`'r'm` is `rm`), by basename (`/bin/rm` is `rm`), and also as written.
 */
export function restrictViews(command: SimpleCommand): string[] {
  let views = restrictCache.get(command);
  if (!views) restrictCache.set(command, (views = computeRestrictViews(command)));
  return views;
}

const restrictCache = new WeakMap<SimpleCommand, string[]>();

function computeRestrictViews(command: SimpleCommand): string[] {
  const assignments = command.assignments.map((assignment) => assignment.raw);
  if (command.words.length === 0) return [assignments.join(" ")];
  const canonical = command.words.map(canonicalWord);
  const plain = command.words.map((word) => word.value ?? word.raw);
  const raw = command.words.map((word) => word.raw);
  const views = [canonical, plain, raw];
  if (command.name !== undefined && command.name.includes("/")) {
    const base = basename(command.name);
    views.push([base, ...canonical.slice(1)], [base, ...plain.slice(1)]);
  }
  const texts = views.map((words) => words.join(" "));
  if (assignments.length > 0) texts.push([...assignments, ...canonical].join(" "), [...assignments, ...raw].join(" "));
  return [...new Set(texts)];
}

/** The first word of each restrict view, without building the views. */
function restrictFirstWords(command: SimpleCommand): string[] {
  const first = command.words[0];
  if (!first) return command.assignments[0] ? [command.assignments[0].raw] : [];
  const out = [canonicalWord(first), first.raw];
  if (first.value !== undefined) out.push(first.value);
  if (command.name !== undefined && command.name.includes("/")) out.push(basename(command.name));
  if (command.assignments[0]) out.push(command.assignments[0].raw);
  return out;
}

/** The first word of each allow view. */
function allowFirstWords(command: SimpleCommand): string[] {
  const assignment = command.assignments[0];
  if (assignment) return [assignment.raw, assignment.value === undefined ? assignment.raw : `${assignment.name}=${shellQuote(assignment.value)}`];
  const first = command.words[0];
  return first ? [canonicalWord(first), first.raw] : [];
}

/** What an allow rule is matched against: the whole command, leading assignments included. */
export function allowViews(command: SimpleCommand): string[] {
  let views = allowCache.get(command);
  if (!views) allowCache.set(command, (views = computeAllowViews(command)));
  return views;
}

const allowCache = new WeakMap<SimpleCommand, string[]>();

function computeAllowViews(command: SimpleCommand): string[] {
  const canonicalAssignments = command.assignments.map((assignment) =>
    assignment.value === undefined ? assignment.raw : `${assignment.name}=${shellQuote(assignment.value)}`,
  );
  const canonical = [...canonicalAssignments, ...command.words.map(canonicalWord)].join(" ");
  const raw = [...command.assignments.map((assignment) => assignment.raw), ...command.words.map((word) => word.raw)].join(" ");
  return canonical === raw ? [canonical] : [canonical, raw];
}

/** A command as the user reads it in messages. */
export function describeCommand(command: SimpleCommand): string {
  return allowViews(command)[0] ?? "";
}

type Coverage = { ok: true; rules: Rule[] } | { ok: false; reason: string };

function cover(command: SimpleCommand, allow: Rule[]): Coverage {
  const text = () => describeCommand(command);
  if (command.words.length > 0 && command.name === undefined) return { ok: false, reason: t("commandNotVisible", { command: text() }) };
  if (command.name !== undefined && INERT.has(command.name) && command.assignments.length === 0 && command.wrapped.length === 0) {
    return { ok: true, rules: [] };
  }
  const first = allowFirstWords(command);
  // The views are only built when a rule could match: most rules are told apart by the first word alone.
  const matches = (rule: Rule) => {
    if (rule.pattern === undefined) return true;
    const word = leadingWord(rule.pattern);
    return (word === undefined || first.includes(word)) && allowViews(command).some((view) => bashPatternMatches(rule.pattern as string, view));
  };
  if (command.wrapped.length === 0) {
    const rule = allow.find(matches);
    return rule ? { ok: true, rules: [rule] } : { ok: false, reason: t("notCovered", { command: text() }) };
  }
  const matching = allow.filter(matches);
  // (a) A rule covering the whole text that names every program the wrapper runs.
  const programs = wrappedPrograms(command);
  if (programs !== undefined) {
    const rule = matching.find((candidate) => candidate.pattern === undefined || candidate.pattern.trim() === "*" || names(candidate.pattern, programs));
    if (rule) return { ok: true, rules: [rule] };
  }
  // (b) timeout, nice, nohup, time and env without options: the wrapped command on its own (with the
  // assignments that reach it: `PAGER=x timeout 5 git log` is still `PAGER=x git log`).
  if (command.wrapped.every((run) => run.kind === "argv" && run.transparent)) {
    const rules: Rule[] = [];
    for (const run of command.wrapped) {
      if (run.kind !== "argv") continue;
      const inner = { ...run.command, assignments: [...command.assignments, ...run.command.assignments] };
      const covered = cover(inner, allow);
      if (!covered.ok) return covered;
      rules.push(...covered.rules);
    }
    return { ok: true, rules };
  }
  const wrappers = [...new Set(command.wrapped.map((run) => run.wrapper))].join(", ");
  return {
    ok: false,
    reason: programs === undefined ? t("wrappedNotVisible", { command: text(), wrapper: wrappers }) : t("wrapperNotCovered", { command: text(), wrapper: wrappers }),
  };
}

/** Every program a wrapper runs, down the chain; undefined when one cannot be seen or trusted. */
function wrappedPrograms(command: SimpleCommand): string[] | undefined {
  const out: string[] = [];
  for (const run of command.wrapped) {
    if (run.kind === "unseen") return undefined;
    if (run.kind === "argv") {
      if (run.command.name === undefined) return undefined;
      const inner = wrappedPrograms(run.command);
      if (inner === undefined) return undefined;
      out.push(run.command.name, ...inner);
      continue;
    }
    if (everyFinding(run.script, "uncertain").length > 0 || everyFinding(run.script, "substitutions").length > 0) return undefined;
    for (const inner of everyCommand(run.script)) {
      if (inner.words.length === 0) continue;
      if (inner.name === undefined) return undefined;
      out.push(inner.name);
    }
  }
  return out;
}

function names(pattern: string, programs: readonly string[]): boolean {
  const words = patternWords(pattern);
  return programs.every((program) => words.has(program) || words.has(basename(program)));
}

function coverWrite(write: RedirectWrite, allow: Rule[], restrictedTargets: boolean, paths: PathContext): Coverage {
  if (write.paths === undefined) {
    const whole = allow.find((rule) => rule.pattern === undefined);
    // A dynamic target could be what a deny or ask Redirect rule protects: it is asked then, not allowed.
    if (whole && !restrictedTargets) return { ok: true, rules: [whole] };
    return { ok: false, reason: t("redirectDynamic", { target: write.target }) };
  }
  const rules: Rule[] = [];
  for (const target of write.paths) {
    const rule = allow.find((candidate) => candidate.pattern === undefined || pathRuleMatches(candidate.pattern, target, paths, "allow"));
    if (!rule) return { ok: false, reason: t("redirectNotCovered", { target: write.target }) };
    rules.push(rule);
  }
  return { ok: true, rules };
}
