import { closest } from "@maia/util";
import type { Node } from "jsonc-parser";
import type { Problem } from "../protocol.ts";
import { Checker, isObject, list, text, type ValidationContext } from "./checker.ts";
import { DEFAULT_LANGUAGE, DEFAULT_LIMITS, DEFAULT_THEME, type ChannelDefinition, type HubConfig } from "./hub-config.ts";
import { describePath, type JsonPath } from "./json-nodes.ts";
import { t } from "./messages.ts";
import { resolveAgent } from "./resolve-agent.ts";
import type { TextPositions } from "./text-positions.ts";

export type { ValidationContext } from "./checker.ts";

export interface Resolution {
  problems: Problem[];
  warnings: Problem[];
  /** Meaningful only when neither the schema nor these checks found a problem. */
  config: HubConfig;
}

/**
 * The configuration a schema-checked value describes, defaults applied, and what a schema cannot say: unique
 * names, defined variables, a channel's agent that exists (agents: resolve-agent.ts).
 */
export function resolveConfig(
  value: unknown,
  root: Node,
  positions: TextPositions,
  context: ValidationContext,
  faulty: ReadonlySet<string>,
): Resolution {
  const check = new Checker(root, positions, context, faulty);
  const config: HubConfig = {
    agents: [],
    limits: { ...DEFAULT_LIMITS },
    theme: DEFAULT_THEME,
    language: DEFAULT_LANGUAGE,
    channels: [],
  };
  if (!isObject(value)) return { problems: check.problems, warnings: check.warnings, config };

  const limits = isObject(value.limits) ? value.limits : {};
  if (typeof limits.maxRunningAgents === "number") config.limits.maxRunningAgents = limits.maxRunningAgents;
  if (typeof limits.stopIdleAgentsAfter === "number") config.limits.stopIdleAgentsAfter = limits.stopIdleAgentsAfter;
  if (value.theme === "light" || value.theme === "dark" || value.theme === "system") config.theme = value.theme;
  if (value.language === "en" || value.language === "fr" || value.language === "system") config.language = value.language;

  const agentNames = uniqueNames(value.agents, "agents", "duplicateAgent", check);
  list(value.agents).forEach((entry, index) => {
    const agent = resolveAgent(entry, index, check);
    if (agent) config.agents.push(agent);
  });

  uniqueNames(value.channels, "channels", "duplicateChannel", check);
  list(value.channels).forEach((entry, index) => {
    const channel = resolveChannel(entry, index, [...agentNames.keys()], check);
    if (channel) config.channels.push(channel);
  });
  return { problems: check.problems, warnings: check.warnings, config };
}

/** Names must be unique: the second use of one is the problem (the first was there before). */
function uniqueNames(
  entries: unknown,
  field: "agents" | "channels",
  message: "duplicateAgent" | "duplicateChannel",
  check: Checker,
): Map<string, number> {
  const first = new Map<string, number>();
  list(entries).forEach((entry, index) => {
    const name = isObject(entry) ? text(entry.name) : undefined;
    if (name === undefined) return;
    const earlier = first.get(name);
    const here: JsonPath = [field, index, "name"];
    if (earlier === undefined) first.set(name, index);
    else check.problem(here, t(message, { where: describePath(here), name, first: describePath([field, earlier]) }));
  });
  return first;
}

function resolveChannel(entry: unknown, index: number, agents: string[], check: Checker): ChannelDefinition | undefined {
  if (!isObject(entry)) return undefined;
  const here: JsonPath = ["channels", index];
  const agent = text(entry.agent);
  if (agent !== undefined && !agents.includes(agent) && check.sound([...here, "agent"])) {
    const where = describePath([...here, "agent"]);
    const guess = closest(agent, agents);
    check.problem([...here, "agent"], guess ? t("unknownAgentGuess", { where, agent, guess }) : t("unknownAgent", { where, agent }));
  }
  const token = text(entry.token);
  return {
    name: text(entry.name) ?? "",
    agent: agent ?? "",
    // The form `${VAR}` is the schema's to check; only a well-formed token is looked up.
    token: token !== undefined && check.sound([...here, "token"]) ? check.expand(token, [...here, "token"]) : "",
  };
}
