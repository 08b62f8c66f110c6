// `pnpm generate:validators`: writes the validators of MAIA's static JSON Schemas (validator-targets.ts) as code,
// with ajv's standalone generation. The generated modules are committed, so that a fresh clone typechecks,
// builds and tests with no generation step; `--check` only says which are out of date (exit code 1).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { standaloneModule } from "./standalone.ts";
import { VALIDATOR_TARGETS } from "./validator-targets.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const check = process.argv.includes("--check");
let stale = 0;
for (const target of VALIDATOR_TARGETS) {
  const file = path.join(root, target.file);
  const text = standaloneModule(target.validators, target.source);
  let current: string | undefined;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  stale += 1;
  if (check) process.stdout.write(`out of date: ${target.file}\n`);
  else {
    writeFileSync(file, text);
    process.stdout.write(`wrote ${target.file}\n`);
  }
}
process.exitCode = check && stale > 0 ? 1 : 0;
