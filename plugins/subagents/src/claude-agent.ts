import { mapToolName, resolveModelAlias } from "@maia/claude-code";
import type { DoctorIgnored } from "@maia/kernel";
import { describeFrontMatterProblem, readFrontMatter, type FrontMatterEntry } from "@maia/util/front-matter";
import type { AgentDefinition, AgentLevel, AgentPermissionMode } from "@maia/subagent-protocol";
import { agentNameProblem } from "./agent-name.ts";
import { t } from "./messages.ts";

/**
 * A Claude Code sub-agent file (`.claude/agents/*.md`, `~/.claude/agents/*.md`; its sub-agents page): a YAML header
 * (`name`, `description`, `tools`, `model`… — read again with plain values when it is not strict YAML, as Claude
 * Code does) and a body that is the whole system prompt. It becomes an AgentDefinition of format `claude`:
 *
 * - `tools` and `disallowedTools` (a comma list or a YAML list) are Claude Code's tool names, mapped to MAIA's
 *   (`mcp__server` is `Mcp(server)`); the tools MAIA does not have are named in one warning, the rest applies.
 * - `model`: an alias (`sonnet`, `opus`, `haiku`) goes through `modelAliases` of MAIA's settings; without an entry,
 *   and for `inherit`, the main model (said once, with the setting to add); a full id is looked up like any model.
 * - `maxTurns` bounds its model calls; without it, MAIA's `high` effort (50). `skills` are preloaded into its
 *   prompt. `permissionMode` default, acceptEdits and plan apply in its process.
 * - The keys MAIA does not use (`mcpServers`, `hooks`, `memory`, `isolation`, `background`, `color`, `effort` —
 *   a reasoning effort there —, `initialPrompt`) are left out: the first two with a warning (the agent would miss
 *   them), the others for `maia doctor`.
 *
 * A file without `name` is documentation kept beside the agents (Claude Code skips it too): not loaded, noted. A
 * plugin's agent is named `<plugin>:<name>` and its `permissionMode`, `hooks` and `mcpServers` are left out, as
 * Claude Code leaves them out of plugins' agents.
 */
export type ParsedClaudeAgent =
  | { ok: true; agent: AgentDefinition; warnings: string[]; became: string[]; ignored: DoctorIgnored[] }
  | { ok: false; warning?: string; ignored: DoctorIgnored[] };

export interface ClaudeAgentPlace {
  file: string;
  level: AgentLevel;
  /** `modelAliases` of MAIA's settings. */
  aliases: Readonly<Record<string, string>>;
  /**
   * A Claude Code plugin's agent: its name becomes `<namespace>:<name>`, as Claude Code shows it, and it may not
   * set `permissionMode`, `hooks` or `mcpServers` (Claude Code ignores them in plugins' agents, for safety).
   */
  plugin?: { id: string; namespace: string };
}

const MODES: Readonly<Record<string, AgentPermissionMode>> = { default: "default", manual: "default", acceptEdits: "acceptEdits", plan: "plan" };
/** Keys whose loss changes what the agent can do: said in a warning. */
const WARNED_KEYS = new Set(["mcpServers", "hooks"]);
const KNOWN_KEYS = ["name", "description", "tools", "disallowedTools", "model", "permissionMode", "maxTurns", "skills", "mcpServers", "hooks", "memory", "background", "effort", "isolation", "color", "initialPrompt"];

export function parseClaudeAgentFile(text: string, place: ClaudeAgentPlace): ParsedClaudeAgent {
  const { file } = place;
  const reject = (message: string, line?: number): ParsedClaudeAgent => ({
    ok: false,
    warning: t("fileProblem", { file, where: line === undefined ? "" : t("where", { line }), problem: message }),
    ignored: [{ item: "agent", reason: message, ...(line === undefined ? {} : { line }) }],
  });
  const header = readFrontMatter(text, { plainValueRetry: true });
  if (!header.ok) {
    // No header at all: a README or notes kept in the folder, as Claude Code reads it.
    if (header.problem.kind === "missing") return { ok: false, ignored: [{ item: "file", reason: t("claudeNoHeader") }] };
    return reject(describeFrontMatterProblem(header.problem, { keys: ["name", "description"] }), header.line);
  }
  const entry = (key: string) => header.entries.find((candidate) => candidate.key === key) ?? header.entries.find((candidate) => candidate.key.toLowerCase() === key.toLowerCase());
  const nameEntry = entry("name");
  const name = textOf(nameEntry);
  if (name === undefined || name === "") return { ok: false, ignored: [{ item: "file", reason: t("claudeNoName") }] };
  if (name.startsWith("-") || name.includes(":")) return reject(t("claudeBadName", { name }), nameEntry?.line);
  const nameProblem = agentNameProblem(name);
  if (nameProblem) return reject(t("badAgentName", { name, reason: t(`name-${nameProblem}`) }), nameEntry?.line);
  const { plugin } = place;
  const fullName = plugin ? `${plugin.namespace}:${name}` : name;
  const description = textOf(entry("description"));
  if (description === undefined || description === "") return reject(t("descriptionMissing"), entry("description")?.line);

  const warnings: string[] = [];
  const became: string[] = [`agent ${fullName}`];
  const ignored: DoctorIgnored[] = [];
  const ignore = (item: string, reason: string, line: number | undefined) => ignored.push({ item, reason, ...(line === undefined ? {} : { line }) });

  const missing: string[] = [];
  const toolsEntry = entry("tools");
  const tools = toolsEntry === undefined || toolsEntry.value === null ? undefined : readTools(toolsEntry, missing, ignore);
  const disallowedEntry = entry("disallowedTools");
  const disallowedTools = disallowedEntry === undefined || disallowedEntry.value === null ? undefined : readTools(disallowedEntry, [], ignore);
  if (missing.length > 0) {
    warnings.push(t("claudeMissingTools", { file, name: fullName, tools: missing.join(", ") }));
    for (const tool of missing) ignore(`tools: ${tool}`, t("claudeToolMissing"), toolsEntry?.line);
  }
  if (tools !== undefined) became.push(`tools ${tools.join(", ") || t("none")}`);
  if (disallowedTools !== undefined) became.push(`disallowedTools ${disallowedTools.join(", ")}`);

  let model: string | undefined;
  const modelEntry = entry("model");
  const written = textOf(modelEntry);
  if (written !== undefined && written !== "") {
    const resolved = resolveModelAlias(written, place.aliases);
    if (resolved.kind === "model") {
      model = resolved.model;
      became.push(resolved.alias === undefined ? `model ${model}` : `model ${resolved.alias} → ${model}`);
    } else if (resolved.kind === "noAlias") {
      warnings.push(t("claudeNoAlias", { file, name: fullName, alias: resolved.alias }));
      ignore(`model: ${resolved.alias}`, t("claudeNoAliasShort"), modelEntry?.line);
    }
  }

  let maxTurns: number | undefined;
  const turnsEntry = entry("maxTurns");
  if (turnsEntry !== undefined && turnsEntry.value !== null) {
    const value = typeof turnsEntry.value === "string" ? Number(turnsEntry.value.trim()) : turnsEntry.value;
    if (typeof value === "number" && Number.isInteger(value) && value > 0) {
      maxTurns = value;
      became.push(`maxTurns ${value}`);
    } else {
      warnings.push(t("fileProblemKept", { file, where: t("where", { line: turnsEntry.line }), problem: t("claudeBadMaxTurns", { value: turnsEntry.raw }) }));
      ignore(`maxTurns: ${turnsEntry.raw}`, t("claudeBadMaxTurns", { value: turnsEntry.raw }), turnsEntry.line);
    }
  }

  let permissionMode: AgentPermissionMode | undefined;
  const modeEntry = entry("permissionMode");
  const mode = textOf(modeEntry);
  if (mode !== undefined && mode !== "" && plugin) ignore(`permissionMode: ${mode}`, t("claudePluginKey"), modeEntry?.line);
  else if (mode !== undefined && mode !== "") {
    permissionMode = Object.hasOwn(MODES, mode) ? MODES[mode] : undefined;
    if (permissionMode !== undefined) became.push(`permissionMode ${permissionMode}`);
    else ignore(`permissionMode: ${mode}`, t("claudeModeMissing", { mode }), modeEntry?.line);
  }

  const skillsEntry = entry("skills");
  const preloadSkills = skillsEntry === undefined || skillsEntry.value === null ? undefined : listOf(skillsEntry);
  if (preloadSkills !== undefined) became.push(`skills ${preloadSkills.join(", ")}`);

  for (const other of header.entries) {
    const key = KNOWN_KEYS.find((known) => known.toLowerCase() === other.key.toLowerCase());
    if (key !== undefined && !["mcpServers", "hooks", "memory", "background", "effort", "isolation", "color", "initialPrompt"].includes(key)) continue;
    const reason = key === undefined ? t("claudeUnknownKey") : plugin && WARNED_KEYS.has(key) ? t("claudePluginKey") : t(`claudeKey-${key}` as "claudeKey-hooks");
    if (key !== undefined && WARNED_KEYS.has(key)) warnings.push(t("claudeKeyLeftOut", { file, name: fullName, key, reason }));
    ignore(`${other.key}`, reason, other.line);
  }
  if (header.plainValues) ignore(header.plainValues.join(", "), t("claudePlainValues"), undefined);

  const prompt = header.body.trim();
  const agent: AgentDefinition = {
    name: fullName,
    description,
    ...(model === undefined ? {} : { model }),
    ...(tools === undefined ? {} : { tools }),
    permissions: { allow: [], ask: [], deny: [] },
    effort: "high",
    omitMd: false,
    trace: false,
    instructions: "",
    missions: "",
    output: "",
    file,
    level: place.level,
    format: "claude",
    prompt: prompt === "" ? description : prompt,
    ...(disallowedTools === undefined ? {} : { disallowedTools }),
    ...(maxTurns === undefined ? {} : { maxTurns }),
    ...(preloadSkills === undefined ? {} : { preloadSkills }),
    ...(permissionMode === undefined ? {} : { permissionMode }),
    ...(plugin ? { plugin: plugin.id } : {}),
  };
  return { ok: true, agent, warnings, became, ignored };
}

/** A text value; numbers and booleans as written. */
function textOf(entry: FrontMatterEntry | undefined): string | undefined {
  if (entry === undefined || entry.value === null) return undefined;
  if (typeof entry.value === "string") return entry.value.trim();
  if (typeof entry.value === "number" || typeof entry.value === "boolean") return String(entry.value);
  return entry.raw;
}

/** A comma list (`Read, Grep`, `[Read, Grep]` read as text) or a YAML list; commas inside parentheses kept. */
function listOf(entry: FrontMatterEntry): string[] {
  const value = entry.value;
  if (Array.isArray(value)) return value.map((item) => String(item).trim()).filter((item) => item !== "");
  const text = String(typeof value === "string" ? value : entry.raw).trim().replace(/^\[(.*)\]$/s, "$1");
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "(") depth += 1;
    else if (char === ")") depth = Math.max(0, depth - 1);
    if (char === "," && depth === 0) {
      items.push(current);
      current = "";
    } else current += char;
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== "");
}

/** Claude Code's tool names as MAIA's; those MAIA lacks go to `missing`. */
function readTools(entry: FrontMatterEntry, missing: string[], ignore: (item: string, reason: string, line: number | undefined) => void): string[] {
  const tools: string[] = [];
  for (const item of listOf(entry)) {
    const open = item.indexOf("(");
    const name = open === -1 ? item : item.slice(0, open).trim();
    if (name === "Agent" || name === "Task") {
      // A sub-agent of MAIA starts no sub-agent; `Agent(a, b)` is for a main-thread agent in Claude Code.
      ignore(`${entry.key}: ${item}`, t("claudeNoNesting"), entry.line);
      continue;
    }
    const mapped = mapToolName(name);
    if (mapped.kind === "missing") missing.push(name);
    else if (mapped.kind === "tool") tools.push(mapped.maia);
    else if (mapped.kind === "mcpServer") tools.push(`Mcp(${mapped.server})`);
    else tools.push(name);
  }
  return [...new Set(tools)];
}
