import type { Problem } from "../protocol.ts";
import type { HubConfig } from "./hub-config.ts";
import { parseConfigText } from "./parse-config-text.ts";
import { resolveConfig, type ValidationContext } from "./resolve-config.ts";
import { schemaFindings } from "./schema-problems.ts";
import { schemaErrors } from "./schema-validator.ts";
import { t } from "./messages.ts";
import { TextPositions } from "./text-positions.ts";

export type { ValidationContext } from "./resolve-config.ts";

export interface ConfigValidation {
  problems: Problem[];
  /** Each with `warning: true`: unknown keys, a command not found, a missing folder. They never make a text invalid. */
  warnings: Problem[];
  /** The configuration, defaults applied, `${VAR}` expanded, paths resolved: only when there is no problem. */
  config?: HubConfig;
}

/**
 * Reads a hub.json text: syntax, schema, then what a schema cannot say. Whatever the text (binary, huge,
 * deeply nested), the answer is problems, never an exception — it comes straight from the page's editor.
 */
export function validateConfigText(text: string, context: ValidationContext): ConfigValidation {
  const positions = new TextPositions(text);
  try {
    const parsed = parseConfigText(text, positions);
    if (!parsed.ok) return { problems: sorted(parsed.problems), warnings: [] };
    const schema = schemaFindings(schemaErrors(parsed.value), parsed.root, positions);
    const resolution = resolveConfig(parsed.value, parsed.root, positions, context, schema.faulty);
    const problems = sorted([...schema.problems, ...resolution.problems]);
    const warnings = sorted([...parsed.warnings, ...schema.warnings, ...resolution.warnings]);
    return problems.length === 0 ? { problems, warnings, config: resolution.config } : { problems, warnings };
  } catch (error) {
    // A bug of ours must not take the hub down with it; the user still learns that the text was not accepted.
    const cause = error instanceof Error ? error.message : String(error);
    return { problems: [{ line: 1, column: 1, message: t("internalError", { cause }), warning: false }], warnings: [] };
  }
}

function sorted(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}
