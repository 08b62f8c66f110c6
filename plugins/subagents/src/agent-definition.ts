import { closest } from "@maia/util";
import type { AgentDefinition, AgentLevel, Effort, RuleKind } from "@maia/subagent-protocol";
import { describeFrontMatterProblem, readFrontMatter, type FrontMatterEntry } from "@maia/util/front-matter";
import { agentNameProblem } from "./agent-name.ts";
import { parseSections, SECTION_IDS, type SectionId } from "./agent-sections.ts";
import { t } from "./messages.ts";

// The definition travels to the child process as JSON: its shape is the IPC protocol's (a package both sides use).
export type { AgentDefinition, AgentLevel, Effort, RuleKind } from "@maia/subagent-protocol";

export const EFFORTS: readonly Effort[] = ["low", "medium", "high"];
export const RULE_KINDS: readonly RuleKind[] = ["allow", "ask", "deny"];

/** Seed § 23: the iterations a sub-agent gets per effort. */
/** Where an agent comes from, as `/agents` and the start-up list show it. */
export function agentSourceLabel(agent: AgentDefinition): string {
  if (agent.plugin !== undefined) return t("level-plugin", { plugin: agent.plugin });
  return t(agent.format === "claude" ? `level-claude-${agent.level}` : `level-${agent.level}`);
}

export const ITERATIONS_BY_EFFORT: Readonly<Record<Effort, number>> = { low: 10, medium: 25, high: 50 };

export type ParsedAgent = { ok: true; agent: AgentDefinition; warnings: string[] } | { ok: false; warning: string };

/** The header keys of seed § 20.1, as spelled in messages; they are matched without case. */
const KEYS = ["name", "description", "model", "tools", "permissions", "effort", "skills", "omitMd", "trace"] as const;
type Key = (typeof KEYS)[number];

const RULE = /^[A-Za-z0-9_.-]+(?:\(.*\))?$/s;

class Invalid extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}

/**
 * Reads an AGENT.md. An agent that cannot be used (name, description, a value of the wrong kind, a missing
 * section…) is one warning naming the file, the line when known and what to fix; a usable one may still carry
 * warnings (no `name`: the folder's is used).
 */
export function parseAgentFile(text: string, where: { folderName: string; file: string; level: AgentLevel }): ParsedAgent {
  const { folderName, file, level } = where;
  const reject = (message: string, line?: number): ParsedAgent => ({
    ok: false,
    warning: t("fileProblem", { file, where: line === undefined ? "" : t("where", { line }), problem: message }),
  });
  const nameProblem = agentNameProblem(folderName);
  if (nameProblem) return reject(t("badFolderName", { name: folderName, reason: t(`name-${nameProblem}`) }));

  const header = readFrontMatter(text);
  if (!header.ok) {
    return reject(describeFrontMatterProblem(header.problem, { keys: ["name", "description"] }), header.line);
  }
  try {
    const values = readKeys(header.entries);
    const warnings: string[] = [];
    const nameEntry = values.get("name");
    let name = folderName;
    if (nameEntry === undefined || nameEntry.value === null || nameEntry.value === "") {
      warnings.push(t("nameMissing", { file, folder: folderName }));
    } else {
      name = text_(nameEntry);
      if (name !== folderName) throw new Invalid(t("nameMismatch", { name, folder: folderName }), nameEntry.line);
    }
    const descriptionEntry = values.get("description");
    const description = descriptionEntry === undefined ? "" : text_(descriptionEntry).trim();
    if (description === "") throw new Invalid(t("descriptionMissing"), descriptionEntry?.line);

    const model = optionalText(values.get("model"));
    const tools = optionalList(values.get("tools"));
    const skills = optionalList(values.get("skills"));
    const effort = readEffort(values.get("effort"));
    const omitMd = readBoolean(values.get("omitMd"));
    const trace = readBoolean(values.get("trace"));
    const permissions = readPermissions(values.get("permissions"));

    const { sections, duplicates } = parseSections(header.body, header.bodyLine);
    const duplicate = duplicates[0];
    if (duplicate) {
      throw new Invalid(t("sectionDuplicate", { title: t(`section-${duplicate.id}`), first: duplicate.first, line: duplicate.line }), duplicate.line);
    }
    const required = (id: SectionId): string => {
      const section = sections[id];
      if (!section) throw new Invalid(t("sectionMissing", { title: t(`section-${id}`) }));
      if (section.text === "") throw new Invalid(t("sectionEmpty", { title: t(`section-${id}`) }), section.line);
      return section.text;
    };
    const agent: AgentDefinition = {
      name,
      description,
      ...(model === undefined ? {} : { model }),
      ...(tools === undefined ? {} : { tools }),
      permissions,
      effort,
      ...(skills === undefined ? {} : { skills }),
      omitMd,
      trace,
      instructions: required("instructions"),
      missions: required("missions"),
      ...(sections.constraints?.text ? { constraints: sections.constraints.text } : {}),
      output: required("output"),
      file,
      level,
    };
    return { ok: true, agent, warnings };
  } catch (error) {
    if (error instanceof Invalid) return reject(error.message, error.line);
    throw error;
  }
}

/** The header's keys, matched without case (seed § 20.1); an unknown or repeated key makes the agent invalid. */
function readKeys(entries: readonly FrontMatterEntry[]): Map<Key, FrontMatterEntry> {
  const values = new Map<Key, FrontMatterEntry>();
  for (const entry of entries) {
    const key = KEYS.find((known) => known.toLowerCase() === entry.key.toLowerCase());
    if (key === undefined) {
      const guess = closest(entry.key, KEYS);
      throw new Invalid(t("unknownKey", { key: entry.key, hint: guess ? t("didYouMean", { guess }) : "", keys: KEYS.join(", ") }), entry.line);
    }
    const previous = values.get(key);
    if (previous) throw new Invalid(t("duplicateKey", { key: entry.key, other: previous.line }), entry.line);
    values.set(key, entry);
  }
  return values;
}

function text_(entry: FrontMatterEntry): string {
  if (typeof entry.value === "string") return entry.value;
  if (typeof entry.value === "number") return String(entry.value);
  throw new Invalid(t("notText", { key: entry.key }), entry.line);
}

function optionalText(entry: FrontMatterEntry | undefined): string | undefined {
  if (entry === undefined || entry.value === null) return undefined;
  const value = text_(entry).trim();
  return value === "" ? undefined : value;
}

/** A YAML list, or one line of names separated by commas (seed § 20.1: « liste (virgules ou YAML) »). */
function optionalList(entry: FrontMatterEntry | undefined): string[] | undefined {
  if (entry === undefined || entry.value === null) return undefined;
  const items = typeof entry.value === "string" ? entry.value.split(",") : entry.value;
  if (!Array.isArray(items) || !items.every((item) => typeof item === "string")) {
    throw new Invalid(t("notList", { key: entry.key, value: preview(entry.value) }), entry.line);
  }
  return [...new Set(items.map((item) => item.trim()).filter((item) => item !== ""))];
}

function readEffort(entry: FrontMatterEntry | undefined): Effort {
  if (entry === undefined || entry.value === null) return "medium";
  const value = typeof entry.value === "string" ? entry.value.trim().toLowerCase() : undefined;
  const effort = EFFORTS.find((candidate) => candidate === value);
  if (!effort) throw new Invalid(t("badEffort", { value: preview(entry.value) }), entry.line);
  return effort;
}

function readBoolean(entry: FrontMatterEntry | undefined): boolean {
  if (entry === undefined || entry.value === null) return false;
  if (typeof entry.value === "boolean") return entry.value;
  const value = typeof entry.value === "string" ? entry.value.trim().toLowerCase() : undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw new Invalid(t("notBoolean", { key: entry.key, value: preview(entry.value) }), entry.line);
}

/**
 * `permissions: { allow, ask, deny }`. A malformed rule makes the whole agent invalid rather than being dropped:
 * a sub-agent works on its own, and running it without a `deny` its author wrote would do what was forbidden.
 */
function readPermissions(entry: FrontMatterEntry | undefined): Record<RuleKind, string[]> {
  const result: Record<RuleKind, string[]> = { allow: [], ask: [], deny: [] };
  if (entry === undefined || entry.value === null) return result;
  if (typeof entry.value !== "object" || Array.isArray(entry.value)) throw new Invalid(t("permissionsNotTable"), entry.line);
  for (const [key, list] of Object.entries(entry.value as Record<string, unknown>)) {
    const kind = RULE_KINDS.find((candidate) => candidate === key.toLowerCase());
    if (!kind) throw new Invalid(t("permissionsUnknownKey", { key }), entry.line);
    if (list === null) continue;
    const rules = typeof list === "string" ? [list] : list;
    if (!Array.isArray(rules) || !rules.every((rule) => typeof rule === "string")) {
      throw new Invalid(t("permissionsNotList", { kind, value: preview(list) }), entry.line);
    }
    for (const rule of rules) {
      const trimmed = rule.trim();
      if (!RULE.test(trimmed)) throw new Invalid(t("badRule", { rule, kind }), entry.line);
      result[kind].push(trimmed);
    }
  }
  return result;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export { SECTION_IDS };
