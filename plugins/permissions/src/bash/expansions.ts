import type { SyntaxNode } from "./parser.ts";
import type { Word } from "./words.ts";

/**
 * Expansions that can run code without a visible `$(…)`. Bash evaluates arithmetic on the *value* of a
 * variable, recursively, and an array subscript in that value runs command substitutions:
 * `x='a[$(rm -rf ~)]'; echo $((x))` runs rm. The same holds for `${a[x]}`, `${s:x}`, `[[ x -eq 1 ]]`,
 * `${!x}`, `printf -v`, `read`, `test -v`; and `${x@P}` expands the value as a prompt, substitutions included.
 * These count as substitutions: no allow rule covers them (checked with bash 5.2).
 */

const ARITHMETIC_TEST_OPERATORS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);
const INDEX_LITERALS = new Set(["@", "*"]);

/** True when an arithmetic context refers to anything but numbers (a variable, an expansion). */
export function arithmeticUsesValues(node: SyntaxNode, source: string): boolean {
  const stack = [...node.children];
  while (stack.length > 0) {
    const current = stack.pop() as SyntaxNode;
    switch (current.type) {
      case "variable_name":
      case "simple_expansion":
      case "expansion":
      case "subscript":
      case "command_substitution":
      case "arithmetic_expansion":
        return true;
      case "word":
        if (!/^[0-9]+(#[0-9A-Za-z@_]+)?$/.test(source.slice(current.start, current.end))) return true;
        break;
      default:
        stack.push(...current.children);
    }
  }
  return false;
}

/** `${…}` forms that execute: indirection, prompt expansion, arithmetic offsets and subscripts. */
export function expansionExecutes(node: SyntaxNode, source: string): boolean {
  const children = node.children;
  if (children[1]?.type === "!") return true;
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i] as SyntaxNode;
    if (child.type === "@" && children[i + 1]?.type === "P") return true;
    if (child.type === "subscript" && subscriptExecutes(child, source)) return true;
    if (child.type === ":") {
      // `${s:offset:length}`: both are arithmetic.
      for (let k = i + 1; k < children.length; k += 1) {
        const next = children[k] as SyntaxNode;
        if (next.type === "}") break;
        if (next.type === ":" || next.type === "number") continue;
        return true;
      }
    }
  }
  return false;
}

/** `a[i]`: an index other than a number, `@` or `*` is evaluated as arithmetic. */
export function subscriptExecutes(node: SyntaxNode, source: string): boolean {
  const index = node.children.find((child) => child.field === "index");
  if (!index) return false;
  if (index.type === "number") return false;
  const text = source.slice(index.start, index.end);
  if (INDEX_LITERALS.has(text)) return false;
  return !/^[0-9]+$/.test(text);
}

/** `[[ $x -eq 1 ]]`: arithmetic comparison operands are evaluated as expressions. */
export function testExecutes(node: SyntaxNode, source: string): boolean {
  if (node.children[0]?.type !== "[[") return false;
  const stack = [...node.children];
  while (stack.length > 0) {
    const current = stack.pop() as SyntaxNode;
    if (current.type === "binary_expression") {
      const operator = current.children.find((child) => child.field === "operator");
      const text = operator ? source.slice(operator.start, operator.end) : "";
      if (ARITHMETIC_TEST_OPERATORS.has(text)) {
        const operands = current.children.filter((child) => child.field === "left" || child.field === "right");
        if (operands.some((operand) => operand.type !== "number")) return true;
      }
    }
    stack.push(...current.children);
  }
  return false;
}

/** Builtins that take variable names, where a subscript in a name is evaluated (and may run code). */
const NAME_BUILTINS = new Set([
  "printf",
  "read",
  "test",
  "[",
  "[[",
  "declare",
  "typeset",
  "local",
  "export",
  "readonly",
  "mapfile",
  "readarray",
  "unset",
  "wait",
  "getopts",
  "let",
]);

const SUBSCRIPT_WITH_CODE = /\[[^]*[$`]/;

/**
 * A name-taking builtin whose arguments may carry a subscript with code: a literal `a[$(…)]` or `a[$i]`
 * (quoted, so no substitution is visible), or any argument that is itself an expansion. `let` evaluates
 * arithmetic on each argument, so it always counts.
 */
export function builtinExecutes(name: string | undefined, words: readonly Word[]): boolean {
  if (name === undefined || !NAME_BUILTINS.has(name)) return false;
  if (name === "let") return true;
  const args = words.slice(1);
  if (name === "printf" || name === "wait") {
    const index = args.findIndex((word) => word.value === (name === "printf" ? "-v" : "-p"));
    const target = index === -1 ? undefined : args[index + 1];
    return target !== undefined && (target.value === undefined || SUBSCRIPT_WITH_CODE.test(target.value));
  }
  if (name === "test" || name === "[" || name === "[[") {
    return args.some((word, index) => args[index - 1]?.value === "-v" && (word.value === undefined || SUBSCRIPT_WITH_CODE.test(word.value)));
  }
  return args.some((word) => word.value === undefined ? !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.raw) : SUBSCRIPT_WITH_CODE.test(word.value));
}
