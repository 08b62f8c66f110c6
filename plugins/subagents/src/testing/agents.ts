import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export { tempFolder } from "@maia/testing-maia";

export interface AgentFileOptions {
  description?: string;
  header?: string;
  instructions?: string;
  missions?: string;
  constraints?: string;
  output?: string;
}

/** An AGENT.md as a user writes it. */
export function agentFile(name: string, options: AgentFileOptions = {}): string {
  const constraints = options.constraints === undefined ? "" : `# Constraints\n${options.constraints}\n\n`;
  return [
    "---",
    `name: ${name}`,
    `description: ${options.description ?? `The ${name} agent`}`,
    ...(options.header ? [options.header] : []),
    "---",
    "",
    `# Instructions system\n${options.instructions ?? `You are ${name}.`}\n`,
    `# Missions\n${options.missions ?? "Do the task."}\n`,
    `${constraints}# Output\n${options.output ?? "One short paragraph."}\n`,
  ].join("\n");
}

/** Writes `<root>/<name>/AGENT.md` (root: a `.maia/agents` folder); returns the file. */
export async function writeAgent(root: string, name: string, content = agentFile(name)): Promise<string> {
  await mkdir(path.join(root, name), { recursive: true });
  const file = path.join(root, name, "AGENT.md");
  await writeFile(file, content);
  return file;
}

export const projectAgents = (cwd: string) => path.join(cwd, ".maia", "agents");
export const userAgents = (home: string) => path.join(home, ".maia", "agents");

/**
 * MAIA's entry in this source tree: Node 24 runs it as it is (type stripping), so a sub-agent's process started
 * from a test is the real `maia --subagent` without a build.
 */
export const CLI_SOURCE = fileURLToPath(new URL("../../../../cli/src/main.ts", import.meta.url));

/** What a test's chat answer function reads of a request: whether a sub-agent sent it, and its messages. */
export interface ChatRequest {
  messages?: Array<{ role: string; content?: unknown }>;
}

/** The system prompt of a chat request, or "". */
export function systemOf(body: ChatRequest): string {
  const first = body.messages?.[0];
  return first?.role === "system" && typeof first.content === "string" ? first.content : "";
}

/** The sub-agent that sent a request (from its system prompt), or undefined for the main agent. */
export function subAgentOf(body: ChatRequest): string | undefined {
  return /You are the sub-agent "([^"]+)"/.exec(systemOf(body))?.[1];
}

/** How many tool results a request carries: where the conversation is. */
export function toolResultsIn(body: ChatRequest): number {
  return (body.messages ?? []).filter((message) => message.role === "tool").length;
}
