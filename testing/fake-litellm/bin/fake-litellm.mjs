#!/usr/bin/env node
// The package.json "bin" entry: Node (>= 22.18) runs the TypeScript CLI directly.
import "../src/cli.ts";
