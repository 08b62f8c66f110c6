import { setActiveLocale, validatorFor, type AnyTool, type ImageBlock, type ToolContext, type ToolOutput } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach } from "vitest";
import { createBuiltinTools, DEFAULT_LIMITS, type ToolLimits } from "../tools.ts";

/**
 * Helpers for this package's tests (not shipped behaviour): real temporary folders, the real tools, and the
 * same input preparation the kernel applies (normalizeInput, then the JSON Schema with its defaults).
 */

export interface Harness {
  cwd: string;
  homeDir: string;
  context: ToolContext;
  warnings: string[];
  tools: Record<string, AnyTool>;
  /** Runs a tool as the kernel would; returns its text, whether it is an error, and the images it returned. */
  run(name: string, input: Record<string, unknown>, overrides?: Partial<ToolContext>): Promise<{ text: string; isError: boolean; images?: ImageBlock[] }>;
}

export async function harness(options: { cwd?: string; homeDir?: string; limits?: ToolLimits } = {}): Promise<Harness> {
  const cwd = options.cwd ?? (await tempFolder("maia-tools-"));
  const homeDir = options.homeDir ?? (await tempFolder("maia-home-"));
  const warnings: string[] = [];
  const context: ToolContext = { cwd, state: new Map(), warn: (message) => warnings.push(message), env: { ...process.env, HOME: homeDir }, model: "fake-model" };
  const tools = Object.fromEntries(createBuiltinTools({ homeDir }, options.limits ?? DEFAULT_LIMITS).map((tool) => [tool.spec.name, tool]));
  return {
    cwd,
    homeDir,
    context,
    warnings,
    tools,
    async run(name, raw, overrides = {}) {
      const tool = tools[name];
      if (!tool) throw new Error(`no tool ${name}`);
      const input = structuredClone(tool.normalizeInput ? tool.normalizeInput(raw) : raw);
      const validate = validatorFor(tool.spec.inputSchema);
      if (!validate(input)) return { text: `invalid input: ${JSON.stringify(validate.errors)}`, isError: true };
      const output: ToolOutput = await tool.execute(input, { ...context, ...overrides });
      if (typeof output === "string") return { text: output, isError: false };
      return output.images === undefined ? { text: output.content, isError: output.isError } : { text: output.content, isError: output.isError, images: output.images };
    },
  };
}

/**
 * For each test of the calling file: messages in English and a fresh harness (new folders, nothing read yet).
 * The returned object always speaks for the running test's harness.
 */
export function harnessPerTest(): Harness {
  let current: Harness | undefined;
  beforeEach(async () => {
    setActiveLocale("en");
    current = await harness();
  });
  afterEach(() => setActiveLocale(undefined));
  const now = (): Harness => {
    if (!current) throw new Error("The harness is made before each test: use it inside a test");
    return current;
  };
  return {
    get cwd() {
      return now().cwd;
    },
    get homeDir() {
      return now().homeDir;
    },
    get context() {
      return now().context;
    },
    get warnings() {
      return now().warnings;
    },
    get tools() {
      return now().tools;
    },
    run: (name, input, overrides) => now().run(name, input, overrides),
  };
}

export { eventually, processAlive, tempFolder } from "@maia/testing-maia";
