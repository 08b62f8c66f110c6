import { t } from "../messages.ts";
import { pathRuleMatches, type PathContext } from "../path-rules.ts";
import type { Rule, RuleKind } from "../rule-syntax.ts";
import { patternWords, trimBlanks } from "@maia/permission-rules";
import { everyCommand, everyFinding, everyWrite, type BashAnalysis, type RedirectWrite, type SimpleCommand } from "./analysis.ts";
import { bashRuleSet, matchesAny, type BashRule, type BashRuleSet } from "./bash-rules.ts";
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
  const set = bashRuleSet(rules);
  if (set.empty) return { decision: "ask", rules: [], reason: t("noRule") };
  const commands = everyCommand(analysis);
  const writes = everyWrite(analysis, commands);
  const restricted = restrictingRule(commands, writes, set, paths);
  if (restricted) return restricted;
  const uncertain = everyFinding(analysis, "uncertain", commands)[0];
  if (uncertain) return { decision: "ask", rules: [], reason: t(`finding-${uncertain.code}`, { text: uncertain.text }) };
  const substitution = everyFinding(analysis, "substitutions", commands)[0];
  if (substitution) return { decision: "ask", rules: [], reason: t(`finding-${substitution.code}`, { text: substitution.text }) };

  const allowBash = set.bash.allow;
  const used: Rule[] = [];
  // A rule without `*` that is the whole command line, as written, covers all of it (the `--allow` rule a
  // refusal in headless mode suggests); a redirection in it still needs its target fixed in the text.
  let source: string | undefined;
  const exact = allowBash.find((rule) => rule.exact !== undefined && rule.exact === (source ??= trimBlanks(analysis.source)));
  if (exact) used.push(exact.rule);
  for (const command of exact ? [] : analysis.commands) {
    const covered = cover(command, allowBash);
    if (!covered.ok) return { decision: "ask", rules: [], reason: covered.reason };
    used.push(...covered.rules);
  }
  const restrictedTargets = [...set.redirect.deny, ...set.redirect.ask].some((rule) => rule.pattern !== undefined);
  const allowRedirect = set.redirect.allow;
  for (const write of writes) {
    if (exact && write.paths !== undefined) continue;
    const covered = coverWrite(write, allowRedirect, restrictedTargets, paths);
    if (!covered.ok) return { decision: "ask", rules: [], reason: covered.reason };
    used.push(...covered.rules);
  }
  if (used.length === 0) return { decision: "ask", rules: [], reason: t("noRule") };
  return { decision: "allow", rules: [...new Set(used)] };
}

/**
 * The first deny, else the first ask, that matches a part of the command, looking through wrappers: deny
 * rules over every command, then over every redirect target; then ask rules the same way. The commands are
 * read once for both kinds (their texts are built once); the outcome is that of two passes.
 */
function restrictingRule(commands: readonly SimpleCommand[], writes: readonly RedirectWrite[], set: BashRuleSet, paths: PathContext): Decided | undefined {
  const deny = set.bash.deny;
  const ask = set.bash.ask;
  const denyAll = deny.find((rule) => rule.pattern === undefined);
  if (denyAll) return { decision: "deny", rules: [denyAll.rule] };
  const askAll = ask.find((rule) => rule.pattern === undefined);
  let asked: Rule | undefined;
  if (deny.length > 0 || (ask.length > 0 && !askAll)) {
    for (const command of commands) {
      const first = restrictFirstWords(command);
      // Most rules are told apart by the first word alone: the texts are only built when one could match.
      let views: string[] | undefined;
      for (const rule of deny) {
        if (rule.word !== undefined && !first.includes(rule.word)) continue;
        views ??= restrictViews(command).map(trimBlanks);
        if (matchesAny(rule, views)) return { decision: "deny", rules: [rule.rule] };
      }
      if (askAll || asked) continue;
      for (const rule of ask) {
        if (rule.word !== undefined && !first.includes(rule.word)) continue;
        views ??= restrictViews(command).map(trimBlanks);
        if (matchesAny(rule, views)) {
          asked = rule.rule;
          break;
        }
      }
    }
  }
  const deniedWrite = restrictingRedirect(writes, set.redirect.deny, paths);
  if (deniedWrite) return { decision: "deny", rules: [deniedWrite] };
  const askedRule = askAll?.rule ?? asked ?? restrictingRedirect(writes, set.redirect.ask, paths);
  return askedRule ? { decision: "ask", rules: [askedRule] } : undefined;
}

/** The first Redirect rule that matches a write target, as written or through its links. */
function restrictingRedirect(writes: readonly RedirectWrite[], redirect: readonly Rule[], paths: PathContext): Rule | undefined {
  if (redirect.length === 0) return undefined;
  for (const write of writes) {
    const rule = redirect.find(
      (candidate) =>
        candidate.pattern === undefined ||
        (write.paths ?? []).some((target) => pathRuleMatches(candidate.pattern as string, target, paths, "restrict")),
    );
    if (rule) return rule;
  }
  return undefined;
}

/**
 * What a deny or ask rule is matched against: the command without its leading assignments (`FOO=1 rm -rf x`
 * is `rm -rf x`), unquoted (`'r'm` is `rm`), by basename (`/bin/rm` is `rm`), and also as written.
 */
export function restrictViews(command: SimpleCommand): string[] {
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
  // Built by hand rather than joined from arrays: this runs for every command of every decision.
  let canonical = "";
  let raw = "";
  let separator = "";
  for (const assignment of command.assignments) {
    canonical += separator + (assignment.value === undefined ? assignment.raw : `${assignment.name}=${shellQuote(assignment.value)}`);
    raw += separator + assignment.raw;
    separator = " ";
  }
  for (const word of command.words) {
    canonical += separator + canonicalWord(word);
    raw += separator + word.raw;
    separator = " ";
  }
  return canonical === raw ? [canonical] : [canonical, raw];
}

/** A command as the user reads it in messages. */
export function describeCommand(command: SimpleCommand): string {
  return allowViews(command)[0] ?? "";
}

type Coverage = { ok: true; rules: Rule[] } | { ok: false; reason: string };

export function cover(command: SimpleCommand, allow: readonly BashRule[]): Coverage {
  const text = () => describeCommand(command);
  if (command.words.length > 0 && command.name === undefined) return { ok: false, reason: t("commandNotVisible", { command: text() }) };
  if (command.name !== undefined && INERT.has(command.name) && command.assignments.length === 0 && command.wrapped.length === 0) {
    return { ok: true, rules: [] };
  }
  const first = allowFirstWords(command);
  // The views are only built when a rule could match: most rules are told apart by the first word alone.
  let views: string[] | undefined;
  const matches = (rule: BashRule) =>
    rule.pattern === undefined ||
    ((rule.word === undefined || first.includes(rule.word)) && matchesAny(rule, (views ??= allowViews(command).map(trimBlanks))));
  if (command.wrapped.length === 0) {
    for (const rule of allow) if (matches(rule)) return { ok: true, rules: [rule.rule] };
    return { ok: false, reason: t("notCovered", { command: text() }) };
  }
  const matching = allow.filter(matches);
  // (a) A rule covering the whole text that names every program the wrapper runs.
  const programs = wrappedPrograms(command);
  if (programs !== undefined) {
    const rule = matching.find((candidate) => candidate.pattern === undefined || candidate.pattern.trim() === "*" || names(candidate.pattern, programs));
    if (rule) return { ok: true, rules: [rule.rule] };
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

export function coverWrite(write: RedirectWrite, allow: Rule[], restrictedTargets: boolean, paths: PathContext): Coverage {
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
