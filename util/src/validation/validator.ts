import { createRequire } from "node:module";
import type { Ajv as AjvInstance, ErrorObject, ValidateFunction } from "ajv";
import { closest } from "../closest.ts";
import { KERNEL_AJV_OPTIONS } from "./ajv-options.ts";

/** A JSON Schema, as plugins and tools declare them (the kernel's `JsonSchema`). */
export type JsonSchema = { [key: string]: unknown };

/** A validator as ajv compiles it, or as the build step generated it from a static schema (cli/src/build/standalone.ts). */
export type Validator = ValidateFunction;
/** One problem ajv found. */
export type ValidationError = ErrorObject;

/**
 * One ajv instance for everything MAIA validates at run time (plugin options, tool inputs), with validators cached
 * per schema object as ESLint's rule-validator does: a schema is compiled once, however often it is used.
 * The instance is made on first use: a start whose schemas were all compiled at build time (`precompiled`)
 * never builds it, nor compiles ajv's meta-schema (most of what compiling the first schema costs).
 */
let ajv: AjvInstance | undefined;
const cache = new WeakMap<object, ValidateFunction>();

export function validatorFor(schema: JsonSchema): ValidateFunction {
  let validate = cache.get(schema);
  if (!validate) {
    ajv ??= new (loadAjv())(KERNEL_AJV_OPTIONS);
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/**
 * ajv's module itself, evaluated here rather than at import: evaluating its ~60 CommonJS modules cost 16–38 ms
 * of every start (issue 22's profile of `maia -p`), for starts that never compile a schema. The bundler turns
 * this require into a call of its own lazily evaluated copy of ajv; vitest provides `require`; plain Node (type
 * stripping: the build scripts) takes createRequire.
 */
function loadAjv(): typeof import("ajv").Ajv {
  return ((typeof require === "function" ? require("ajv") : createRequire(import.meta.url)("ajv")) as typeof import("ajv")).Ajv;
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
