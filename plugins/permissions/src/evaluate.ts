import path from "node:path";
import { errorMessage, type JsonSchema, type Verdict } from "@maia/kernel";
import { analyseBash } from "./bash/analyse.ts";
import type { BashAnalysis } from "./bash/analysis.ts";
import { decideBash, describeCommand, type Decided } from "./bash/decide-bash.ts";
import { uncoveredParts } from "./bash/uncovered.ts";
import { domainRuleMatches, hostOf } from "./domain-rules.ts";
import { mcpPatternMatches, mcpToolParts, parseMcpPattern } from "@maia/permission-rules";
import { t } from "./messages.ts";
import { pathRuleMatches, resolveSubject, type PathContext } from "./path-rules.ts";
import { RealPaths } from "./real-paths.ts";
import { PATH_TOOLS, type Rule } from "./rule-syntax.ts";
import { wildcardMatches } from "@maia/permission-rules";
import { pathInputOf } from "@maia/util";

/**
 * Seed § 9.2: deny, then ask, then allow; the first family that matches decides, however precise the rules.
 * No applicable rule means ask, for every tool. Any error while evaluating means ask, never allow.
 */
export interface EvaluationContext {
  /** The launch folder: relative paths and path rules start there. */
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  /** The tool's input schema: its first string property is the value other tools' allow rules look at. */
  inputSchema?: JsonSchema;
  /** Build the Bash report (commands and targets found) too; checkPermission does not need it. Default true. */
  report?: boolean;
}

/** What the analysis of a Bash command found, for `maia permissions check` and the UI. */
export interface BashReport {
  commands: string[];
  redirects: string[];
  substitutions: string[];
  uncertain: string[];
}

export interface Evaluation {
  verdict: Verdict;
  /** Every rule that decided (an allowed compound command may need several), with its file. */
  rules: Array<{ rule: string; source: string }>;
  bash?: BashReport;
  /** Bash asked: every part no rule covers (commands, redirection targets, substitutions), for the confirmation. */
  uncovered?: string[];
  /** The evaluation failed (the verdict is then ask): what went wrong, for a warning. */
  error?: string;
}

export async function evaluate(rules: readonly Rule[], tool: string, input: Record<string, unknown>, given: EvaluationContext): Promise<Evaluation> {
  // Links are resolved afresh for each decision: one may have changed since the previous command.
  const context = { ...given, realPaths: new RealPaths() };
  try {
    if (tool === "Bash") return await evaluateBash(rules, input, context);
    return evaluation(decideTool(rules, tool, input, context));
  } catch (error) {
    const message = t("evaluationFailed", { message: errorMessage(error) });
    return { verdict: { decision: "ask", reason: message }, rules: [], error: message };
  }
}

async function evaluateBash(rules: readonly Rule[], input: Record<string, unknown>, context: EvaluationContext & PathContext): Promise<Evaluation> {
  const command = input.command;
  if (typeof command !== "string") return evaluation({ decision: "ask", rules: [], reason: t("noCommand") });
  const analysis = await analyseBash(command, context);
  const decided = decideBash(analysis, rules, context);
  const result = decided.decision === "ask" ? { ...evaluation(decided), uncovered: uncoveredParts(analysis, rules, context) } : evaluation(decided);
  return context.report === false ? result : { ...result, bash: report(analysis) };
}

function report(analysis: BashAnalysis): BashReport {
  return {
    commands: analysis.commands.map(describeCommand),
    redirects: analysis.writes.map((write) => write.target),
    substitutions: analysis.substitutions.map((finding) => finding.text),
    uncertain: analysis.uncertain.map((finding) => t(`finding-${finding.code}`, { text: finding.text })),
  };
}

function evaluation(decided: Decided): Evaluation {
  const used = decided.rules.map((rule) => ({ rule: rule.text, source: rule.source }));
  const verdict: Verdict = { decision: decided.decision };
  if (used.length > 0) {
    verdict.rule = [...new Set(used.map((entry) => entry.rule))].join(", ");
    verdict.source = [...new Set(used.map((entry) => entry.source))].join(", ");
  }
  if (decided.reason !== undefined) verdict.reason = decided.reason;
  return { verdict, rules: used };
}

/**
 * Every tool but Bash: the rules that apply to the call, then deny > ask > allow. `restricts` says whether a
 * rule matches the call for a deny or an ask (any subject suffices); `allows`, for an allow (every subject
 * must be covered, by one rule or another).
 */
function decideTool(rules: readonly Rule[], tool: string, input: Record<string, unknown>, context: EvaluationContext & PathContext): Decided {
  const matcher = matcherFor(tool, input, context);
  const applicable = rules.filter((rule) => matcher.applies(rule));
  for (const kind of ["deny", "ask"] as const) {
    const rule = applicable.find((candidate) => candidate.kind === kind && matcher.restricts(candidate));
    if (rule) return { decision: kind, rules: [rule] };
  }
  const allowed = matcher.allows(applicable.filter((rule) => rule.kind === "allow"));
  return allowed.length > 0 ? { decision: "allow", rules: allowed } : { decision: "ask", rules: [], reason: t("noRule") };
}

interface Matcher {
  applies(rule: Rule): boolean;
  restricts(rule: Rule): boolean;
  /** The allow rules that together cover the call, or none. */
  allows(rules: Rule[]): Rule[];
}

function matcherFor(tool: string, input: Record<string, unknown>, context: EvaluationContext & PathContext): Matcher {
  const sameTool = (rule: Rule) => rule.tool === tool;
  if (PATH_TOOLS.has(tool)) {
    const subjects = pathSubjects(tool, input, context);
    const matches = (rule: Rule, target: string, mode: "allow" | "restrict") =>
      rule.pattern === undefined || pathRuleMatches(rule.pattern, target, context, mode);
    return {
      applies: sameTool,
      restricts: (rule) => rule.pattern === undefined || subjects.some((target) => matches(rule, target, "restrict")),
      allows(allow) {
        const whole = allow.find((rule) => rule.pattern === undefined);
        if (whole) return [whole];
        if (subjects.length === 0) return [];
        const used: Rule[] = [];
        for (const target of subjects) {
          const rule = allow.find((candidate) => matches(candidate, target, "allow"));
          if (!rule) return [];
          used.push(rule);
        }
        return [...new Set(used)];
      },
    };
  }
  if (tool === "WebFetch") {
    const host = typeof input.url === "string" ? hostOf(input.url) : undefined;
    const matches = (rule: Rule) => rule.pattern === undefined || (host !== undefined && domainRuleMatches(rule.pattern, host));
    return { applies: sameTool, restricts: matches, allows: (allow) => allow.filter(matches).slice(0, 1) };
  }
  const mcp = mcpToolParts(tool);
  const values = stringValues(input);
  const primary = primaryValue(input, context.inputSchema, tool === "Skill" ? ["name", "skill", "skill_name"] : []);
  // A text pattern: deny and ask look at every text value, allow only at the primary one.
  const textMatches = (rule: Rule, subjects: readonly string[]) =>
    rule.pattern === undefined || subjects.some((value) => wildcardMatches(rule.pattern as string, value));
  const mcpMatches = (rule: Rule) => {
    const pattern = rule.pattern === undefined ? undefined : parseMcpPattern(rule.pattern);
    return mcp !== undefined && pattern !== undefined && mcpPatternMatches(pattern, mcp.server, mcp.tool);
  };
  return {
    applies: (rule) => sameTool(rule) || (mcp !== undefined && rule.tool === "Mcp"),
    restricts: (rule) => (rule.tool === "Mcp" ? mcpMatches(rule) : textMatches(rule, values)),
    allows: (allow) =>
      allow.filter((rule) => (rule.tool === "Mcp" ? mcpMatches(rule) : textMatches(rule, primary === undefined ? [] : [primary]))).slice(0, 1),
  };
}

/** The paths a path tool touches, absolute. Glob's pattern counts too when it climbs out (`../../etc/*`). */
function pathSubjects(tool: string, input: Record<string, unknown>, context: EvaluationContext): string[] {
  const given = pathInputOf(input);
  const subjects: string[] = [];
  if (given !== undefined) subjects.push(resolveSubject(given, context));
  else if (tool === "Glob" || tool === "Grep") subjects.push(resolveSubject(".", context));
  if (tool === "Glob" && typeof input.pattern === "string") {
    const base = staticPrefix(input.pattern);
    if (base !== "" && (path.isAbsolute(base) || base.startsWith("~") || base.split("/").includes(".."))) {
      const root = path.isAbsolute(base) || base.startsWith("~") ? base : path.join(given ?? ".", base);
      subjects.push(resolveSubject(root, context));
    }
  }
  return subjects;
}

/** The folders of a glob before its first magic segment: `../../etc/*.conf` → `../../etc`. */
function staticPrefix(pattern: string): string {
  const segments = pattern.split("/");
  const fixed: string[] = [];
  for (const segment of segments) {
    if (/[*?[\]{}()!]/.test(segment)) break;
    fixed.push(segment);
  }
  if (fixed.length === segments.length) fixed.pop();
  return fixed.join("/") || (pattern.startsWith("/") ? "/" : "");
}

/** The input's text values; numbers and booleans count as their text (`Addition(5)` matches `{ a: 5 }`, seed § 10.3). */
function stringValues(input: Record<string, unknown>): string[] {
  return Object.values(input).map(asText).filter((value): value is string => value !== undefined);
}

function asText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return undefined;
}

/** The value an allow rule of another tool looks at: a known key, else the first text property of the schema. */
function primaryValue(input: Record<string, unknown>, schema: JsonSchema | undefined, preferred: readonly string[]): string | undefined {
  for (const key of preferred) if (typeof input[key] === "string") return input[key];
  const properties = schema?.properties;
  if (properties && typeof properties === "object") {
    for (const key of Object.keys(properties)) {
      const text = asText(input[key]);
      if (text !== undefined) return text;
    }
  }
  return stringValues(input)[0];
}
