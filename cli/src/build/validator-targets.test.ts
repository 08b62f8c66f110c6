import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compiledAtRunTime, standaloneModule } from "./standalone.ts";
import { VALIDATOR_TARGETS } from "./validator-targets.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

describe("validators generated at build time", () => {
  it.each(VALIDATOR_TARGETS.map((target) => [target.file, target] as const))("%s is what its schema generates today", (file, target) => {
    // Out of date means the running MAIA checks a file against an old schema: `pnpm generate:validators` fixes it.
    expect(readFileSync(path.join(root, file), "utf8")).toBe(standaloneModule(target.validators, target.source));
  });

  // The generated code must accept, refuse, default and word its errors as ajv compiling the schema at run time
  // did: on arbitrary JSON, and on objects made of each schema's own property names (which reach deeper checks).
  const cases = VALIDATOR_TARGETS.flatMap((target) => target.validators.map((validator) => ({ file: target.file, ...validator })));
  it.each(cases.map((entry) => [`${entry.file} ${entry.exportName}`, entry] as const))("%s agrees with ajv at run time", async (_, entry) => {
    const generated = (await import(path.join(root, entry.file))) as Record<string, ((data: unknown) => boolean) & { errors?: unknown }>;
    const validate = generated[entry.exportName]!;
    const compiled = compiledAtRunTime(entry);
    const keys = Object.keys((entry.schema.properties as Record<string, unknown> | undefined) ?? {});
    const value = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(keys.length > 0 ? fc.constantFrom(...keys) : fc.string(), fc.jsonValue()),
    );
    fc.assert(
      fc.property(value, (data) => {
        const mine = structuredClone(data);
        const theirs = structuredClone(data);
        expect(validate(mine)).toBe(compiled(theirs));
        expect(mine).toEqual(theirs); // defaults applied alike
        expect(validate.errors ?? null).toEqual(compiled.errors ?? null);
      }),
      { numRuns: 200 },
    );
  });
});
