import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { noteLoaded } from "@maia/util/trace-loads";
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

/**
 * V8 runs WebAssembly with its quick compiler first and recompiles a function with its optimising one once it has
 * run enough, in a background thread. The Bash grammar's lexer and scanner are large: a few commands made V8
 * optimise them, about 2 s of CPU, and a process that exits meanwhile (`maia -p`, an ACP agent) waits for that
 * compilation to finish — 1.7–4 s to exit after one Bash check, against 0.2 s. A module's budget is set when it is
 * instantiated, from this flag: the grammar's is the largest V8 takes (165 times its default), so a session's
 * first hundred or so commands stay on the quick code, which parses them as fast (docs/benchmarks.md, "Exiting
 * after a Bash check"). The flag stays raised for the process; the only other WebAssembly MAIA runs, photon's
 * image scaling, measured the same with it (`bench/images.bench.mjs`): its loops use any budget up in moments.
 */
const GRAMMAR_TIERING_BUDGET = "--wasm-tiering-budget=2147483647";

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
  const grammar = new Uint8Array(await readFile(locateWasm("bash")));
  setFlagsFromString(GRAMMAR_TIERING_BUDGET);
  const language = await Language.load(grammar);
  const parser = new Parser();
  parser.setLanguage(language);
  loaded = true;
  return parser;
}

/**
 * Where a grammar file is: in the `wasm/` folder beside this file when there is one (the `maia` bundle, which
 * ships them in cli/dist/wasm: what a user runs is what the tests run, even inside this workspace); else resolved
 * as a package from this module (sources, tests); else from this plugin's package, found from here.
 */
export function locateWasm(which: keyof typeof WASM_FILES): string {
  const { module, file } = WASM_FILES[which];
  const beside = fileURLToPath(new URL(`./wasm/${file}`, import.meta.url));
  if (existsSync(beside)) return noted(beside);
  const tried: string[] = [beside];
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
  throw new Error(`tree-sitter grammar file not found (looked for ${tried.join(", ")})`);
}

function noted(file: string): string {
  noteLoaded(file);
  return file;
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
  /** By type id: an array rather than a map, read for every node (ids are small; ERROR's, 65535, is not). */
  types: Array<NodeSymbol | undefined>;
  otherTypes: Map<number, NodeSymbol>;
  fields: Array<string | undefined>;
  language: Language;
}

interface NodeSymbol {
  type: string;
  named: boolean;
}

/** Type ids kept in the array (the Bash grammar has a few hundred types); a larger one would make it sparse. */
const ARRAY_TYPE_IDS = 1024;

const symbolTables = new WeakMap<TreeSitterParser, Symbols>();

function symbolsOf(parser: TreeSitterParser): Symbols {
  let symbols = symbolTables.get(parser);
  if (!symbols) {
    const language = parser.language;
    if (!language) throw new Error("tree-sitter parser has no language");
    symbols = { types: [], otherTypes: new Map(), fields: [], language };
    symbolTables.set(parser, symbols);
  }
  return symbols;
}

/**
 * Depth-first copy with an explicit stack: a hostile nesting depth cannot overflow the JS stack here. The
 * children of the nodes being read wait in one list and each node gets its own at the end, sized exactly
 * (lists grown one push at a time reserve room for many more: most of the memory a copy took).
 */
function copyTree(cursor: TreeCursor, symbols: Symbols, hasError: boolean): SyntaxNode {
  const root = nodeAt(cursor, symbols, hasError);
  if (!cursor.gotoFirstChild()) return root;
  /** The nodes whose children are being read, outermost first, and where their children start in `read`. */
  const open: SyntaxNode[] = [root];
  const firsts: number[] = [0];
  // `read` is used up to `count` only: slots past it are stale and overwritten (cheaper than shrinking it).
  const read: SyntaxNode[] = [];
  let count = 0;
  const close = () => {
    const node = open.pop() as SyntaxNode;
    const first = firsts.pop() as number;
    node.children = read.slice(first, count);
    count = first;
  };
  for (;;) {
    const node = nodeAt(cursor, symbols, hasError);
    if (count === read.length) read.push(node);
    else read[count] = node;
    count += 1;
    if (cursor.gotoFirstChild()) {
      open.push(node);
      firsts.push(count);
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      // The node whose children were being read has no more of them.
      const last = open.length === 1;
      if (!cursor.gotoParent() || last) {
        while (open.length > 0) close();
        return root;
      }
      close();
    }
  }
}

function nodeAt(cursor: TreeCursor, symbols: Symbols, hasError: boolean): SyntaxNode {
  const typeId = cursor.nodeTypeId;
  let symbol = typeId < ARRAY_TYPE_IDS ? symbols.types[typeId] : symbols.otherTypes.get(typeId);
  if (!symbol) {
    symbol = { type: internalised(cursor.nodeType), named: cursor.nodeIsNamed };
    if (typeId < ARRAY_TYPE_IDS) symbols.types[typeId] = symbol;
    else symbols.otherTypes.set(typeId, symbol);
  }
  const fieldId = cursor.currentFieldId;
  let field: string | undefined;
  if (fieldId !== 0) {
    field = symbols.fields[fieldId];
    if (field === undefined) {
      const name = symbols.language.fieldNameForId(fieldId);
      field = name === null ? undefined : internalised(name);
      symbols.fields[fieldId] = field;
    }
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

/**
 * The same text as a V8 internalised string, like the literals it is compared with (`node.type === "word"`,
 * a `switch` on the type): a comparison is then a pointer check. The strings WASM hands over are not, and
 * every node's type is compared many times.
 */
function internalised(text: string): string {
  return Object.keys({ [text]: true })[0] ?? text;
}
