import type { Rule, RuleKind } from "../rule-syntax.ts";
import { bashPatternRegex, leadingWord, trimBlanks } from "@maia/permission-rules";

/**
 * The Bash and Redirect rules of a rule set, sorted by kind and prepared once (first words, compiled
 * patterns) rather than for every command of every decision. Kept per rules array; the array is checked
 * against what was prepared at each use, so a list changed in place is prepared again, never half-read.
 */
export interface BashRule {
  rule: Rule;
  /** Undefined: every command (`Bash` alone). */
  pattern: string | undefined;
  /** The first word a command needs for the pattern to match it; undefined when the pattern starts with `*`. */
  word: string | undefined;
  /** The pattern itself when it has no `*`, blanks trimmed: the whole command line it names. */
  exact: string | undefined;  /** The compiled pattern, made on first use. */
  regex?: RegExp;
}

export interface BashRuleSet {
  bash: Record<RuleKind, BashRule[]>;
  redirect: Record<RuleKind, Rule[]>;
  /** Neither Bash nor Redirect rules: nothing can decide a Bash command. */
  empty: boolean;
}

interface Prepared {
  /** What each rule was when prepared: the same objects with the same kind, tool and pattern. */
  seen: Array<{ rule: Rule; kind: RuleKind; tool: string; pattern: string | undefined }>;
  set: BashRuleSet;
}

const prepared = new WeakMap<readonly Rule[], Prepared>();
const KINDS = new Set<string>(["deny", "ask", "allow"]);

export function bashRuleSet(rules: readonly Rule[]): BashRuleSet {
  const known = prepared.get(rules);
  if (known && unchanged(known, rules)) return known.set;
  const set: BashRuleSet = {
    bash: { deny: [], ask: [], allow: [] },
    redirect: { deny: [], ask: [], allow: [] },
    empty: true,
  };
  for (const rule of rules) {
    if (rule.tool !== "Bash" && rule.tool !== "Redirect") continue;
    set.empty = false;
    if (!KINDS.has(rule.kind)) continue;
    if (rule.tool === "Bash") set.bash[rule.kind].push(bashRule(rule));
    else set.redirect[rule.kind].push(rule);
  }
  prepared.set(rules, { seen: rules.map((rule) => ({ rule, kind: rule.kind, tool: rule.tool, pattern: rule.pattern })), set });
  return set;
}

function unchanged(known: Prepared, rules: readonly Rule[]): boolean {
  if (known.seen.length !== rules.length) return false;
  for (let i = 0; i < rules.length; i += 1) {
    const seen = known.seen[i];
    const rule = rules[i];
    if (!seen || seen.rule !== rule || rule.kind !== seen.kind || rule.tool !== seen.tool || rule.pattern !== seen.pattern) return false;
  }
  return true;
}

function bashRule(rule: Rule): BashRule {
  const { pattern } = rule;
  return {
    rule,
    pattern,
    word: pattern === undefined ? undefined : leadingWord(pattern),
    exact: pattern === undefined || pattern.includes("*") ? undefined : trimBlanks(pattern),
  };
}

/** Does the rule's pattern match one of the texts? The texts have been through `trimBlanks`. */
export function matchesAny(rule: BashRule, trimmedTexts: readonly string[]): boolean {
  if (rule.pattern === undefined) return true;
  const regex = (rule.regex ??= bashPatternRegex(rule.pattern));
  for (const text of trimmedTexts) if (regex.test(text)) return true;
  return false;
}
