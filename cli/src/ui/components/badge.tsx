import { Badge } from "@inkjs/ui";
import type { LogLevel, RuleBadge } from "../log-entry.ts";

const LEVEL_LABEL: Record<LogLevel, string> = { info: "INFO", warn: "WARN", error: "FAIL", ask: "ASK" };
const LEVEL_COLOR: Record<LogLevel, string> = { info: "blue", warn: "yellow", error: "red", ask: "magenta" };
const RULE_COLOR: Record<RuleBadge, string> = { ALLOW: "green", ASK: "yellow", DENY: "red" };

/** Seed § 15.2: INFO, WARN, FAIL and ASK badges (@inkjs/ui). */
export function LevelBadge({ level }: { level: LogLevel }) {
  return <Badge color={LEVEL_COLOR[level]}>{LEVEL_LABEL[level]}</Badge>;
}

/** `/permissions`: ALLOW, ASK and DENY. */
export function RuleBadgeView({ label }: { label: RuleBadge }) {
  return <Badge color={RULE_COLOR[label]}>{label}</Badge>;
}

/** The colour of a message's text after its badge (seed § 15.2); undefined is the terminal's default. */
export const LEVEL_TEXT_COLOR: Record<LogLevel, string | undefined> = { info: "#7EC8FF", warn: undefined, error: "#DC8ADD", ask: undefined };
