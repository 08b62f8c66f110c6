import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { JsonSchema } from "../contracts/provider.ts";
import { KERNEL_AJV_OPTIONS } from "./ajv-options.ts";

/** A validator as ajv compiles it, or as the build step generated it from a static schema (standalone.ts). */
export type Validator = ValidateFunction;

/**
 * One ajv instance for everything the kernel validates (plugin options, tool inputs), with validators cached
 * per schema object as ESLint's rule-validator does: a schema is compiled once, however often it is used.
 * The instance is made on first use: a start whose schemas were all compiled at build time (`precompiled`)
 * never builds it, nor compiles ajv's meta-schema (most of what compiling the first schema costs).
 */
let ajv: Ajv | undefined;
const cache = new WeakMap<object, ValidateFunction>();

export function validatorFor(schema: JsonSchema): ValidateFunction {
  let validate = cache.get(schema);
  if (!validate) {
    ajv ??= new Ajv(KERNEL_AJV_OPTIONS);
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/**
 * Gives `validatorFor` the validator generated at build time for this static schema (pnpm generate:validators),
 * so that it is never compiled at run time; returns the schema, to be written where the schema is declared:
 * `optionsSchema: precompiled(OPTIONS_SCHEMA, validateOptions)`. The generated code was checked against the
 * schema when it was generated, and a test keeps it in step with the schema.
 */
export function precompiled<T extends JsonSchema>(schema: T, validate: Validator): T {
  cache.set(schema, validate);
  return schema;
}

/** Checks a schema itself, so a plugin with a broken schema fails at load time with ajv's own words. */
export function schemaProblem(schema: JsonSchema): string | undefined {
  try {
    validatorFor(schema);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** ajv's errors in words a user can act on: `/path: message`, one per line, "Did you mean…?" for typos. */
export function describeErrors(errors: ErrorObject[] | null | undefined, schema?: JsonSchema): string[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath || "/";
    if (error.keyword === "additionalProperties") {
      const extra = String((error.params as { additionalProperty?: unknown }).additionalProperty);
      const known = Object.keys((schema?.properties as Record<string, unknown> | undefined) ?? {});
      const guess = closest(extra, known);
      return `${where}: unknown property "${extra}"${guess ? ` (did you mean "${guess}"?)` : ""}`;
    }
    return `${where}: ${error.message ?? error.keyword}`;
  });
}

/**
 * The closest candidate when the word is plausibly a typo of it, for "did you mean" hints: case, `_`, `-` and
 * spaces ignored, and an edit distance that grows with the word (1 up to 4 characters, 2 up to 8, then 3).
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const normalise = (text: string) => text.toLowerCase().replace(/[_\-\s]/g, "");
  const target = normalise(word);
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(target, normalise(candidate));
    if (best === undefined || distance < best.distance) best = { candidate, distance };
  }
  const allowed = target.length <= 4 ? 1 : target.length <= 8 ? 2 : 3;
  return best !== undefined && best.distance <= allowed ? best.candidate : undefined;
}

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
