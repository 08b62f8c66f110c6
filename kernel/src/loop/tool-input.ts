import type { JsonSchema } from "../contracts/provider.ts";
import type { AnyTool } from "../contracts/tool.ts";
import { validatorFor, type ValidationError } from "@maia/util/validation";
import { t } from "./messages.ts";

export type PreparedInput = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

/**
 * What the model sent, made ready for `execute`: the tool's own normalisation (aliases, arrays of lines),
 * numeric strings turned into numbers where the schema wants a number (models often quote them), then ajv
 * against `inputSchema`. A bad input becomes a message that lists the parameters received (seed § 8).
 */
export function prepareToolInput(tool: AnyTool, raw: Record<string, unknown>): PreparedInput {
  let input: Record<string, unknown>;
  try {
    input = structuredClone(tool.normalizeInput ? tool.normalizeInput(raw) : raw);
  } catch {
    input = structuredClone(raw);
  }
  coerceNumbers(input, tool.spec.inputSchema);
  const validate = validatorFor(tool.spec.inputSchema);
  if (validate(input)) return { ok: true, input };
  return { ok: false, message: describeFirstError(validate.errors ?? [], raw) };
}

const NUMERIC = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

function wantsNumber(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const type = (schema as { type?: unknown }).type;
  const types = Array.isArray(type) ? type : [type];
  return (types.includes("number") || types.includes("integer")) && !types.includes("string");
}

function coerceNumbers(value: unknown, schema: JsonSchema | undefined): void {
  if (typeof value !== "object" || value === null || !schema) return;
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    value.forEach((item, index) => {
      if (wantsNumber(items) && typeof item === "string" && NUMERIC.test(item)) value[index] = Number(item);
      else coerceNumbers(item, items);
    });
    return;
  }
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const record = value as Record<string, unknown>;
  for (const [key, propertySchema] of Object.entries(properties)) {
    const current = record[key];
    if (wantsNumber(propertySchema) && typeof current === "string" && NUMERIC.test(current)) {
      record[key] = Number(current);
    } else {
      coerceNumbers(current, propertySchema);
    }
  }
}

function describeFirstError(errors: ValidationError[], raw: Record<string, unknown>): string {
  const first = errors[0];
  const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const path = first?.instancePath.replace(/^\//, "").replace(/\//g, ".") ?? "";
  const name = missing ?? (path || "input");
  const received = Object.entries(raw)
    .map(([key, value]) => `${key} (${Array.isArray(value) ? "array" : value === null ? "null" : typeof value})`)
    .join(", ");
  return t("invalidParameter", {
    name,
    detail: first?.message ?? "invalid",
    received: received || t("noParameters"),
  });
}
