/**
 * Stable error codes (Fastify's FST_ERR_* idea): scripts and tests match on the code, people read the message.
 * One table, so that a newcomer sees every way the kernel can fail (here in @maia/util, which the kernel
 * re-exports, so that code beside the kernel can throw and match them too).
 */
export const ERROR_CODES = {
  PLUGIN_NOT_FOUND: "MAIA_ERR_PLUGIN_NOT_FOUND",
  PLUGIN_IMPORT: "MAIA_ERR_PLUGIN_IMPORT",
  PLUGIN_SHAPE: "MAIA_ERR_PLUGIN_SHAPE",
  PLUGIN_KERNEL_RANGE: "MAIA_ERR_PLUGIN_KERNEL_RANGE",
  PLUGIN_OPTIONS: "MAIA_ERR_PLUGIN_OPTIONS",
  PLUGIN_DEPENDENCY: "MAIA_ERR_PLUGIN_DEPENDENCY",
  PLUGIN_CYCLE: "MAIA_ERR_PLUGIN_CYCLE",
  PLUGIN_DUPLICATE: "MAIA_ERR_PLUGIN_DUPLICATE",
  PLUGIN_APPLY: "MAIA_ERR_PLUGIN_APPLY",
  PLUGIN_TIMEOUT: "MAIA_ERR_PLUGIN_TIMEOUT",
  /** A tap that did not settle within its hook's deadline (HOOK_DEADLINES_MS); skipped like one that threw. */
  HOOK_TIMEOUT: "MAIA_ERR_HOOK_TIMEOUT",
  /** A tap that threw at run time; the chain went on without it. */
  PLUGIN_RUNTIME: "MAIA_PLUGIN_ERROR",
  NO_PROVIDER: "MAIA_ERR_NO_PROVIDER",
  SETTINGS: "MAIA_ERR_SETTINGS",
  CONFIG: "MAIA_ERR_CONFIG",
  USAGE: "MAIA_ERR_USAGE",
  DUPLICATE_REGISTRATION: "MAIA_ERR_DUPLICATE_REGISTRATION",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export class MaiaError extends Error {
  override readonly name = "MaiaError";
  readonly code: ErrorCode;
  readonly plugin: string | undefined;
  readonly hook: string | undefined;

  constructor(code: ErrorCode, message: string, origin: { plugin?: string; hook?: string; cause?: unknown } = {}) {
    super(message, origin.cause === undefined ? undefined : { cause: origin.cause });
    this.code = code;
    this.plugin = origin.plugin;
    this.hook = origin.hook;
  }
}

// Shared with code that has no kernel at hand (the command line's last resort): one definition, in @maia/util.
export { errorMessage, isAbortError } from "./error-message.ts";
