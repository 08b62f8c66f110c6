import type { DiscoveredAgent } from "../protocol.ts";
import { findCommand } from "./find-command.ts";
import type { AgentDefinition } from "./hub-config.ts";
import { t } from "./messages.ts";
import type { MaiaCommand } from "./default-config.ts";

/** An ACP agent the hub knows how to start, with the arguments its own documentation gives for ACP mode. */
interface KnownAgent {
  id: string;
  title: string;
  icon: string;
  command: string;
  args: string[];
  description: "descriptionQwen" | "descriptionGemini" | "descriptionOpencode" | "descriptionClaude" | "descriptionCodex";
}

/**
 * Third-party agents by their documented ACP command lines: Qwen Code (`qwen --acp`), Gemini CLI
 * (`gemini --experimental-acp`), opencode (`opencode acp`), Zed's Claude Code adapter (`claude-code-acp`) and
 * its Codex adapter (`codex-acp`).
 */
const KNOWN: readonly KnownAgent[] = [
  { id: "qwen", title: "Qwen Code", icon: "🐉", command: "qwen", args: ["--acp"], description: "descriptionQwen" },
  { id: "gemini", title: "Gemini CLI", icon: "♊", command: "gemini", args: ["--experimental-acp"], description: "descriptionGemini" },
  { id: "opencode", title: "opencode", icon: "⌬", command: "opencode", args: ["acp"], description: "descriptionOpencode" },
  { id: "claude-code", title: "Claude Code", icon: "✳️", command: "claude-code-acp", args: [], description: "descriptionClaude" },
  { id: "codex", title: "Codex", icon: "◎", command: "codex-acp", args: [], description: "descriptionCodex" },
];

/**
 * `ConfigService.Discover()`: this MAIA (always there), then each known agent whose command is on the hub's PATH,
 * with where it was found and the agent of the configuration that already runs it, if any. Agents not found are
 * left out: the page offers what can start.
 */
export function discoverAgents(maia: MaiaCommand, searchPath: string | undefined, cwd: string, configured: readonly AgentDefinition[]): DiscoveredAgent[] {
  const same = (command: string, args: readonly string[], found: string) =>
    configured.find(
      (definition) =>
        (definition.command === command || definition.command === found) &&
        definition.args.length === args.length &&
        definition.args.every((arg, index) => arg === args[index]),
    )?.name ?? "";
  const found: DiscoveredAgent[] = [
    {
      id: "maia",
      title: "MAIA",
      description: t("descriptionMaia"),
      icon: "🤖",
      command: maia.command,
      args: maia.args,
      found: maia.command,
      configured: same(maia.command, maia.args, maia.command),
    },
  ];
  for (const known of KNOWN) {
    const lookup = findCommand(known.command, cwd, searchPath);
    if (!lookup.found) continue;
    found.push({
      id: known.id,
      title: known.title,
      description: t(known.description),
      icon: known.icon,
      command: known.command,
      args: [...known.args],
      found: lookup.path,
      configured: same(known.command, known.args, lookup.path),
    });
  }
  return found;
}
