import { closest } from "@maia/util";
import { parseMcpPattern } from "@maia/permission-rules";
import { t } from "./messages.ts";
import { pathPatternProblem } from "./path-rules.ts";

/**
 * Rule syntax (seed § 9.1): `Tool` or `Tool(pattern)`, `Tool` made of `[A-Za-z0-9_.-]+`. Each tool's
 * pattern is checked too (a WebFetch rule needs `domain:`, an MCP rule a server key…), so that a mistake is a
 * warning naming the rule at start-up instead of a rule that silently never matches.
 */
export type RuleKind = "allow" | "ask" | "deny";

export const RULE_KINDS: readonly RuleKind[] = ["deny", "ask", "allow"];

export interface Rule {
  kind: RuleKind;
  /** The tool the rule is about, spelled as MAIA names it (`Bash`, `Read`, `Redirect`, `Mcp`, `mcp__k__t`…). */
  tool: string;
  /** Undefined: every call of the tool. */
  pattern: string | undefined;
  /** The rule as written, for messages. */
  text: string;
  /** The file the rule comes from, or `--allow`. */
  source: string;
  /** A Claude Code rule translated into this one (rule-translation of @maia/claude-code): the rule as written there. */
  written?: string;
  /** The list it was written in there (a deny that could not be read exactly is kept as an ask). */
  writtenKind?: RuleKind;
  /** The line of the rule in its file, when known (Claude Code files). */
  line?: number;
}

/** Tools whose rules MAIA knows how to read; a rule on any other name applies to that tool's text values. */
export const PATH_TOOLS = new Set(["Read", "Write", "Edit", "Glob", "Grep"]);
export const KNOWN_TOOLS = [
  "Read",
  "Write",
  "Edit",
  "Glob",
  "Grep",
  "Bash",
  "BashOutput",
  "KillShell",
  "TodoWrite",
  "WebFetch",
  "CurrentModel",
  "Skill",
  "ToolSearch",
  "Agent",
  "Redirect",
  "Mcp",
] as const;

const TOOL_NAME = /^[A-Za-z0-9_.-]+$/;

export type ParsedRule =
  | { ok: true; tool: string; pattern: string | undefined; warning?: string }
  | { ok: false; problem: string };

/** Reads one rule; `problem` says what is wrong in words a user can act on. */
export function parseRule(text: string): ParsedRule {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, problem: t("ruleEmpty") };
  const open = trimmed.indexOf("(");
  let tool = open === -1 ? trimmed : trimmed.slice(0, open);
  let pattern: string | undefined;
  if (open !== -1) {
    if (!trimmed.endsWith(")")) return { ok: false, problem: t("ruleUnclosed") };
    pattern = trimmed.slice(open + 1, -1).trim();
    if (pattern === "") return { ok: false, problem: t("ruleEmptyPattern", { tool }) };
  }
  if (!TOOL_NAME.test(tool)) return { ok: false, problem: t("ruleBadToolName", { tool }) };

  let warning: string | undefined;
  if (!(KNOWN_TOOLS as readonly string[]).includes(tool)) {
    // `bash(rm *)` is surely Bash: apply it (a deny the user believes in must not be dropped) and say so.
    const sameLetters = KNOWN_TOOLS.find((known) => known.toLowerCase() === tool.toLowerCase());
    const guess = sameLetters ?? closest(tool, KNOWN_TOOLS);
    if (sameLetters) {
      warning = t("ruleToolCase", { tool, known: sameLetters });
      tool = sameLetters;
    } else if (guess && !tool.startsWith("mcp__")) {
      warning = t("ruleToolUnknown", { tool, guess });
    }
  }
  if (pattern !== undefined) {
    const problem = patternProblem(tool, pattern);
    if (problem) return { ok: false, problem };
  }
  return warning ? { ok: true, tool, pattern, warning } : { ok: true, tool, pattern };
}

function patternProblem(tool: string, pattern: string): string | undefined {
  if (pattern.includes("\0")) return t("rulePatternNul");
  if (tool === "WebFetch") {
    const host = /^domain:(.+)$/.exec(pattern)?.[1]?.trim();
    if (host === undefined) return t("ruleWebFetchForm");
    if (!/^[\p{L}\p{N}*._-]+$/u.test(host)) return t("ruleWebFetchHost", { host });
    return undefined;
  }
  if (tool === "Mcp") return parseMcpPattern(pattern) ? undefined : t("ruleMcpForm");
  if (PATH_TOOLS.has(tool) || tool === "Redirect") {
    const problem = pathPatternProblem(pattern);
    return problem ? t("rulePathPattern", { problem }) : undefined;
  }
  return undefined;
}

/** Reads a list of rules of one kind from one source: the rules, and a warning per rule left out. */
export function readRules(texts: readonly string[], kind: RuleKind, source: string): { rules: Rule[]; warnings: string[] } {
  const rules: Rule[] = [];
  const warnings: string[] = [];
  for (const text of texts) {
    const parsed = parseRule(text);
    if (!parsed.ok) {
      warnings.push(t("ruleIgnored", { file: source, kind, rule: text, problem: parsed.problem }));
      continue;
    }
    if (parsed.warning) warnings.push(t("ruleWarning", { file: source, kind, rule: text, problem: parsed.warning }));
    rules.push({ kind, tool: parsed.tool, pattern: parsed.pattern, text: text.trim(), source });
  }
  return { rules, warnings };
}
