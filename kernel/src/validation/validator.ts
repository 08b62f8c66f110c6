import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { JsonSchema } from "../contracts/provider.ts";

/**
 * One ajv instance for everything the kernel validates (plugin options, tool inputs), with validators cached
 * per schema object as ESLint's rule-validator does: a schema is compiled once, however often it is used.
 */
// `format` is a hint for models (uri, date-time…), not something to reject a call over; ignoring it also keeps
// ajv from printing "unknown format" on the console, over the UI.
const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, validateFormats: false, logger: false });
const cache = new WeakMap<object, ValidateFunction>();

export function validatorFor(schema: JsonSchema): ValidateFunction {
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate;
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
