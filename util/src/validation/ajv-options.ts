import type { Options } from "ajv";

/**
 * The options of the kernel's ajv instance (plugin options, tool inputs, and the files the plugins check through
 * `validatorFor`). Shared with the build step that turns the static schemas into code (cli/src/build/standalone.ts), so that a
 * validator generated at build time behaves, defaults and error messages included, exactly as one compiled here.
 * `format` is a hint for models (uri, date-time…), not something to reject a call over; ignoring it also keeps
 * ajv from printing "unknown format" on the console, over the UI.
 */
export const KERNEL_AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  useDefaults: true,
  validateFormats: false,
  logger: false,
} as const satisfies Options;
