import { closest } from "@maia/util";
import type { ErrorObject } from "ajv";
import type { Node } from "jsonc-parser";
import type { Problem } from "../protocol.ts";
import { ENV_NAME_PATTERN, KNOWN_KEYS, NAME_PATTERN, NO_NUL_PATTERN, TOKEN_PATTERN } from "./hub-schema.ts";
import { describePath, keyNodeAt, nodeAt, pointerSegments, typedPath } from "./json-nodes.ts";
import { t, type MessageKey } from "./messages.ts";
import { problemAt } from "./parse-config-text.ts";
import type { TextPositions } from "./text-positions.ts";

/** The known keys of the object an `additionalProperties` error is about, by the schema path of that keyword. */
const KNOWN_BY_SCHEMA_PATH: Record<string, readonly string[]> = {
  "#/additionalProperties": KNOWN_KEYS.root,
  "#/properties/agents/items/additionalProperties": KNOWN_KEYS.agent,
  "#/properties/limits/additionalProperties": KNOWN_KEYS.limits,
  "#/properties/channels/items/additionalProperties": KNOWN_KEYS.channel,
};

const TYPE_WORDS: Record<string, MessageKey> = {
  string: "typeString",
  integer: "typeInteger",
  number: "typeNumber",
  boolean: "typeBoolean",
  object: "typeObject",
  array: "typeArray",
  null: "typeNull",
};

export interface SchemaFindings {
  problems: Problem[];
  warnings: Problem[];
  /** JSON pointers of the values that have a schema problem, so later checks leave them alone. */
  faulty: Set<string>;
}

/**
 * ajv's errors as problems at the node they concern: the value at fault, the object for a missing field, the
 * key for an unknown field (a warning, with a "did you mean") or a bad variable name.
 */
export function schemaFindings(errors: readonly ErrorObject[], root: Node, positions: TextPositions): SchemaFindings {
  const findings: SchemaFindings = { problems: [], warnings: [], faulty: new Set() };
  const seen = new Set<string>();
  const add = (problem: Problem) => {
    const id = `${problem.line}:${problem.column}:${problem.message}`;
    if (seen.has(id)) return;
    seen.add(id);
    (problem.warning ? findings.warnings : findings.problems).push(problem);
  };
  for (const error of errors) {
    const segments = pointerSegments(error.instancePath);
    const path = typedPath(root, segments);
    const where = describePath(path);
    const { node } = nodeAt(root, segments);
    if (error.keyword === "propertyNames") continue; // the inner error, with `propertyName`, says it better
    if (error.keyword === "additionalProperties") {
      const key = String((error.params as { additionalProperty?: unknown }).additionalProperty);
      const keyNode = keyNodeAt(root, segments, key) ?? node;
      const guess = closest(key, KNOWN_BY_SCHEMA_PATH[error.schemaPath] ?? []);
      add(problemAt(positions, keyNode.offset, guess ? t("unknownKeyGuess", { key, where, guess }) : t("unknownKey", { key, where }), true));
      continue;
    }
    if (error.propertyName !== undefined) {
      const keyNode = keyNodeAt(root, segments, error.propertyName) ?? node;
      add(problemAt(positions, keyNode.offset, t("badEnvName", { where, key: error.propertyName })));
      continue;
    }
    // One problem per value (a 0.5 given for an integer ≥ 1 is one mistake, not two); missing fields each count.
    if (error.keyword !== "required" && findings.faulty.has(error.instancePath)) continue;
    if (error.keyword !== "required") findings.faulty.add(error.instancePath);
    add(problemAt(positions, node.offset, message(error, where, node)));
  }
  return findings;
}

function message(error: ErrorObject, where: string, node: Node): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "type": {
      const expected = [params.type].flat().map((type) => t(TYPE_WORDS[String(type)] ?? "typeString"));
      const found = t(TYPE_WORDS[foundType(node)] ?? "typeString");
      if (params.type === "integer" && node.type === "number") return t("mustBeWhole", { where, found: String(node.value) });
      return t("mustBe", { where, expected: expected.join(" / "), found });
    }
    case "required":
      return t("required", { where, field: String(params.missingProperty) });
    case "minimum":
      return t("minimum", { where, limit: String(params.limit) });
    case "maximum":
      return t("maximum", { where, limit: String(params.limit) });
    case "enum": {
      const allowed = Array.isArray(params.allowedValues) ? params.allowedValues.map(String) : [];
      const values = allowed.map((value) => `"${value}"`).join(", ");
      const guess = typeof node.value === "string" ? closest(node.value, allowed) : undefined;
      return guess ? t("enumValuesGuess", { where, values, guess }) : t("enumValues", { where, values });
    }
    case "pattern":
      if (params.pattern === NAME_PATTERN) return t("badName", { where, value: String(node.value) });
      if (params.pattern === TOKEN_PATTERN) return t("badToken", { where });
      if (params.pattern === NO_NUL_PATTERN) return t("nulCharacter", { where });
      if (params.pattern === ENV_NAME_PATTERN) return t("badEnvName", { where, key: String(node.value) });
      break;
    case "minLength":
      return t("notEmpty", { where });
    case "maxLength":
      return t("tooLong", { where, limit: String(params.limit) });
    case "maxItems":
      return t("tooMany", { where, limit: String(params.limit) });
  }
  return t("schemaOther", { where, detail: error.message ?? error.keyword });
}

function foundType(node: Node): string {
  if (node.type === "property") return "object";
  if (node.type === "number") return Number.isInteger(node.value) ? "integer" : "number";
  return node.type;
}
