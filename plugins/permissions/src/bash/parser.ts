import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Language, Parser as TreeSitterParser, TreeCursor } from "web-tree-sitter";

/**
 * Bash is parsed by tree-sitter-bash, through web-tree-sitter (the WASM build: no native addon to compile).
 * The parser costs ~20 ms and 1.4 MB to load, so it is loaded on the first Bash check, once per process,
 * never while a session starts.
 */

/** One node of the syntax tree, copied out of WASM memory so the tree can be freed at once. */
export interface SyntaxNode {
  type: string;
  /** Named nodes are grammar rules (`command`, `word`); anonymous ones are literal tokens (`&&`, `$(`). */
  named: boolean;
  /** A token the parser invented to recover from an error (a missing `)`). */
  missing: boolean;
  /** The field this node fills in its parent (`name`, `argument`, `redirect`, `destination`…). */
  field: string | undefined;
  /** Offsets in UTF-16 code units into the parsed text (web-tree-sitter parses JS strings as UTF-16). */
  start: number;
  end: number;
  children: SyntaxNode[];
}

export interface ParsedBash {
  root: SyntaxNode;
  /** The parser recovered from at least one error: its view of the command cannot be trusted. */
  hasError: boolean;
}

/** Longer commands are not parsed (asked instead): a bound on time and memory for hostile input. */
export const MAX_PARSED_LENGTH = 1_000_000;

const WASM_FILES = {
  runtime: { module: "web-tree-sitter/web-tree-sitter.wasm", file: "web-tree-sitter.wasm" },
  bash: { module: "tree-sitter-bash/tree-sitter-bash.wasm", file: "tree-sitter-bash.wasm" },
} as const;

let loading: Promise<TreeSitterParser> | undefined;
let loaded = false;

/** Whether the parser has been loaded in this process (it never is until a Bash command is checked). */
export function bashParserLoaded(): boolean {
  return loaded;
}

/** The parser, loaded on first use; a failed load is retried at the next call rather than cached. */
export function loadBashParser(): Promise<TreeSitterParser> {
  loading ??= createParser().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function createParser(): Promise<TreeSitterParser> {
  const { Parser, Language } = await import("web-tree-sitter");
  const runtime = await readFile(locateWasm("runtime"));
  // Handing the bytes over avoids web-tree-sitter's own lookup next to its JS file, which fails once bundled.
  await Parser.init({ wasmBinary: runtime });
  const language = await Language.load(new Uint8Array(await readFile(locateWasm("bash"))));
  const parser = new Parser();
  parser.setLanguage(language);
  loaded = true;
  return parser;
}

/**
 * Where a grammar file is: resolved as a package from this module (sources, tests); else from this plugin's
 * package, found from here (the `maia` bundle, whose chunks live in cli/dist while the plugin's dependencies
 * stay in the plugin's node_modules); else in a `wasm/` folder beside this file (a bundle that copied them).
 */
export function locateWasm(which: keyof typeof WASM_FILES): string {
  const { module, file } = WASM_FILES[which];
  const tried: string[] = [];
  const here = createRequire(import.meta.url);
  try {
    return here.resolve(module);
  } catch {
    tried.push(module);
  }
  try {
    return createRequire(here.resolve("@maia/plugin-permissions")).resolve(module);
  } catch {
    tried.push(`@maia/plugin-permissions → ${module}`);
  }
  const beside = fileURLToPath(new URL(`./wasm/${file}`, import.meta.url));
  if (existsSync(beside)) return beside;
  tried.push(beside);
  throw new Error(`tree-sitter grammar file not found (looked for ${tried.join(", ")})`);
}

/** Parses a command and copies its tree out; the WASM tree is freed before returning. */
export async function parseBash(text: string): Promise<ParsedBash> {
  const parser = await loadBashParser();
  return parseWith(parser, text);
}

/** The synchronous part, for callers that already hold the parser (nested `sh -c` scripts). */
export function parseWith(parser: TreeSitterParser, text: string): ParsedBash {
  const tree = parser.parse(text);
  if (!tree) throw new Error("tree-sitter returned no tree");
  try {
    const cursor = tree.walk();
    try {
      const hasError = tree.rootNode.hasError;
      return { root: copyTree(cursor, symbolsOf(parser), hasError), hasError };
    } finally {
      cursor.delete();
    }
  } finally {
    tree.delete();
  }
}

/** Node types and field names by id, read once: asking WASM for each node's strings is what costs most. */
interface Symbols {
  types: Map<number, { type: string; named: boolean }>;
  fields: Map<number, string | undefined>;
  language: Language;
}

const symbolTables = new WeakMap<TreeSitterParser, Symbols>();

function symbolsOf(parser: TreeSitterParser): Symbols {
  let symbols = symbolTables.get(parser);
  if (!symbols) {
    const language = parser.language;
    if (!language) throw new Error("tree-sitter parser has no language");
    symbols = { types: new Map(), fields: new Map(), language };
    symbolTables.set(parser, symbols);
  }
  return symbols;
}

/** Depth-first copy with an explicit stack: a hostile nesting depth cannot overflow the JS stack here. */
function copyTree(cursor: TreeCursor, symbols: Symbols, hasError: boolean): SyntaxNode {
  const root = nodeAt(cursor, symbols, hasError);
  const stack: SyntaxNode[] = [root];
  if (!cursor.gotoFirstChild()) return root;
  for (;;) {
    const node = nodeAt(cursor, symbols, hasError);
    stack[stack.length - 1]?.children.push(node);
    if (cursor.gotoFirstChild()) {
      stack.push(node);
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent() || stack.length === 1) return root;
      stack.pop();
    }
  }
}

function nodeAt(cursor: TreeCursor, symbols: Symbols, hasError: boolean): SyntaxNode {
  const typeId = cursor.nodeTypeId;
  let symbol = symbols.types.get(typeId);
  if (!symbol) {
    symbol = { type: cursor.nodeType, named: cursor.nodeIsNamed };
    symbols.types.set(typeId, symbol);
  }
  const fieldId = cursor.currentFieldId;
  let field = symbols.fields.get(fieldId);
  if (field === undefined && !symbols.fields.has(fieldId)) {
    field = fieldId === 0 ? undefined : (symbols.language.fieldNameForId(fieldId) ?? undefined);
    symbols.fields.set(fieldId, field);
  }
  return {
    type: symbol.type,
    named: symbol.named,
    // Missing nodes only exist in trees with errors.
    missing: hasError && cursor.nodeIsMissing,
    field,
    start: cursor.startIndex,
    end: cursor.endIndex,
    children: [],
  };
}
