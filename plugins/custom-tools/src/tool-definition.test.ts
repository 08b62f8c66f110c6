import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandWords } from "./command-line.ts";
import { inputSchemaOf } from "./custom-tool.ts";
import { parseToolDefinition, type DefinitionResult } from "./tool-definition.ts";
import { TOOL_SCHEMA } from "./tool-schema.ts";

const SCHEMA_FILE = fileURLToPath(new URL("../tool.schema.json", import.meta.url));
const ADDITION = fileURLToPath(new URL("../../../examples/tools/addition/TOOL.json", import.meta.url));
const context = { folder: "/tools/addition", folderName: "addition", platform: "linux" as const };

function problems(result: DefinitionResult): Array<{ line?: number; message: string }> {
  if (result.ok) throw new Error("expected the definition to be refused");
  return result.problems;
}

/** A TOOL.json from its parts, indented the way people write it. */
function file(definition: Record<string, unknown>): string {
  return JSON.stringify(definition, null, 2);
}

describe("parseToolDefinition", () => {
  it("reads the seed's example: parameters, defaults as numbers, and the schema the model is given", async () => {
    const result = parseToolDefinition(await readFile(ADDITION, "utf8"), context);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const { definition } = result;
    expect(definition.name).toBe("Addition");
    expect(definition.parameters).toEqual([
      { name: "param1", type: "number", description: "The first number" },
      { name: "param2", type: "number", default: 0, description: "The second number" },
    ]);
    expect(expandWords(definition.words, { param1: "2", param2: "3" })).toEqual(["node", "./test.js", "2", "3"]);
    expect(inputSchemaOf(definition.parameters)).toEqual({
      type: "object",
      properties: {
        param1: { type: "number", description: "The first number" },
        param2: { type: "number", description: "The second number — default: 0", default: 0 },
      },
      required: ["param1"],
      additionalProperties: false,
    });
  });

  it("takes the folder's name when there is no name, and tolerates trailing commas", () => {
    const result = parseToolDefinition('{ "description": "Says hi", "command": { "run": "echo hi", }, }', context);
    expect(result.ok && result.definition.name).toBe("addition");
  });

  it("names the line of a missing description and of an unknown parameter type", () => {
    const text = file({ name: "T", command: { parameters: [{ name: "a", type: "int" }], run: "echo {{a}}" } });
    expect(problems(parseToolDefinition(text, context))).toEqual([
      { line: 1, message: '"description" is missing: describe what the tool does, for the model' },
      { line: 7, message: '"command.parameters[0].type" must be "number" | "string", not "int"' },
    ]);
  });

  it("reports broken JSON with its line and column", () => {
    const text = '{\n  "description": "x",\n  "command": { "run": "echo" \n  "oops": 1 }\n}';
    expect(problems(parseToolDefinition(text, context))).toEqual([
      { line: 4, message: 'invalid JSON (column 3): unexpected character "\\""' },
    ]);
  });

  it("refuses a placeholder that is not a declared parameter, and says which", () => {
    const text = file({ description: "d", command: { parameters: [{ name: "a", type: "string" }], run: "echo {{a}} {{b}}" } });
    expect(problems(parseToolDefinition(text, context))).toEqual([
      { line: 10, message: '"run" uses {{b}}, which is not a declared parameter: declare it in "parameters" or remove it' },
    ]);
  });

  it("refuses a program that is a parameter", () => {
    const text = file({ description: "d", command: { parameters: [{ name: "prog", type: "string" }], run: "{{prog}} --version" } });
    expect(problems(parseToolDefinition(text, context))[0]?.message).toContain("the program (first word) cannot be a parameter ({{prog}})");
  });

  it("refuses bad tool and parameter names, duplicate parameters and a non-numeric number default", () => {
    const text = file({
      name: "my tool",
      description: "d",
      command: {
        parameters: [
          { name: "1st", type: "string" },
          { name: "n", type: "number", default: "zero" },
          { name: "n", type: "number" },
        ],
        run: "echo {{n}}",
      },
    });
    expect(problems(parseToolDefinition(text, context)).map((problem) => problem.message)).toEqual([
      'the name "my tool" is invalid: use 1 to 64 letters, digits, _ or -',
      'the parameter name "1st" is invalid: start with a letter or _, then letters, digits or _',
      'the default of the number parameter "n" must be a number, not "zero"',
      'the parameter "n" is declared twice',
    ]);
    expect(problems(parseToolDefinition('{"description":"d","command":{"run":"x"}}', { ...context, folderName: "my tool" }))[0]?.message).toBe(
      'the folder name "my tool" is not a valid tool name: set "name" (1 to 64 letters, digits, _ or -)',
    );
  });

  it("suggests the property meant by a typo instead of ignoring it", () => {
    const text = file({ description: "d", command: { parameters: [{ name: "a", type: "string", defualt: "x" }], run: "echo {{a}}" } });
    expect(problems(parseToolDefinition(text, context))).toEqual([
      { line: 8, message: 'unknown property "command.parameters[0].defualt" (did you mean "default"?)' },
    ]);
  });

  it("refuses an unclosed quote and an empty run line", () => {
    expect(problems(parseToolDefinition('{"description":"d","command":{"run":"echo \'a b"}}', context))[0]?.message).toBe(
      "\"run\": the ' quote at column 6 is never closed",
    );
    expect(problems(parseToolDefinition('{"description":"d","command":{"run":"   "}}', context))[0]?.message).toBe('"run" holds no command');
  });

  it("refuses .cmd and .bat programs on Windows only", () => {
    const text = '{"description":"d","command":{"run":"build.cmd"}}';
    expect(problems(parseToolDefinition(text, { ...context, platform: "win32" }))[0]?.message).toContain(".cmd and .bat");
    expect(parseToolDefinition(text, context).ok).toBe(true);
  });

  it("publishes the schema it checks with, for editors (tool.schema.json)", async () => {
    const { $schema, ...published } = JSON.parse(await readFile(SCHEMA_FILE, "utf8")) as Record<string, unknown>;
    expect($schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(published).toEqual(TOOL_SCHEMA);
  });

  it("never throws, whatever the file holds", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue().map((value) => JSON.stringify(value))), (text) => {
        const result = parseToolDefinition(text, context);
        if (!result.ok) expect(result.problems.length).toBeGreaterThan(0);
      }),
    );
  });

  it("accepts every well-formed definition, each parameter required unless it has a default", () => {
    const parameter = fc.record(
      {
        name: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/),
        type: fc.constantFrom("number", "string"),
        default: fc.integer(),
      },
      { requiredKeys: ["name", "type"] },
    );
    fc.assert(
      fc.property(fc.uniqueArray(parameter, { selector: (entry) => entry.name, maxLength: 4 }), (parameters) => {
        const run = `prog ${parameters.map((entry) => `{{${entry.name}}}`).join(" ")}`;
        const result = parseToolDefinition(file({ description: "d", command: { parameters, run } }), context);
        if (!result.ok) throw new Error(JSON.stringify(result.problems));
        const schema = inputSchemaOf(result.definition.parameters);
        expect(schema.required ?? []).toEqual(parameters.filter((entry) => entry.default === undefined).map((entry) => entry.name));
      }),
    );
  });
});
