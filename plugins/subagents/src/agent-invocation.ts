/**
 * Seed § 20.3b, parseAgentInvocation: only an input that starts with `&`. `&name task` and `& name task` run
 * the agent `name` with `task` (everything after the name, trimmed, line breaks kept); `&` alone lists the
 * agents. Pure; never throws.
 */
export type AgentInvocation = { kind: "list" } | { kind: "run"; name: string; task: string } | { kind: "none" };

export function parseAgentInvocation(input: string): AgentInvocation {
  if (!input.startsWith("&")) return { kind: "none" };
  const rest = input.slice(1).replace(/^\s+/, "");
  if (rest === "") return { kind: "list" };
  const match = /^(\S+)(?:\s+([\s\S]*))?$/.exec(rest);
  const name = match?.[1] ?? rest;
  return { kind: "run", name, task: (match?.[2] ?? "").trim() };
}
