import type { Validator } from "@maia/kernel";
import { closest, JSON_ERROR_MESSAGE_KEYS, jsonPointer, readJsonWithPositions } from "@maia/util";
import { placeholdersOf, splitCommandLine, type Word } from "./command-line.ts";
import { t } from "./messages.ts";
import { TOOL_SCHEMA, type RawToolFile } from "./tool-schema.ts";
import { validateToolFile } from "./tool-validator.generated.ts";

export interface ToolParameter {
  name: string;
  type: "number" | "string";
  /** Already of the parameter's type (a number default given as "0" is the number 0). */
  default?: string | number;
  description?: string;
}

/** A valid custom tool, ready to be offered to the model. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: ToolParameter[];
  /** The `run` line, split once (see command-line.ts). */
  words: Word[];
  /** The tool's folder: `./` of the run line and the working directory of the program. */
  folder: string;
}

/** One thing to fix in a TOOL.json, with its line when known. */
export interface DefinitionProblem {
  line?: number;
  message: string;
}

export type DefinitionResult =
  | { ok: true; definition: ToolDefinition; /** Where "name" is written, for clashes the loader finds. */ nameLine?: number }
  | { ok: false; problems: DefinitionProblem[] };

/** ajv's error objects, typed through the kernel (this package does not depend on ajv itself). */
type ErrorObject = NonNullable<Validator["errors"]>[number];

export const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMERIC = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

export interface DefinitionContext {
  /** The folder holding the file; its name is the tool's name when "name" is absent. */
  folder: string;
  folderName: string;
  platform?: NodeJS.Platform;
}

/**
 * Reads a TOOL.json text (seed § 10.2): JSON (one trailing comma tolerated), then the JSON Schema, then the rules
 * a schema cannot say — tool and parameter names, `{{x}}` placeholders that are declared, a program that is not
 * a parameter. Every problem found is returned, each with its line, so the user fixes them in one go. Reserved
 * names and duplicates depend on the other tools: the loader checks them.
 */
export function parseToolDefinition(text: string, context: DefinitionContext): DefinitionResult {
  const read = readJsonWithPositions(text, { trailingCommas: true });
  if (!read.ok) {
    const { line, column, reason, char = "" } = read.error;
    const detail = t(JSON_ERROR_MESSAGE_KEYS[reason], { char: JSON.stringify(char) });
    return { ok: false, problems: [{ line, message: t("invalidJson", { column, detail }) }] };
  }
  const { positions } = read;
  const lineOf = (pointer: string, key = false): number | undefined => (key ? positions.keyLine(pointer) : positions.valueLine(pointer));
  const validate = validateToolFile;
  // ajv may apply defaults in place: it gets a copy, the rules below read the original.
  if (!validate(structuredClone(read.value))) {
    return { ok: false, problems: schemaProblems(validate.errors ?? [], read.value, lineOf) };
  }
  return checkRules(read.value as RawToolFile, context, lineOf);
}

function checkRules(raw: RawToolFile, context: DefinitionContext, lineOf: (pointer: string, key?: boolean) => number | undefined): DefinitionResult {
  const problems: DefinitionProblem[] = [];
  const add = (pointer: string, message: string) => {
    const line = lineOf(pointer);
    problems.push(line === undefined ? { message } : { line, message });
  };

  const name = raw.name ?? context.folderName;
  if (!TOOL_NAME.test(name)) add(raw.name === undefined ? "" : "/name", t(raw.name === undefined ? "badFolderName" : "badName", { name }));
  if (raw.description.trim() === "") add("/description", t("schemaEmpty", { path: "description" }));

  const parameters: ToolParameter[] = [];
  const seen = new Set<string>();
  (raw.command.parameters ?? []).forEach((parameter, index) => {
    const pointer = `/command/parameters/${index}`;
    if (!PARAMETER_NAME.test(parameter.name)) add(`${pointer}/name`, t("badParamName", { name: parameter.name }));
    else if (seen.has(parameter.name)) add(`${pointer}/name`, t("duplicateParam", { name: parameter.name }));
    seen.add(parameter.name);
    const entry: ToolParameter = { name: parameter.name, type: parameter.type };
    if (parameter.description !== undefined) entry.description = parameter.description;
    if (parameter.default !== undefined) {
      if (parameter.type === "number") {
        const value = typeof parameter.default === "number" ? parameter.default : NUMERIC.test(parameter.default) ? Number(parameter.default) : Number.NaN;
        if (Number.isFinite(value)) entry.default = value;
        else add(`${pointer}/default`, t("badNumberDefault", { name: parameter.name, value: String(parameter.default) }));
      } else {
        entry.default = String(parameter.default);
      }
    }
    parameters.push(entry);
  });

  const split = splitCommandLine(raw.command.run);
  let words: Word[] = [];
  if (!split.ok) {
    add("/command/run", t("unclosedQuote", { quote: split.quote, column: split.column }));
  } else if (split.words.length === 0) {
    add("/command/run", t("emptyRun"));
  } else {
    words = split.words;
    const program = words[0] ?? [];
    const programParameter = program.find((segment) => segment.kind === "param");
    if (programParameter?.kind === "param") add("/command/run", t("programIsParameter", { name: programParameter.name }));
    for (const placeholder of placeholdersOf(words)) {
      if (!seen.has(placeholder)) add("/command/run", t("undeclaredPlaceholder", { name: placeholder }));
    }
    const first = program.map((segment) => (segment.kind === "text" ? segment.text : "")).join("");
    if ((context.platform ?? process.platform) === "win32" && /\.(cmd|bat)$/i.test(first)) add("/command/run", t("windowsScript"));
  }

  if (problems.length > 0) return { ok: false, problems };
  const definition: ToolDefinition = { name, description: raw.description.trim(), parameters, words, folder: context.folder };
  const nameLine = raw.name === undefined ? undefined : lineOf("/name");
  return nameLine === undefined ? { ok: true, definition } : { ok: true, definition, nameLine };
}

/** `/command/parameters/0/type` → `command.parameters[0].type`, the way people read it. */
export function displayPath(pointer: string): string {
  if (pointer === "") return t("topLevel");
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === "" ? part : `${path}.${part}`), "");
}

const HINTS: Record<string, "hintDescription" | "hintRun" | "hintCommand" | "hintParamName" | "hintParamType"> = {
  description: "hintDescription",
  run: "hintRun",
  command: "hintCommand",
  name: "hintParamName",
  type: "hintParamType",
};

const TYPE_WORDS: Record<string, "typeString" | "typeNumberOrString" | "typeObject" | "typeArray"> = {
  string: "typeString",
  "string,number": "typeNumberOrString",
  object: "typeObject",
  array: "typeArray",
};

/** ajv's errors as sentences, one per problem, with the line of the value (or key) concerned. */
function schemaProblems(
  errors: ErrorObject[],
  root: unknown,
  lineOf: (pointer: string, key?: boolean) => number | undefined,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const { message, pointer, key } = describeError(error, valueAt(root, error.instancePath));
    if (seen.has(message)) continue;
    seen.add(message);
    const line = lineOf(pointer, key) ?? lineOf(error.instancePath);
    problems.push(line === undefined ? { message } : { line, message });
  }
  return problems;
}

function describeError(error: ErrorObject, data: unknown): { message: string; pointer: string; key?: boolean } {
  const params = error.params as Record<string, unknown>;
  const path = displayPath(error.instancePath);
  switch (error.keyword) {
    case "required": {
      const property = String(params.missingProperty);
      const full = displayPath(`${error.instancePath}${jsonPointer([property])}`);
      const hintKey = HINTS[property];
      return { message: t("schemaRequired", { path: `"${full}"`, hint: hintKey ? t(hintKey) : "" }), pointer: error.instancePath };
    }
    case "additionalProperties": {
      const extra = String(params.additionalProperty);
      const known = Object.keys(knownProperties(error.instancePath));
      const guess = closest(extra, known);
      const member = `${error.instancePath}${jsonPointer([extra])}`;
      const full = `"${displayPath(member)}"`;
      const message = guess ? t("schemaUnknownGuess", { path: full, guess }) : t("schemaUnknown", { path: full });
      return { message, pointer: member, key: true };
    }
    case "type": {
      const expected = Array.isArray(params.type) ? params.type.join(",") : String(params.type);
      const word = TYPE_WORDS[expected];
      return { message: t("schemaType", { path: `"${path}"`, expected: word ? t(word) : expected }), pointer: error.instancePath };
    }
    case "enum": {
      const allowed = ((params.allowedValues as unknown[]) ?? []).map((value) => JSON.stringify(value)).join(" | ");
      return { message: t("schemaEnum", { path: `"${path}"`, allowed, value: JSON.stringify(data) }), pointer: error.instancePath };
    }
    case "minLength":
      return { message: t("schemaEmpty", { path: `"${path}"` }), pointer: error.instancePath };
    default:
      return { message: t("schemaOther", { path: `"${path}"`, message: error.message ?? error.keyword }), pointer: error.instancePath };
  }
}

/** The value a JSON Pointer designates (ajv is not asked to carry data in its errors). */
function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let current = root;
  for (const part of pointer.slice(1).split("/")) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The properties the schema allows at a pointer, for "did you mean" hints. */
function knownProperties(pointer: string): Record<string, unknown> {
  if (pointer === "") return TOOL_SCHEMA.properties;
  if (pointer === "/command") return TOOL_SCHEMA.properties.command.properties;
  return TOOL_SCHEMA.properties.command.properties.parameters.items.properties;
}
