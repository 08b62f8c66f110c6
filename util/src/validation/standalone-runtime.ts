import equalModule from "ajv/dist/runtime/equal.js";
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";

/**
 * The helpers that validators generated at build time call (cli/src/build/standalone.ts rewrites ajv's `require(…)` of them
 * into this import): deep equality for `enum`/`const`/`uniqueItems`, and string length in code points for
 * `minLength`/`maxLength`. The generated modules import them from @maia/util/validation, so that a plugin
 * needs no dependency on ajv of its own.
 */
// These are CommonJS modules with an `exports.default`: imported from ESM, Node gives the whole `exports`
// object as the default, a bundler with Babel-style interop gives `exports.default`. Either is accepted.
function unwrap<T>(module: T | { default: T }): T {
  return typeof module === "function" ? module : (module as { default: T }).default;
}

export const ajvRuntime = {
  equal: unwrap(equalModule),
  ucs2length: unwrap(ucs2lengthModule),
};
