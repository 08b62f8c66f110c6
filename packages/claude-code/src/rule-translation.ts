import { t } from "./messages.ts";
import { claudePathPattern, type PathRuleKind } from "./path-rule.ts";
import { MAIA_TOOLS, mapToolName } from "./tool-names.ts";

/**
 * A permission rule of a Claude Code settings file, read as Claude Code reads it (its permissions page), written
 * as the MAIA rules that mean the same thing. The one rule of this file: never wider. When a rule cannot be said
 * exactly in MAIA, an allow is narrowed or dropped and a deny or an ask is widened or kept as an ask, and the
 * rule gets a `warning` the plugin shows with the file and the line. A rule about a tool MAIA does not have
 * changes nothing (there is nothing to allow or refuse): it gets a `note`, which `maia doctor` shows.
 *
 * | Claude Code                          | MAIA                                                                 |
 * | ------------------------------------ | -------------------------------------------------------------------- |
 * | `Bash`, `Bash(*)`                    | `Bash`                                                               |
 * | `Bash(npm run test:*)`, `Bash(git *)`| the same text (MAIA reads `:*` and `*` as Claude Code does)          |
 * | `Read(p)`                            | `Read`, `Glob`, `Grep` on the path (and, for deny, `Edit` and `Write`: a Read deny blocks them there) |
 * | `Edit(p)`                            | `Edit`, `Write`, `Redirect` (and, for allow, read access: `Read`, `Glob`, `Grep`) |
 * | `Write(p)`, `Glob(p)`, `NotebookEdit(p)`… | dropped with a warning, as Claude Code never consults them      |
 * | `WebFetch(domain:h)`                 | the same; a `*` inside a label of an allow is dropped (MAIA's `*` crosses dots) |
 * | `mcp__s`, `mcp__s__*`, `mcp__s__t`   | `Mcp(s)`, `Mcp(s)`, `Mcp(s,t)`                                       |
 * | `Agent(x)`, `Task(x)`                | `Agent(x)`                                                           |
 * | `Tool(param:value)` (deny, ask)      | dropped: MAIA's tools have none of those parameters, the rule never applies |
 */
export type RuleKind = PathRuleKind;

export interface MaiaRule {
  kind: RuleKind;
  text: string;
}

export interface TranslatedRule {
  rules: MaiaRule[];
  /** What MAIA cannot honour exactly, and what it does instead (a WARN, with the file, line and rule). */
  warning?: string;
  /** Why the rule changes nothing in MAIA when that loses nothing (a tool MAIA does not have): for `maia doctor`. */
  note?: string;
}

/** Input parameters Claude Code lets deny and ask rules match (`Tool(param:value)`), per tool: none exists in MAIA's tools. */
const PARAMETERS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  Bash: ["timeout", "description", "run_in_background", "dangerouslyDisableSandbox"],
  Agent: ["model", "isolation", "subagent_type", "run_in_background", "description", "name", "prompt"],
  Read: ["offset", "limit", "pages"],
  Grep: ["output_mode", "glob", "type", "multiline", "head_limit", "-i", "-n", "-A", "-B", "-C"],
  Glob: ["pattern"],
  Edit: ["replace_all", "old_string", "new_string"],
  Write: ["content"],
  WebFetch: ["prompt"],
}));

/** The primary field of a tool, which Claude Code refuses to match as a parameter (`Bash(command:rm *)`). */
const PRIMARY: ReadonlyMap<string, string> = new Map(Object.entries({ Bash: "command", Read: "file_path", Edit: "file_path", Write: "file_path", Grep: "path", Glob: "path", WebFetch: "url" }));

const READ_TOOLS = ["Read", "Glob", "Grep"];
const EDIT_TOOLS = ["Edit", "Write", "Redirect"];

export function translateClaudeRule(text: string, kind: RuleKind, anchor: string): TranslatedRule {
  const rule = text.trim();
  const open = rule.indexOf("(");
  const name = (open === -1 ? rule : rule.slice(0, open)).trim();
  let specifier: string | undefined;
  if (open !== -1) {
    if (!rule.endsWith(")")) return { rules: [], warning: t("ruleUnclosed") };
    specifier = rule.slice(open + 1, -1).trim();
  }
  if (name === "") return { rules: [], warning: t("ruleNoTool") };
  const mapped = mapToolName(name);
  // A `*` in the tool's name: a glob, unless it is in the tool part of `mcp__<server>__<tool>`.
  if (name.includes("*") && mapped.kind !== "mcpServer" && mapped.kind !== "mcpTool") return toolGlob(name, kind, specifier);
  const same = (tool: string, pattern?: string): TranslatedRule => ({ rules: [{ kind, text: pattern === undefined ? tool : `${tool}(${pattern})` }] });
  // `Bash(*)` is `Bash` (its permissions page), and so for the tools whose specifier is a name; for a path tool `*`
  // is a gitignore pattern (every file under the launch folder), and WebFetch's specifier is `domain:…`.
  if (specifier === "*" && mapped.kind === "tool" && !["Read", "Edit", "Write", "Glob", "Grep", "WebFetch"].includes(mapped.maia)) specifier = undefined;

  if (mapped.kind === "missing") return { rules: [], note: t("noteMissingTool", { tool: name }) };
  if (mapped.kind === "mcpServer" || mapped.kind === "mcpTool") {
    if (specifier !== undefined) {
      // MCP rules take no specifier in Claude Code; MAIA's older `mcp__s__t(value)` form matches text values.
      if (kind === "allow") return { rules: [], warning: t("ruleMcpSpecifier") };
      return { rules: [{ kind, text: mcpRule(mapped) }], warning: t("ruleMcpSpecifierWidened") };
    }
    return { rules: [{ kind, text: mcpRule(mapped) }] };
  }
  if (mapped.kind === "unknown") return same(name, specifier);

  const tool = mapped.maia;
  const parameter = specifier === undefined ? undefined : parameterOf(name, tool, specifier);
  if (parameter === "primary") return { rules: [], warning: t("rulePrimaryParameter", { tool: name, field: PRIMARY.get(name) ?? PRIMARY.get(tool) ?? "" }) };
  if (parameter !== undefined && kind !== "allow") return { rules: [], warning: t("ruleParameter", { tool, parameter }) };

  switch (tool) {
    case "Read":
    case "Edit":
      return pathRule(name, tool, kind, specifier, anchor);
    case "Write":
    case "Glob":
    case "Grep":
      // Claude Code checks paths against Read and Edit rules only: a path rule of these tools is never consulted.
      return specifier === undefined ? same(tool) : { rules: [], warning: t("ruleNeverConsulted", { tool: name, instead: tool === "Write" ? "Edit" : "Read" }) };
    case "WebFetch":
      return webFetchRule(kind, specifier);
    default:
      return same(tool, specifier);
  }
}

/** `param:value` for a parameter Claude Code lets rules match, "primary" for the field it refuses, else undefined. */
function parameterOf(name: string, tool: string, specifier: string): string | "primary" | undefined {
  const match = /^([A-Za-z_-][A-Za-z0-9_-]*)\s*:/.exec(specifier);
  const parameter = match?.[1];
  if (parameter === undefined) return undefined;
  // `Bash(npm:*)` is the legacy prefix form, not a parameter named npm.
  if (tool === "Bash" && /^[^:]*:\*$/.test(specifier) && !(PARAMETERS.get("Bash") ?? []).includes(parameter)) return undefined;
  if (parameter === (PRIMARY.get(name) ?? PRIMARY.get(tool))) return "primary";
  return (PARAMETERS.get(tool) ?? []).includes(parameter) ? parameter : undefined;
}

function pathRule(name: string, tool: "Read" | "Edit", kind: RuleKind, specifier: string | undefined, anchor: string): TranslatedRule {
  let tools: string[];
  if (tool === "Read") tools = kind === "deny" ? [...READ_TOOLS, "Edit", "Write"] : READ_TOOLS;
  else tools = kind === "allow" ? [...EDIT_TOOLS, ...READ_TOOLS] : EDIT_TOOLS;
  if (specifier === undefined) return { rules: tools.map((each) => ({ kind, text: each })) };
  const path = claudePathPattern(specifier, kind, anchor);
  if (!path.ok) {
    // A deny or an ask that cannot be read is kept as an ask of the whole tool: never looser than written.
    if (kind === "allow") return { rules: [], warning: t("rulePathUnreadable", { problem: t(`path-${path.problem}`) }) };
    return { rules: tools.map((each) => ({ kind: "ask" as const, text: each })), warning: t("rulePathKeptAsAsk", { problem: t(`path-${path.problem}`), tool: name }) };
  }
  // gitignore: a pattern that matches a folder covers everything under it. A deny or an ask says so too; an allow
  // stays on the path itself (narrower, never wider).
  const patterns = kind === "allow" || path.pattern.endsWith("/**") ? [path.pattern] : [path.pattern, `${path.pattern}/**`];
  return { rules: tools.flatMap((each) => patterns.map((pattern) => ({ kind, text: `${each}(${allowedPath(each, kind, pattern)})` }))) };
}

/**
 * gitignore's `a/**` is what is inside `a`, never `a` itself, where picomatch's also matches `a`: an allow for a
 * tool that reads or writes the path itself gets one more `/*` segment. Glob and Grep keep `a/**`: searching `a`
 * reads only what is inside it.
 */
function allowedPath(tool: string, kind: RuleKind, pattern: string): string {
  if (kind !== "allow" || !pattern.endsWith("/**") || tool === "Glob" || tool === "Grep") return pattern;
  return `${pattern}/*`;
}

function webFetchRule(kind: RuleKind, specifier: string | undefined): TranslatedRule {
  if (specifier === undefined) return { rules: [{ kind, text: "WebFetch" }] };
  const host = /^domain:(.*)$/.exec(specifier)?.[1]?.trim();
  if (host === undefined || host === "") {
    if (kind === "allow") return { rules: [], warning: t("ruleWebFetchForm") };
    return { rules: [{ kind: "ask", text: "WebFetch" }], warning: t("ruleWebFetchKeptAsAsk") };
  }
  if (host === "*") return { rules: [{ kind, text: "WebFetch" }] };
  // Claude Code's `*` stays within one label except a leading `*.`; MAIA's crosses dots: wider, so only for deny and ask.
  const inner = host.replace(/^\*\./, "");
  if (inner.includes("*") && kind === "allow") return { rules: [], warning: t("ruleWebFetchLabelWildcard", { host }) };
  return { rules: [{ kind, text: `WebFetch(domain:${host})` }] };
}

function mcpRule(mapped: { kind: "mcpServer"; server: string } | { kind: "mcpTool"; server: string; tool: string }): string {
  return mapped.kind === "mcpServer" ? `Mcp(${mapped.server})` : `Mcp(${mapped.server},${mapped.tool})`;
}

/**
 * A tool-name glob (`*`, `mcp__*`, `B*`). Claude Code accepts it in deny and ask rules only, and in an allow only
 * after a literal `mcp__<server>__` (an MCP rule, handled before).
 */
function toolGlob(name: string, kind: RuleKind, specifier: string | undefined): TranslatedRule {
  if (kind === "allow") return { rules: [], warning: t("ruleAllowGlob") };
  if (specifier !== undefined) return { rules: [], warning: t("ruleGlobSpecifier") };
  const matcher = new RegExp(`^${name.split("*").map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&")).join(".*")}$`);
  const rules: MaiaRule[] = MAIA_TOOLS.filter((tool) => matcher.test(tool)).map((tool) => ({ kind, text: tool }));
  if (matcher.test("Redirect") || matcher.test("Write")) rules.push({ kind, text: "Redirect" });
  const coversMcp = matcher.test("mcp__a__b") || name.startsWith("mcp__");
  if (coversMcp) rules.push({ kind, text: "Mcp(*)" });
  // `mcp__*` is every MCP tool, exactly `Mcp(*)`; any other glob is read over MAIA's own tools, never a custom one.
  if (name === "mcp__*") return { rules };
  return { rules, warning: t("ruleToolGlob", { tools: rules.map((rule) => rule.text).join(", ") || t("none") }) };
}
