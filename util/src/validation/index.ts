/**
 * `@maia/util/validation` — MAIA's one ajv: validators compiled on first use and cached per schema, those
 * generated at build time (`precompiled`), errors in words a user can act on, and the runtime helpers that the
 * generated modules call.
 */
export { describeErrors, precompiled, schemaProblem, validatorFor, type JsonSchema, type ValidationError, type Validator } from "./validator.ts";
export { KERNEL_AJV_OPTIONS } from "./ajv-options.ts";
export { ajvRuntime } from "./standalone-runtime.ts";
