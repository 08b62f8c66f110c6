import os from "node:os";
import path from "node:path";
import type { ToolUseBlock, Verdict } from "@maia/kernel";
import type { AgentDefinition } from "../agent-definition.ts";

/**
 * The `ask` and `deny` rules of a definition, applied in the sub-agent's process on top of the inherited ones
 * (seed § 20.3.1: a union; an inherited deny or ask is never lifted, because a verdict only gets stricter along
 * `checkPermission`). Its `allow` rules go to the permissions plugin with the run's `--allow` rules, which uses
 * its real evaluator for them.
 *
 * Until the permissions plugin accepts extra ask/deny rules (see the README section), this matcher decides
 * whether one of them concerns a call. It leans on the strict side wherever it is unsure — a pattern is tried on
 * the whole Bash command and on each piece between operators, a path rule also covers what is below its folder —
 * so it can only ask or refuse more often than the evaluator would, never less.
 */
export function agentVerdict(
  permissions: Pick<AgentDefinition["permissions"], "ask" | "deny">,
  call: Pick<ToolUseBlock, "name" | "input">,
  where: { cwd: string; homeDir?: string },
): Verdict | undefined {
  for (const decision of ["deny", "ask"] as const) {
    const rule = permissions[decision].find((text) => ruleConcerns(text, call, where));
    if (rule !== undefined) return { decision, rule, source: "AGENT.md" };
  }
  return undefined;
}

export function ruleConcerns(rule: string, call: Pick<ToolUseBlock, "name" | "input">, where: { cwd: string; homeDir?: string }): boolean {
  const open = rule.indexOf("(");
  const tool = (open === -1 ? rule : rule.slice(0, open)).trim();
  if (tool !== call.name) return false;
  if (open === -1) return true;
  const pattern = rule.slice(open + 1, rule.lastIndexOf(")")).trim();
  if (pattern === "" || pattern === "*") return true;
  const input = call.input;
  if (call.name === "Bash") {
    const command = typeof input.command === "string" ? input.command : "";
    return bashPieces(command).some((piece) => wildcardMatches(pattern, piece));
  }
  if (["Read", "Write", "Edit", "Glob", "Grep"].includes(call.name)) {
    const given = ["path", "file_path", "filePath"].map((key) => input[key]).find((value): value is string => typeof value === "string");
    const subject = resolvePath(given ?? ".", where);
    return pathMatches(resolvePath(pattern, where), subject);
  }
  if (call.name === "WebFetch" && pattern.startsWith("domain:")) {
    const host = hostOf(input.url);
    return host !== undefined && wildcardMatches(pattern.slice("domain:".length).toLowerCase(), host);
  }
  return Object.values(input).some((value) => typeof value === "string" && wildcardMatches(pattern, value));
}

/** The whole command, and each piece between shell operators, substitutions and groups. */
export function bashPieces(command: string): string[] {
  const pieces = command
    .split(/&&|\|\||[;|&\n()`]|\$\(/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== "");
  return [command.trim(), ...pieces];
}

/** `*` is any text; `cmd *` also covers `cmd` alone (seed § 9.3). */
export function wildcardMatches(pattern: string, value: string): boolean {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*");
  if (new RegExp(`^${source}$`).test(value)) return true;
  return pattern.endsWith(" *") && value === pattern.slice(0, -2);
}

function resolvePath(value: string, where: { cwd: string; homeDir?: string }): string {
  const home = where.homeDir ?? os.homedir();
  if (value === "~") return home;
  if (value.startsWith("~/")) return path.join(home, value.slice(2));
  return path.resolve(where.cwd, value);
}

/** A glob (`**` any depth, `*` and `?` within a segment), or a folder and everything below it. */
function pathMatches(pattern: string, subject: string): boolean {
  if (subject === pattern || subject.startsWith(`${pattern.replace(/\/+$/, "")}/`)) return true;
  let source = "";
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] ?? "";
    if (char === "*" && pattern[index + 1] === "*") {
      source += "[\\s\\S]*";
      index += 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}(?:/[\\s\\S]*)?$`).test(subject);
}

function hostOf(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
