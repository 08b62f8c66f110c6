import type { Node } from "jsonc-parser";
import type { Problem } from "../protocol.ts";
import { expandEnv, type Environment } from "./expand-env.ts";
import { describePath, nodeAt, type JsonPath } from "./json-nodes.ts";
import { t } from "./messages.ts";
import { problemAt } from "./parse-config-text.ts";
import type { TextPositions } from "./text-positions.ts";

/** What a configuration text is read against. */
export interface ValidationContext {
  /** The hub's environment: `${VAR}` in `env` values and tokens, PATH for the commands. */
  env: Environment;
  /** Where `maia hub` was started: an agent's working folder when it gives none. */
  launchDir: string;
  /** The configuration file's folder: a relative `cwd` or icon path is relative to it. */
  configDir: string;
  /** For `~/` in paths (default: HOME of `env`). */
  homeDir?: string;
}

type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
export const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const pointer = (jsonPath: JsonPath) => jsonPath.map((segment) => `/${String(segment).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/**
 * The checks after the schema, on one text: they collect problems and warnings at the node of a path, expand
 * variables, and skip values the schema already found at fault (`faulty`, JSON pointers) — one problem per
 * mistake.
 */
export class Checker {
  readonly problems: Problem[] = [];
  readonly warnings: Problem[] = [];
  readonly context: ValidationContext;
  private readonly root: Node;
  private readonly positions: TextPositions;
  private readonly faulty: ReadonlySet<string>;

  constructor(root: Node, positions: TextPositions, context: ValidationContext, faulty: ReadonlySet<string>) {
    this.root = root;
    this.positions = positions;
    this.context = context;
    this.faulty = faulty;
  }

  /** The value at `jsonPath` passed the schema. */
  sound(jsonPath: JsonPath): boolean {
    return !this.faulty.has(pointer(jsonPath));
  }

  problem(jsonPath: JsonPath, message: string, offset = this.node(jsonPath).offset): void {
    this.problems.push(problemAt(this.positions, offset, message));
  }

  warning(jsonPath: JsonPath, message: string): void {
    this.warnings.push(problemAt(this.positions, this.node(jsonPath).offset, message, true));
  }

  /** `~` and `~/…` as the home folder (spawn and path.resolve would take `~` for a folder's name). */
  expandHome(file: string): string {
    const home = this.context.homeDir ?? this.context.env.HOME ?? "";
    return home && (file === "~" || file.startsWith("~/")) ? `${home}${file.slice(1)}` : file;
  }

  /** `${VAR}` expanded; each undefined variable is a problem at its `${` (at the string when it holds escapes). */
  expand(raw: string, jsonPath: JsonPath): string {
    const expansion = expandEnv(raw, this.context.env);
    const node = this.node(jsonPath);
    const written = this.positions.text.slice(node.offset + 1, node.offset + node.length - 1);
    for (const { name, index } of expansion.missing) {
      const offset = node.type === "string" && written === raw ? node.offset + 1 + index : node.offset;
      this.problem(jsonPath, t("undefinedVariable", { where: describePath(jsonPath), name }), offset);
    }
    return expansion.value;
  }

  private node(jsonPath: JsonPath): Node {
    return nodeAt(this.root, jsonPath.map(String)).node;
  }
}
