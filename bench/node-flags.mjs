// The Node flags the bundle's shebang gives (`#!/usr/bin/env -S node --flag…`): the benches start `maia` as the
// `maia` command would, with node and those flags, plus their own measuring flags.
import { readFileSync } from "node:fs";

export function shebangFlags(bundle) {
  const first = readFileSync(bundle, "utf8").split("\n", 1)[0] ?? "";
  const words = first.replace(/^#!\s*/, "").split(/\s+/).filter(Boolean);
  const node = words.findIndex((word) => word === "node" || word.endsWith("/node"));
  return node === -1 ? [] : words.slice(node + 1);
}
