import path from "node:path";
import type { JsonSchema, Verdict } from "@maia/kernel";
import { pathInputOf, resolveToolPath } from "@maia/util";

/**
 * What working out a narrow rule needs of the rules in force: the verdict a call would get, with the simple
 * commands a Bash command is made of (the permissions plugin's `evaluate`, or a stand-in in tests).
 */
export interface CallEvaluator {
  evaluate(tool: string, input: Record<string, unknown>): Promise<{ verdict: Verdict; bash?: { commands: string[] } }>;
}

export interface NarrowRules {
  /** The rules to write, in call order, without duplicates. */
  rules: string[];
  /** Parts of the call no rule can name exactly (a command holding `*`): nothing is written for them. */
  inexact: string[];
  /** Why nothing could be worked out (a Bash command the permissions plugin could not analyse). */
  problem?: string;
}

export interface CallToRemember {
  name: string;
  input: Record<string, unknown>;
  inputSchema?: JsonSchema;
}

const PATH_TOOLS = new Set(["Read", "Write", "Edit", "Glob", "Grep"]);

/**
 * The narrowest rules that cover (allow) or refuse (deny) this call next time, never a broader pattern: a
 * Bash command is named exactly, one rule per simple command of a compound command that is not already
 * covered by an allow rule (`ls && rm -rf x` with `ls` allowed gives `Bash(rm -rf x)`); a path tool names its
 * exact path (glob characters escaped); WebFetch its exact host; any other tool the exact value rules look at.
 * `*` is the only special character of Bash and text patterns and cannot be escaped (seed § 9.3): a part that
 * contains one gets no rule.
 */
export async function narrowRules(
  call: CallToRemember,
  list: "allow" | "deny",
  context: { cwd: string; homeDir: string; permissions: CallEvaluator },
): Promise<NarrowRules> {
  if (call.name === "Bash") return bashRules(call.input, list, context.permissions);
  if (PATH_TOOLS.has(call.name)) {
    const subject = pathSubject(call.name, call.input);
    // A rule's pattern is trimmed when read: a path with spaces at either end cannot be named exactly.
    if (subject === "" || subject !== subject.trim() || subject.includes("\n")) return { rules: [], inexact: [subject] };
    return { rules: [`${call.name}(${pathPattern(subject, context)})`], inexact: [] };
  }
  if (call.name === "WebFetch") {
    const host = typeof call.input.url === "string" ? hostOf(call.input.url) : undefined;
    return host === undefined || host.includes("*") ? { rules: [], inexact: [String(call.input.url ?? "")] } : { rules: [`WebFetch(domain:${host})`], inexact: [] };
  }
  const value = primaryValue(call);
  if (value === undefined) return { rules: [call.name], inexact: [] };
  if (value.includes("*") || value.trim() === "" || value !== value.trim()) return { rules: [], inexact: [value] };
  return { rules: [`${call.name}(${value})`], inexact: [] };
}

async function bashRules(input: Record<string, unknown>, list: "allow" | "deny", permissions: CallEvaluator): Promise<NarrowRules> {
  const command = typeof input.command === "string" ? input.command : "";
  if (command.trim() === "") return { rules: [], inexact: [command] };
  const whole = await permissions.evaluate("Bash", { command });
  // Without the plugin's analysis the simple commands are unknown; the whole text would not be a narrow rule.
  if (!whole.bash) return { rules: [], inexact: [], problem: whole.verdict.reason ?? command };
  const parts = whole.bash.commands.filter((part) => part.trim() !== "");
  const rules: string[] = [];
  const inexact: string[] = [];
  for (const part of parts) {
    const decision = (await permissions.evaluate("Bash", { command: part })).verdict.decision;
    // Already covered: an allowed part needs no rule either way; a part already denied needs no second deny.
    if (decision === "allow" || (list === "deny" && decision === "deny")) continue;
    if (part.includes("*") || part !== part.trim() || part.includes("\n")) inexact.push(part);
    else rules.push(`Bash(${part})`);
  }
  return { rules: [...new Set(rules)], inexact };
}

/** The path a path tool's rules look at: its `path`, or the launch folder for Glob and Grep without one. */
function pathSubject(tool: string, input: Record<string, unknown>): string {
  const given = pathInputOf(input);
  return given ?? (tool === "Glob" || tool === "Grep" ? "." : "");
}

/**
 * A path as a rule pattern that matches it and nothing else: relative to the launch folder when inside it,
 * absolute otherwise, with picomatch's special characters escaped.
 */
export function pathPattern(subject: string, context: { cwd: string; homeDir: string }): string {
  const absolute = resolveToolPath(subject, context.cwd, context.homeDir);
  const relative = path.relative(context.cwd, absolute);
  const inside = relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
  const shown = relative === "" ? "." : inside ? relative.split(path.sep).join("/") : absolute;
  return escapeGlob(shown);
}

/**
 * picomatch's escapes: a backslash before a special character; a backslash itself goes in a bracket class,
 * `[\\]` (picomatch reads a run of escaped backslashes as one).
 */
export function escapeGlob(text: string): string {
  return [...text].map((char) => (char === "\\" ? "[\\\\]" : "*?[]{}()!+@".includes(char) ? `\\${char}` : char)).join("");
}

function hostOf(url: string): string | undefined {
  try {
    const host = new URL(url.trim()).hostname.toLowerCase().replace(/\.$/, "");
    return host === "" ? undefined : host;
  } catch {
    return undefined;
  }
}

/** The value an allow rule of another tool looks at, as the permissions plugin picks it (seed § 9.3). */
function primaryValue(call: CallToRemember): string | undefined {
  const { input } = call;
  const preferred = call.name === "Skill" ? ["name", "skill", "skill_name"] : [];
  for (const key of preferred) if (typeof input[key] === "string") return input[key];
  const properties = call.inputSchema?.properties;
  if (properties && typeof properties === "object") {
    for (const key of Object.keys(properties)) if (typeof input[key] === "string") return input[key];
  }
  return Object.values(input).find((value): value is string => typeof value === "string");
}
