import type { JsonSchema, Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { t } from "./messages.ts";
import type { SandboxApi } from "@maia/plugin-sandbox";
import { runCustomTool, type ToolSandbox } from "./run-tool.ts";
import type { ToolDefinition, ToolParameter } from "./tool-definition.ts";

/**
 * A custom tool as the model sees it (seed § 10.2): the input schema is derived from the parameters (number →
 * number, string → string; a parameter without default is required). Permission "ask" by default; rules name
 * it exactly (`Addition`, `Addition(5)`).
 */
export function createCustomTool(definition: ToolDefinition, options: { timeoutMs?: number; sandbox?: () => (ToolSandbox & Pick<SandboxApi, "sandboxedNow">) | undefined } = {}): Tool {
  return {
    spec: { name: definition.name, description: definition.description, inputSchema: inputSchemaOf(definition.parameters) },
    permission: "ask",
    describe: (input) => summaryOf(definition.parameters, input),
    sandboxed: () => options.sandbox?.()?.sandboxedNow({}),
    async execute(input: Record<string, unknown>, context: ToolContext): Promise<ToolOutput> {
      return runCustomTool(definition, valuesOf(definition.parameters, input), {
        cwd: context.cwd,
        ...(context.env ? { env: context.env } : {}),
        ...(context.signal ? { signal: context.signal } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        sandbox: options.sandbox?.(),
      });
    },
  };
}

export function inputSchemaOf(parameters: readonly ToolParameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const parameter of parameters) {
    const notes = [parameter.description, parameter.default === undefined ? undefined : t("defaultNote", { value: String(parameter.default) })]
      .filter((note): note is string => note !== undefined && note !== "");
    properties[parameter.name] = {
      type: parameter.type,
      ...(notes.length > 0 ? { description: notes.join(" — ") } : {}),
      ...(parameter.default === undefined ? {} : { default: parameter.default }),
    };
  }
  const required = parameters.filter((parameter) => parameter.default === undefined).map((parameter) => parameter.name);
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/**
 * Each parameter's text for the command line: the model's value, else the default. The kernel has already
 * checked the input against the schema, so values have the declared type.
 */
export function valuesOf(parameters: readonly ToolParameter[], input: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of parameters) {
    const value = input[parameter.name] ?? parameter.default;
    values[parameter.name] = value === undefined || value === null ? "" : String(value);
  }
  return values;
}

/** `param1=2, param2=3`, for the tool line and the confirmation question. */
function summaryOf(parameters: readonly ToolParameter[], input: Record<string, unknown>): string {
  return parameters
    .filter((parameter) => input[parameter.name] !== undefined)
    .map((parameter) => `${parameter.name}=${oneLine(String(input[parameter.name]))}`)
    .join(", ");
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}
