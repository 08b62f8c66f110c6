/** Seed § 20.1b: the longest name an agent may have. */
export const MAX_AGENT_NAME_LENGTH = 64;

/** Letters, digits, `_`, `.` and `-` (seed § 20.1): a name that is also a safe folder name on every system. */
const AGENT_NAME = /^[\p{L}\p{N}_.-]+$/u;

export type AgentNameProblem = "empty" | "tooLong" | "leadingDot" | "characters";

/**
 * Why a name cannot be an agent's (seed § 20.1b, validateAgentName), or undefined when it can. A leading dot is
 * refused: it would make a hidden folder, and `.` / `..` are not folders one can create.
 */
export function agentNameProblem(name: string): AgentNameProblem | undefined {
  if (name === "") return "empty";
  if ([...name].length > MAX_AGENT_NAME_LENGTH) return "tooLong";
  if (name.startsWith(".")) return "leadingDot";
  if (!AGENT_NAME.test(name)) return "characters";
  return undefined;
}
