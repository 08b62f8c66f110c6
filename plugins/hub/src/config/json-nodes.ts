import type { Node } from "jsonc-parser";
import { t } from "./messages.ts";

/** A place in the document: object keys and array indices, from the root. */
export type JsonPath = (string | number)[];

/** The segments of an ajv `instancePath` (a JSON pointer: `/agents/0/name`), unescaped. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The property node (key and value) of `key` in an object node; the last one when a key is repeated, as parsing keeps the last value. */
export function propertyNode(object: Node, key: string): Node | undefined {
  if (object.type !== "object") return undefined;
  let found: Node | undefined;
  for (const property of object.children ?? []) {
    if (property.children?.[0]?.value === key) found = property;
  }
  return found;
}

/** The value node at a pointer's segments, or the deepest node on the way when the path leaves the tree. */
export function nodeAt(root: Node, segments: readonly string[]): { node: Node; complete: boolean } {
  let node = root;
  for (const segment of segments) {
    let next: Node | undefined;
    if (node.type === "array") next = /^\d+$/.test(segment) ? node.children?.[Number(segment)] : undefined;
    else next = propertyNode(node, segment)?.children?.[1];
    if (!next) return { node, complete: false };
    node = next;
  }
  return { node, complete: true };
}

/** The key node of `key` in the object at `segments` (for a problem about the key itself). */
export function keyNodeAt(root: Node, segments: readonly string[], key: string): Node | undefined {
  const { node, complete } = nodeAt(root, segments);
  return complete ? propertyNode(node, key)?.children?.[0] : undefined;
}

/** A pointer's segments with array indices as numbers (the tree tells an index from a key such as "0"). */
export function typedPath(root: Node, segments: readonly string[]): JsonPath {
  const path: JsonPath = [];
  let node: Node | undefined = root;
  for (const segment of segments) {
    if (node?.type === "array" && /^\d+$/.test(segment)) {
      path.push(Number(segment));
      node = node.children?.[Number(segment)];
    } else {
      path.push(segment);
      node = node ? propertyNode(node, segment)?.children?.[1] : undefined;
    }
  }
  return path;
}

/** A path as the user reads it in a message: `agents[1].env.API_KEY`, `limits`, or "the configuration" at the root. */
export function describePath(path: readonly (string | number)[]): string {
  if (path.length === 0) return t("root");
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
